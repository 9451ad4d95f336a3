// `sandbox`, the tool the command line covers, the contract check it leaves to `npm run contract`,
// and the built executable.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { MAIN, NODE, run } from '../support/harness/cli.ts';
import { basic } from '../support/fixtures/basic.ts';

// The contract check needs Redocly CLI, a development dependency: it is `npm run contract`, not a
// command of the published CLI.
describe('contract', () => {
  const npmRunContract = (args: string[]) =>
    spawnSync(process.execPath, [path.join(root, 'scripts/contract.ts'), ...args], { cwd: root, encoding: 'utf8' });

  it('npm run contract exits 0 on a recording that conforms, 1 on drift, 2 on a file that is not a recording', () => {
    const clean = npmRunContract(['tests/recordings/clean/carrier-setup-lifecycle.har']);
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('conforms.');
    const drift = npmRunContract(['tests/recordings/drift/carrier-setup-status.har', '--json']);
    expect(drift.status).toBe(1);
    expect(JSON.parse(drift.stdout)[0].findings.length).toBeGreaterThan(0);
    expect(npmRunContract(['package.json']).status).toBe(2);
  });

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

  it('serves the API on loopback until Ctrl-C, then exits 0', async () => {
    const child = spawn(NODE, [MAIN, 'sandbox', '--port', '0', '--generation-ms', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
        child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
      });
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3$/);
      const response = await fetch(`${baseUrl}/setups/carriers`, {
        headers: { Authorization: basic('apiuser', 'apikey') },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'REQUESTED' });
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
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
      /^#!\/usr\/bin\/env node\n[^]*import '\.\.\/dist\/main\.js';/,
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

  it('is checked before the command line is loaded, which this Node.js then runs', () => {
    const main = readFileSync(MAIN, 'utf8');
    expect(main.indexOf('unsupportedNode(process.versions.node)')).toBeGreaterThan(0);
    expect(main.indexOf('unsupportedNode(process.versions.node)')).toBeLessThan(main.indexOf("import('./program"));
    expect(main).not.toMatch(/^import .*program/m);
    expect(spawnSync(NODE, [MAIN, '--version'], { encoding: 'utf8' }).status).toBe(0);
  });
});

describe('what a command loads', () => {
  // Every module Node resolves while the command runs, recorded by a resolve hook.
  const HOOK = `data:text/javascript,${encodeURIComponent(`
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.push(found.url); return found; } });
    process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(seen)));
  `)}`;
  const loaded = (args: string[]) => {
    const result = spawnSync(NODE, ['--import', HOOK, MAIN, ...args], { cwd: root, encoding: 'utf8' });
    const [, list] = result.stderr.split('\nLOADED ');
    return JSON.parse(list!) as string[];
  };
  const SERVER =
    /\/node_modules\/(fastify|ioredis|pino|prom-client|@fastify\/[^/]+)\/|\/packages\/sandbox\/src\/(index|app)\.ts$/;

  it('shipping-api --version loads nothing but its own entry and two modules: not even commander', () => {
    const ours = loaded(['--version']).filter((url) => !url.startsWith('node:'));
    expect(ours.map((url) => url.slice(url.lastIndexOf('/packages/') + 1)).sort()).toEqual([
      'packages/cli/src/main.ts',
      'packages/cli/src/node-version.ts',
      'packages/cli/src/version.ts',
    ]);
  });

  it.each([['--help'], ['sandbox', '--help'], ['setup', 'validate', '--help']])(
    'shipping-api %s loads commander, and no server, no client and no spinner',
    (...args) => {
      const urls = loaded(args);
      expect(urls.some((url) => url.includes('/commander/'))).toBe(true);
      expect(urls.filter((url) => SERVER.test(url) || /\/packages\/client\/|\/node_modules\/ora\//.test(url))).toEqual(
        [],
      );
    },
  );

  it('shipping-api setup validate loads the client, and still no server', () => {
    const urls = loaded(['setup', 'validate', path.join(root, 'tests/sandbox/fixtures/setup-file.json')]);
    expect(urls.some((url) => url.includes('/packages/client/src/'))).toBe(true);
    expect(urls.filter((url) => SERVER.test(url))).toEqual([]);
  });
});
