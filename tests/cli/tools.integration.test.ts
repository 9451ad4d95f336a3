// `sandbox`, the contract check left to `npm run contract`, and the executable's Node.js check and
// modules, each as a process of its own (the rest in this process: tools.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { MAIN, NODE } from '../support/harness/cli.ts';
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
});

describe('sandbox', () => {
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
});

describe('the Node.js version', () => {
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
