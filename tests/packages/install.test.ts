// Each package as a user gets it: packed with npm pack, installed from its tarball into an empty
// project (offline, from the npm cache), then used on Node 22 (toolchains/node22) and on Node 24: the
// client from an ES module and from TypeScript against a small server of the status, the sandbox
// started from a program, the command line run from node_modules/.bin. The client alone installs thin: few packages, little disk.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES, packageDir } from '../../dev/packaging/build-packages.ts';
import { BUNDLE_FILES, BUNDLE_JSON, root } from '../../dev/paths.ts';
import {
  CLIENT_FOOTPRINT,
  diskBytes,
  installedPackages,
  installFromTarballs,
  manifestOf,
  packPackages,
  userEnv,
} from '../../dev/packaging/footprint.ts';
import { node22 } from '../../dev/toolchains.ts';
import { runBin } from '../../dev/tools.ts';
import { startServer, type TestServer } from '../support/harness/servers.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const work = tempDirForTests('shipping-packages-');
const execFileAsync = promisify(execFile);
const nodes = {
  'Node 22': node22(),
  'Node 24': path.join(root, 'node_modules/.bin/node'),
};
let server: TestServer | undefined;

const clientEsm = `import { createShippingClient, fetchCarrierSetup, ShippingApiError, validateCarrierSetupStatus } from 'shipping-api-v3-client';
import { CarrierSetupStatus, ShippingError } from 'shipping-api-v3-contract';

const client = createShippingClient({ baseUrl: process.argv[2], username: 'integrator', apiKey: 'key', partnerId: 10042 });
const { data, response } = await client.GET('/setups/carriers');
const status = validateCarrierSetupStatus(data);
let refused = '';
try {
  createShippingClient({ baseUrl: 'http://shipping.example', username: 'user', apiKey: 'key' });
} catch (error) {
  if (error instanceof ShippingApiError && error instanceof ShippingError) refused = error.code;
}
console.log(JSON.stringify({ status: response.status, valid: CarrierSetupStatus(status), fetchCarrierSetup: typeof fetchCarrierSetup, refused }));
`;

const clientTs = `import { createShippingClient, fetchCarrierSetup, ShippingApiError, type CarrierSetupStatus } from 'shipping-api-v3-client';
import { CarrierSetupStatus as validStatus, type components } from 'shipping-api-v3-contract';

const client = createShippingClient({ baseUrl: process.argv[2]!, username: 'integrator', apiKey: 'key', partnerId: 10042 });
const { data, response } = await client.GET('/setups/carriers');
const status: CarrierSetupStatus | undefined = data;
const contract: components['schemas']['CarrierSetupStatus'] | undefined = status;
const url: string | null = status ? status.url : null;
let refused = '';
try {
  createShippingClient({ baseUrl: 'http://shipping.example', username: 'user', apiKey: 'key' });
} catch (error) {
  if (error instanceof ShippingApiError) refused = error.code;
}
console.log(JSON.stringify({ status: response.status, valid: validStatus(contract) && (url === null || typeof url === 'string'), fetchCarrierSetup: typeof fetchCarrierSetup, refused }));
`;

// The sandbox as an integrator's test suite starts it, and the command line the package installs.
const sandboxEsm = `import { startSandbox } from 'shipping-api-v3-sandbox';
import { execFileSync } from 'node:child_process';

const sandbox = await startSandbox({ port: 0, generationMs: 0, minPollMs: 0 });
try {
  const headers = { authorization: 'Basic ' + Buffer.from('integrator:key').toString('base64') };
  const first = await (await fetch(sandbox.baseUrl + '/setups/carriers', { headers })).json();
  const cli = execFileSync(process.execPath, ['node_modules/.bin/shipping-api', '--version'], { encoding: 'utf8' }).trim();
  const schema = (await import('shipping-api-v3-contract/carrier-setup-file.schema.json', { with: { type: 'json' } })).default;
  console.log(JSON.stringify({ status: first.status, cli, schema: schema.$schema }));
} finally {
  await sandbox.close();
}
`;

