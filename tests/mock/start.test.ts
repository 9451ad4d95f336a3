// `npm start` serves the rendered reference and the mock together, and Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/tools.ts';
import { freePort } from '../support/servers.ts';

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
  it('prints both addresses, serves both, and stops both on Ctrl-C', async () => {
    const docsPort = await freePort();
    const mockPort = await freePort();
    child = spawn(process.execPath, [path.join(root, 'scripts/start.ts'), '--docs-port', String(docsPort), '--port', String(mockPort)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 90_000);
      child!.stdout!.on('data', () => /Press Ctrl-C/.test(output) && (clearTimeout(timer), resolve()));
      child!.once('exit', () => (clearTimeout(timer), reject(new Error(`npm start exited:\n${output}`))));
    });

    const docsUrl = `http://127.0.0.1:${docsPort}/`;
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    expect(output).toContain(`API reference: ${docsUrl}`);
    expect(output).toContain(`Mock of the Shipping Service Public API v3: ${mockUrl}`);

    const page = await fetch(docsUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Shipping Service Public API');
    expect((await fetch(`${docsUrl}../../package.json`)).status).toBe(404);

    const status = await fetch(`${mockUrl}/setups/carriers`, { headers: { authorization: `Basic ${btoa('apiuser:apikey')}` } });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'REQUESTED' });

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await refused(docsUrl)).toBe(true);
    expect(await refused(`${mockUrl}/setups/carriers`)).toBe(true);
  });
});
