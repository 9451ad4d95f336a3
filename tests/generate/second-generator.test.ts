// The bundled description also serves clients made by another generator: @hey-api/openapi-ts
// generates a fetch client from generated/openapi.json, and it type-checks, used, without errors.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BUNDLE_JSON } from '../../scripts/lib/paths.ts';
import { root, runBin } from '../../scripts/lib/tools.ts';
import { tempDirForTests } from '../support/temp.ts';

const dir = tempDirForTests('shipping-hey-api-');

const usage = `import { createClient } from './client/client/index.js';
import { createShipment, requestCarrierSetup } from './client/index.js';
import type { CarrierSetupStatus } from './client/types.gen.js';

const client = createClient({ baseUrl: 'https://shipping.example/api/public/v3', auth: () => 'dXNlcjprZXk=' });
export async function poll(): Promise<CarrierSetupStatus | undefined> {
  const { data } = await requestCarrierSetup({ client, headers: { 'Partner-ID': 10042 } });
  return data;
}
export const created = createShipment({ client, body: { product_code: 'pdk_parcel', sender: { country_code: 'DK' } } });
`;

it('@hey-api/openapi-ts generates a client from generated/openapi.json that type-checks', () => {
  const generated = runBin('@hey-api/openapi-ts', 'openapi-ts', ['-i', BUNDLE_JSON, '-o', path.join(dir, 'client'), '-c', '@hey-api/client-fetch', '--no-log-file']);
  expect(generated.status, generated.stdout + generated.stderr).toBe(0);
  writeFileSync(path.join(dir, 'usage.ts'), usage);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, noEmit: true, types: [], skipLibCheck: false },
      include: ['**/*.ts'],
    }),
  );
  const checked = runBin('typescript', 'tsc', ['-p', path.join(dir, 'tsconfig.json')]);
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.status).toBe(0);
});