let clientOnly = '';
let everything = '';

beforeAll(async () => {
  // `npm run build:packages`, incremental (dist/.tsbuildinfo): after npm install built every dist/,
  // only what changed is built again. The clone's executable is left executable, for 'npx shipping-api'.
  const bin = path.join(packageDir('cli'), manifestOf('cli').bin!['shipping-api']!);
  chmodSync(bin, 0o644);
  // What an earlier build made of a source file since removed, which the build removes before packing.
  writeFileSync(path.join(packageDir('sandbox'), 'dist/removed-source.js'), 'export {};\n');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-packages.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.stdout + built.stderr).toBe('');
  expect(built.status).toBe(0);
  const packed = packPackages(work);
  const tarballs = Object.fromEntries(Object.entries(packed).map(([name, { tarball }]) => [name, tarball]));
  for (const [name, { files }] of Object.entries(packed)) {
    expect(files, name).toContain(name === 'cli' ? 'dist/main.js' : 'dist/index.js');
    if (name === 'cli') expect(files, name).toContain('bin/shipping-api.js');
    expect(
      files.filter(
        (file) =>
          file.startsWith('src/') ||
          file.startsWith('tests/') ||
          file.endsWith('.tsbuildinfo') ||
          file === 'dist/removed-source.js',
      ),
      name,
    ).toEqual([]);
  }
  clientOnly = installFromTarballs(work, 'client-only', ['contract', 'client'], tarballs);
  everything = installFromTarballs(work, 'everything', [...PACKAGES], tarballs);
  writeFileSync(path.join(clientOnly, 'consumer.mjs'), clientEsm);
  writeFileSync(path.join(clientOnly, 'consumer.ts'), clientTs);
  writeFileSync(path.join(everything, 'sandbox.mjs'), sandboxEsm);
  writeFileSync(
    path.join(clientOnly, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        lib: ['ES2023', 'DOM'],
        types: [],
        skipLibCheck: false,
      },
      files: ['consumer.ts', 'node.d.ts'],
    }),
  );
  // The one Node global the program uses, so that the consumer needs no @types/node.
  writeFileSync(path.join(clientOnly, 'node.d.ts'), 'declare const process: { argv: string[] };\n');
  // The contract's example of a REQUESTED status, to whoever asks for it with Basic credentials.
  const requested = JSON.stringify(
    JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')).components.examples.CarrierSetupStatusRequested.value,
  );
  server = await startServer((request, response) => {
    const ok = request.path === '/setups/carriers' && /^Basic /.test(request.headers.authorization ?? '');
    response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' }).end(ok ? requested : '{}');
  });
});

afterAll(async () => {
  await server?.close();
});

describe('what each package ships', () => {
  it('the contract: the bundle, the JSON Schema of the setup file, the types and the validators, with no dependency', () => {
    const dir = path.join(everything, 'node_modules/shipping-api-v3-contract');
    for (const file of [
      ...BUNDLE_FILES.map((file) => `generated/${file}`),
      'generated/carrier-setup-file.schema.json',
      'generated/schema.d.ts',
      'generated/validators/index.js',
      'dist/index.js',
    ])
      expect(statSync(path.join(dir, file), { throwIfNoEntry: false })?.isFile(), file).toBe(true);
    expect(manifestOf('contract').dependencies ?? {}).toEqual({});
  });

  it(`the client alone installs at most ${CLIENT_FOOTPRINT.packages} packages in ${CLIENT_FOOTPRINT.bytes / 1024 / 1024} MB, and no server`, () => {
    const modules = path.join(clientOnly, 'node_modules');
    const packages = installedPackages(modules);
    expect(packages.length, packages.join(', ')).toBeLessThanOrEqual(CLIENT_FOOTPRINT.packages);
    expect(diskBytes(modules)).toBeLessThanOrEqual(CLIENT_FOOTPRINT.bytes);
    for (const server of ['fastify', 'ioredis', 'pino', 'prom-client', 'commander', 'ajv'])
      expect(packages, server).not.toContain(server);
  });

  it('counts packages and bytes as npm lays them out (the measure itself)', () => {
    expect(installedPackages(path.join(everything, 'node_modules'))).toEqual(
      expect.arrayContaining(['fastify', 'shipping-api-v3-sandbox', 'shipping-api-v3-cli', 'commander']),
    );
    expect(diskBytes(path.join(everything, 'node_modules'))).toBeGreaterThan(CLIENT_FOOTPRINT.bytes);
  });
});

