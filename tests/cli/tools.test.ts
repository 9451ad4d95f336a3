// `sandbox`, the tool the command line covers, the contract check it leaves to `npm run contract`,
// and the built executable, in this process; as processes of their own: tools.integration.test.ts.
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { run } from '../support/harness/cli.ts';

// The contract check needs Redocly CLI, a development dependency: it is `npm run contract`, not a
// command of the published CLI.
describe('contract', () => {
  it('is no command of the published CLI', async () => {
    const result = await run(['contract', 'tests/recordings/clean/carrier-setup-lifecycle.har'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command 'contract'/);
  });
});

describe('sandbox', () => {
  it('on a busy port, exits 2 with the one-line hint npm start and npm run sandbox give', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const result = await run(['sandbox', '--port', String(port)], { cwd: root });
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        `shipping-api: Port ${port} on 127.0.0.1 is in use; choose another with --port or SANDBOX_PORT.`,
      );
    } finally {
      busy.close();
    }
  });

  it('exits 2 on a port that is not a number', async () => {
    expect((await run(['sandbox', '--port', 'http'], { cwd: root })).code).toBe(2);
  });
});

describe('the built executable', () => {
  it('is built by npm install (prepare), so npx shipping-api works straight after it in a clone', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.scripts.prepare).toBe('npm run build:packages');
    expect(pkg.scripts['build:packages']).toBe('node scripts/build-packages.ts');
    const cli = JSON.parse(readFileSync(path.join(root, 'packages/cli/package.json'), 'utf8'));
    // npm links a workspace's executables before prepare builds dist/: the one it links must be a
    // committed file, executable, or a fresh clone gets no node_modules/.bin/shipping-api.
    expect(cli.bin['shipping-api']).toBe('bin/shipping-api.js');
    const tracked = spawnSync('git', ['ls-files', '--stage', 'packages/cli/bin/shipping-api.js'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(tracked.stdout).toMatch(/^100755 /);
    expect(readFileSync(path.join(root, 'packages/cli/bin/shipping-api.js'), 'utf8')).toMatch(
      /^#!\/usr\/bin\/env node\n[\s\S]*import '\.\.\/dist\/main\.js';/,
    );
  });
  // That the build leaves it executable in the clone, and that it keeps its shebang and runs by
  // itself once installed: tests/packages/install.test.ts.
});

describe('the Node.js version', () => {
  it.each([
    ['20.20.2', false],
    ['22.11.0', false],
    ['22.12.0', true],
    ['24.21.0', true],
    ['26.0.0', true],
  ])('Node.js %s runs the command line: %s', async (version, runs) => {
    const { unsupportedNode } = await import('../../packages/cli/src/node-version.ts');
    const reason = unsupportedNode(version);
    expect(reason === undefined).toBe(runs);
    if (!runs) expect(reason).toBe(`shipping-api needs Node.js 22.12 or later; this is Node.js ${version}.`);
  });
});
