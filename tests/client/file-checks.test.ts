// The checks of a downloaded carrier setup file (validate.ts, file-text.ts): against the contract,
// JSON, UTF-8, each failure naming where.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchCarrierSetup } from 'shipping-api-v3-client';
import { closeAll, serveFile } from '../support/harness/servers.ts';
import { failure } from '../support/harness/shipping-error.ts';
import { completed, exampleSetupFile } from '../../dev/fixtures/setup-file.ts';
import { FILE_PATH, startApi, client, fileBytes } from '../support/harness/setup-api.ts';

afterEach(closeAll);

describe("fetchCarrierSetup: the file's checks", () => {
  it('[4.2.returns] rejects a file that breaks the contract, naming the JSON pointer of the first problem', async () => {
    const broken = exampleSetupFile();
    broken[0]!.products[0]!.country_combinations[1]!.receiver_country_code = 'se';
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, Buffer.from(JSON.stringify(broken)), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.pointer).toBe('/0/products/0/country_combinations/1/receiver_country_code');
    expect(error.message).toContain('/0/products/0/country_combinations/1/receiver_country_code');
  });

  it('rejects a file that is not JSON', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes.subarray(0, 1000), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(/is not JSON/);
  });

  it('rejects a file that is not UTF-8', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, Buffer.from([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d]), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toBe(
      'The carrier setup file is not UTF-8 text: the bytes from byte 2 on (c3 28 22 5d) are no UTF-8 character.',
    );
  });
});
