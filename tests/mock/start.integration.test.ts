// `npm start` serves the rendered reference, the mock and the sandbox together (the reference's Try it
// reaches the two others through the docs server), and Ctrl-C stops them;
// before them it remakes what is stale of the generated files.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';
import { basic } from '../support/fixtures/basic.ts';

let child: ChildProcess | undefined;

afterAll(async () => {
  // SIGTERM, not SIGKILL: npm start must get the chance to stop the mock it started.
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

describe('npm start', () => {
  it('prints the three addresses, serves all three, and stops them on Ctrl-C', async () => {
    const docsPort = await freePort();
    const mockPort = await freePort();
    const sandboxPort = await freePort();
    child = spawn(
      process.execPath,
      [path.join(root, 'scripts/start.ts'), '--docs-port', String(docsPort), '--port', String(mockPort)],
      {
        cwd: root,
        // The refresh of the generated files before the servers is tests/dev/fresh.integration.test.ts (ensureFresh):
        // here it would only remake a stale file in the working tree while other test files read it.
        env: { ...process.env, SANDBOX_PORT: String(sandboxPort), START_SKIP_REFRESH: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 90_000);
      child!.stdout!.on('data', () => {
        if (!/Press Ctrl-C/.test(output)) return;
        clearTimeout(timer);
        resolve();
      });
      child!.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`npm start exited:\n${output}`));
      });
    });

    const docsUrl = `http://127.0.0.1:${docsPort}/`;
    const mockUrl = `http://127.0.0.1:${mockPort}/api/public/v3`;
    expect(output).toContain(`API reference: ${docsUrl}`);
    expect(output).toContain(`Mock of the Shipping Service Public API v3: ${mockUrl}`);
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}/api/public/v3`;
    expect(output).toContain(`Sandbox of the Shipping Service Public API v3: ${sandboxUrl}`);

    const page = await fetch(docsUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Shipping Service Public API');
    expect((await fetch(`${docsUrl}../../package.json`)).status).toBe(404);

    const status = await fetch(`${mockUrl}/setups/carriers`, {
      headers: { authorization: basic('apiuser', 'apikey') },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'REQUESTED' });

    const sandboxStatus = await fetch(`${sandboxUrl}/setups/carriers`, {
      headers: { authorization: basic('apiuser', 'apikey') },
    });
    expect(await sandboxStatus.json()).toMatchObject({ status: 'REQUESTED' });

    // The reference's Try it reaches both under the docs server's origin, the sandbox offered first.
    const tryIt = await (await fetch(`${docsUrl}_try/servers`)).json();
    expect(tryIt.servers.map((s: { name: string; upstream: string }) => [s.name, s.upstream])).toEqual([
      ['sandbox', `http://127.0.0.1:${sandboxPort}`],
      ['mock', `http://127.0.0.1:${mockPort}`],
    ]);
    for (const name of ['sandbox', 'mock']) {
      const proxied = await fetch(`${docsUrl}_try/${name}/api/public/v3/setups/carriers`, {
        headers: { authorization: basic('tryit', 'apikey') },
      });
      expect([name, proxied.status]).toEqual([name, 200]);
      expect(await proxied.json()).toMatchObject({ status: 'REQUESTED' });
    }

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await refused(docsUrl)).toBe(true);
    expect(await refused(`${mockUrl}/setups/carriers`)).toBe(true);
    expect(await refused(`${sandboxUrl}/setups/carriers`)).toBe(true);
  });
});
