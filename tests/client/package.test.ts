// The package as an integrator gets it: packed with npm pack, installed from the tarball into an
// empty project (offline, from the npm cache, at the versions of this repository's lockfile), then
// imported by name from an ES module and from TypeScript, on Node 22 and on Node 24, calling the
// Prism mock of the contract.
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPrism, startMock } from '../../dev/prism.ts';
import { runBin } from '../../dev/tools.ts';
import { root } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';
import { tempDirForTests } from '../support/temp.ts';

const work = tempDirForTests('shipping-package-');
const consumer = path.join(work, 'consumer');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: { node: string };
};
const nodes = {
  'Node 22': path.join(root, 'dev/node22/node_modules/.bin/node'),
  'Node 24': path.join(root, 'node_modules/.bin/node'),
};
let mock: RunningPrism | undefined;
/** The executable package.json's bin names, in this clone. */
const CLONE_BIN = path.join(root, manifest.bin['shipping-api']!);

/** npm itself: the one running the tests when there is one, else the first on PATH. */
function npm(args: string[], cwd: string) {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli?.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
  });
}

/**
 * The consumer's lockfile: the tarball, and the packages of this repository's lockfile that are not
 * for development only, which is the tree an integrator installs; npm ci then needs no registry.
 */
function consumerLock(tarball: string) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [manifest.name]: `file:${tarball}` } },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: `file:${tarball}`,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (location.startsWith('node_modules/') && !entry.dev && !entry.link) packages[location] = entry;
  }
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

const esm = `import { createShippingClient, fetchCarrierSetup, ShippingApiError, validateCarrierSetupStatus } from '${manifest.name}';
import { CarrierSetupStatus } from '${manifest.name}/validators';

const client = createShippingClient({ baseUrl: process.argv[2], username: 'integrator', apiKey: 'key', partnerId: 10042 });
const { data, response } = await client.GET('/setups/carriers');
const status = validateCarrierSetupStatus(data);
let refused = '';
try {
  createShippingClient({ baseUrl: 'http://shipping.example', username: 'user', apiKey: 'key' });
} catch (error) {
  if (error instanceof ShippingApiError) refused = error.code;
}
console.log(JSON.stringify({ status: response.status, valid: CarrierSetupStatus(status), fetchCarrierSetup: typeof fetchCarrierSetup, refused }));
`;

const typescript = `import { createShippingClient, fetchCarrierSetup, ShippingApiError, type CarrierSetupStatus, type components } from '${manifest.name}';
import { CarrierSetupStatus as validStatus } from '${manifest.name}/validators';

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
const sandbox = `import { startSandbox } from '${manifest.name}/sandbox';
import { execFileSync } from 'node:child_process';

const sandbox = await startSandbox({ port: 0, generationMs: 0, minPollMs: 0 });
try {
  const headers = { authorization: 'Basic ' + Buffer.from('integrator:key').toString('base64') };
  const first = await (await fetch(sandbox.baseUrl + '/setups/carriers', { headers })).json();
  const cli = execFileSync(process.execPath, ['node_modules/.bin/shipping-api', '--version'], { encoding: 'utf8' }).trim();
  console.log(JSON.stringify({ status: first.status, cli }));
} finally {
  await sandbox.close();
}
`;

beforeAll(async () => {
  // `npm run build:client`, incremental (dist/.tsbuildinfo): after npm install has built dist/, only
  // what changed is built again. The clone's executable is left executable, for 'npx shipping-api'.
  chmodSync(CLONE_BIN, 0o644);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-client.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.stdout + built.stderr).toBe('');
  expect(built.status).toBe(0);
  const packed = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], root);
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  const shipped = files.map((file) => file.path);
  expect(shipped).toContain('dist/index.js');
  expect(shipped).toContain('dist/index.d.ts');
  expect(shipped).toContain('generated/validators/index.js');
  expect(
    shipped.filter(
      (file) =>
        file.startsWith('tests/') ||
        file.startsWith('src/') ||
        file.startsWith('scripts/') ||
        file.endsWith('.tsbuildinfo'),
    ),
  ).toEqual([]);

  const tarball = path.join(work, filename);
  rmSync(consumer, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', consumer]);
  writeFileSync(
    path.join(consumer, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { [manifest.name]: `file:${tarball}` },
    }),
  );
  writeFileSync(path.join(consumer, 'package-lock.json'), JSON.stringify(consumerLock(tarball)));
  const installed = npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], consumer);
  expect(installed.status, installed.stderr).toBe(0);
  writeFileSync(path.join(consumer, 'consumer.mjs'), esm);
  writeFileSync(path.join(consumer, 'consumer.ts'), typescript);
  writeFileSync(path.join(consumer, 'sandbox.mjs'), sandbox);
  writeFileSync(
    path.join(consumer, 'tsconfig.json'),
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
  writeFileSync(path.join(consumer, 'node.d.ts'), 'declare const process: { argv: string[] };\n');
  mock = await startMock({ port: await freePort() });
});

afterAll(async () => {
  await mock?.stop();
});

it('type-checks a TypeScript program that imports the installed package by name', () => {
  const checked = runBin('typescript', 'tsc', ['-p', path.join(consumer, 'tsconfig.json')], { cwd: consumer });
  expect(checked.stdout + checked.stderr).toBe('');
});

it("leaves the clone's dist/cli/main.js executable, so that npx shipping-api runs it in a clone", () => {
  expect(statSync(CLONE_BIN).mode & 0o111).toBe(0o111);
  const result = spawnSync(CLONE_BIN, ['--version'], {
    encoding: 'utf8',
    env: { PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}` },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(manifest.version);
});

it('installs shipping-api as an executable that keeps its shebang and runs by itself', () => {
  const bin = path.join(consumer, 'node_modules/.bin/shipping-api');
  expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  // `env node` finds the pinned Node first, as it would find the user's.
  const result = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    env: { PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}` },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(manifest.version);
});

describe.each(Object.entries(nodes))('on %s', (_, node) => {
  const run = (file: string) => {
    const ran = spawnSync(node, [file, mock!.url], { cwd: consumer, encoding: 'utf8' });
    expect(ran.stderr).toBe('');
    return JSON.parse(ran.stdout) as unknown;
  };
  const expected = { status: 200, valid: true, fetchCarrierSetup: 'function', refused: 'INVALID_OPTIONS' };

  it('runs on the Node line it names', () => {
    expect(spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim()).toBe(
      _.slice('Node '.length),
    );
  });

  it('imports the package from an ES module and calls the mock', () => {
    expect(run('consumer.mjs')).toEqual(expected);
  });

  it('imports the package from TypeScript and calls the mock', () => {
    expect(run('consumer.ts')).toEqual(expected);
  });

  it('starts the sandbox from the package, and runs its shipping-api command', () => {
    expect(run('sandbox.mjs')).toEqual({ status: 'REQUESTED', cli: manifest.version });
  });
});