it('type-checks a TypeScript program that imports the installed client and contract by name', () => {
  const checked = runBin('typescript', 'tsc', ['-p', path.join(clientOnly, 'tsconfig.json')], { cwd: clientOnly });
  expect(checked.stdout + checked.stderr).toBe('');
});

it("leaves the clone's shipping-api executable runnable, so that npx shipping-api runs it in a clone", () => {
  const bin = path.join(packageDir('cli'), manifestOf('cli').bin!['shipping-api']!);
  expect(statSync(bin).mode & 0o111).toBe(0o111);
  const result = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    env: { ...userEnv(), PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}` },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(manifestOf('cli').version);
});

it('installs shipping-api as an executable that keeps its shebang and runs by itself', () => {
  const bin = path.join(everything, 'node_modules/.bin/shipping-api');
  expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  // `env node` finds the pinned Node first, as it would find the user's.
  const result = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    env: { ...userEnv(), PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}` },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(manifestOf('cli').version);
});

describe.each(Object.entries(nodes))('on %s', (line, node) => {
  // Asynchronous: the server that answers the program runs in this process.
  const run = async (dir: string, file: string) => {
    const ran = await execFileAsync(node, [file, server!.origin], { cwd: dir, encoding: 'utf8', env: userEnv() });
    expect(ran.stderr).toBe('');
    return JSON.parse(ran.stdout) as unknown;
  };
  const expected = { status: 200, valid: true, fetchCarrierSetup: 'function', refused: 'INVALID_OPTIONS' };

  it('runs on the Node line it names', () => {
    const major = spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8', env: userEnv() });
    expect(major.stdout.trim()).toBe(line.slice('Node '.length));
  });

  it('imports the client from an ES module and calls the API with the Partner-ID header', async () => {
    const before = server!.received.length;
    expect(await run(clientOnly, 'consumer.mjs')).toEqual(expected);
    expect(server!.received.slice(before).map((request) => request.headers['partner-id'])).toEqual(['10042']);
  });

  it('imports the client from TypeScript and calls the API', async () => {
    expect(await run(clientOnly, 'consumer.ts')).toEqual(expected);
  });

  it('starts the sandbox from its package, and runs the shipping-api command', async () => {
    expect(await run(everything, 'sandbox.mjs')).toEqual({
      status: 'REQUESTED',
      cli: manifestOf('cli').version,
      schema: 'https://json-schema.org/draft/2020-12/schema',
    });
  });

  it('validates the setup file and checks a shipment with the installed shipping-api', () => {
    const setup = path.join(everything, 'setup.json');
    const example = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')).components.examples;
    writeFileSync(setup, JSON.stringify(example.CarrierSetupFile.value));
    writeFileSync(path.join(everything, 'shipment.json'), JSON.stringify(example.ShipmentCreate.value));
    for (const args of [
      ['setup', 'validate', 'setup.json'],
      ['check', 'shipment.json', '--setup', 'setup.json'],
    ]) {
      const ran = spawnSync(node, ['node_modules/.bin/shipping-api', ...args], {
        cwd: everything,
        encoding: 'utf8',
        env: userEnv(),
      });
      expect(ran.stderr, args.join(' ')).toBe('');
      expect(ran.status, args.join(' ')).toBe(0);
    }
  });
});
