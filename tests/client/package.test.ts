// The package as a consumer sees it: built with tsc to dist/, imported by its name through the
// exports map, from Node and from TypeScript.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { root, runBin } from '../../scripts/lib/tools.ts';
import { tempDirForTests } from '../support/temp.ts';
import { exampleSetupFile } from './support/setup-file.ts';

const consumer = tempDirForTests('shipping-consumer-');

const program = `import { createShippingClient, fetchCarrierSetup, ShippingApiError, validateCarrierSetupFile, type CarrierSetupFile } from 'shipping-api-v3-contract';
import { CarrierSetupStatus } from 'shipping-api-v3-contract/validators';

const client = createShippingClient({ baseUrl: 'https://shipping.example/api/public/v3', username: 'user', apiKey: 'key', partnerId: 10042 });
const file: CarrierSetupFile = validateCarrierSetupFile(${JSON.stringify(exampleSetupFile())});
let refused = '';
try {
  createShippingClient({ baseUrl: 'http://shipping.example', username: 'user', apiKey: 'key' });
} catch (error) {
  if (error instanceof ShippingApiError) refused = error.code;
}
const status = CarrierSetupStatus({ status: 'REQUESTED', expires_at: null, url: null });
console.log(JSON.stringify({ get: typeof client.GET, fetchCarrierSetup: typeof fetchCarrierSetup, carriers: file.length, refused, status }));
`;

beforeAll(() => {
  const built = runBin('typescript', 'tsc', ['-p', 'tsconfig.build.json']);
  expect(built.stdout + built.stderr).toBe('');
  mkdirSync(path.join(consumer, 'node_modules'));
  symlinkSync(root, path.join(consumer, 'node_modules/shipping-api-v3-contract'), 'dir');
  writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(path.join(consumer, 'consumer.ts'), program);
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, lib: ['ES2023', 'DOM'], types: [] },
      files: ['consumer.ts'],
    }),
  );
});

it('type-checks a TypeScript program that imports the package by name', () => {
  const checked = runBin('typescript', 'tsc', ['-p', path.join(consumer, 'tsconfig.json')], { cwd: consumer });
  expect(checked.stdout + checked.stderr).toBe('');
});

it('runs that program on Node against dist/', () => {
  const run = spawnSync(process.execPath, ['consumer.ts'], { cwd: consumer, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({ get: 'function', fetchCarrierSetup: 'function', carriers: 2, refused: 'INVALID_OPTIONS', status: true });
});
