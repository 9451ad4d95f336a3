// The deprecated partner_id body field goes out with one deprecation warning per process, as Node
// prints a warning: the client runs in a Node process of its own, as an integrator's program does.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PARTNER_ID_BODY_WARNING } from 'shipping-api-v3-client';
import { closeAll, json, startServer } from '../support/harness/servers.ts';
import { root } from '../../dev/paths.ts';

afterEach(closeAll);

describe('the deprecated partner_id body field', () => {
  // Once per process: the client runs in a Node process of its own, as an integrator's program does,
  // so that no other test file has spent the one warning first.
  it('still goes out, with one deprecation warning per process that names the Partner-ID header', async () => {
    const api = await startServer((_, response) => json(response, 200, {}));
    const program = `
      const { createShippingClient } = await import(${JSON.stringify(pathToFileURL(path.join(root, 'packages/client/src/index.ts')).href)});
      const warnings = [];
      process.on('warning', (warning) => warnings.push([warning.name, warning.message]));
      const client = createShippingClient({ baseUrl: process.argv[1], username: 'api-user', apiKey: 'key' });
      await client.POST('/shipments', { body: { product_code: 'dp_parcel', partner_id: 10042 } });
      await client.POST('/sales_orders', { body: { order_id: '100235', partner_id: 10042 } });
      await client.POST('/imported_shipments', { body: { partner_id: 10042 } });
      await new Promise((resolve) => setImmediate(resolve));
      console.log(JSON.stringify(warnings));`;
    const ran = await runNode(['--input-type=module', '--eval', program, api.origin]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(api.received.map((r) => JSON.parse(r.body).partner_id)).toEqual([10042, 10042, 10042]);
    expect(JSON.parse(ran.stdout)).toEqual([['DeprecationWarning', PARTNER_ID_BODY_WARNING]]);
    // Printed once, as Node prints a warning.
    expect(ran.stderr.split(PARTNER_ID_BODY_WARNING).length - 1, ran.stderr).toBe(1);
    expect(PARTNER_ID_BODY_WARNING).toContain('Partner-ID header');
  });
});

/** Runs the pinned Node with `args`, without blocking this process (the test's server answers it). */
function runNode(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}
