// The release rehearsal (dev/release/rehearsal.ts) red: on a copy of the four packages' folders with
// one fault planted, published as npm publishes them, it fails where the registry's metadata shows the
// fault, and where a user meets it after installing by name (on Node 24; Node 22 installs the same).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { PACKAGES, packageDir } from '../../dev/packaging/build-packages.ts';
import { root } from '../../dev/paths.ts';
import { rehearseRelease } from '../../dev/release/rehearsal.ts';
import { withTempDir } from '../support/harness/temp.ts';

const NODE_24 = { 'Node 24': path.join(root, 'node_modules/.bin/node') };

interface Manifest {
  name: string;
  version: string;
  files: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
const client = manifestOf(packageDir('client'));
const cli = manifestOf(packageDir('cli'));

/** Copies the packages' folders (what npm publish reads) into `dir`, and changes one package.json. */
function plantFault(dir: string, folder: string, change: (manifest: Manifest) => void): void {
  for (const name of PACKAGES)
    cpSync(packageDir(name), path.join(dir, name), {
      recursive: true,
      filter: (source) => !source.split(path.sep).includes('node_modules'),
    });
  const manifest = manifestOf(path.join(dir, folder));
  change(manifest);
  writeFileSync(path.join(dir, folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

const served = (manifest: Manifest) => `${manifest.name}@${manifest.version} as the registry serves it`;

interface Fault {
  fault: string;
  plant: (dir: string) => void;
  /** The step that finds it in what the registry serves, and what it says. */
  found: [string, string];
  /** The step where a user meets it, and what it says. */
  met: [string, string];
}

const FAULTS: Fault[] = [
  {
    fault: "the client's files leave out its dist/",
    plant: (dir: string) => plantFault(dir, 'client', (m) => (m.files = m.files.filter((entry) => entry !== 'dist'))),
    found: [served(client), `it does not hold ./dist/index.js, which exports["."]["default"] names`],
    // The sandbox depends on the contract alone: the user meets it where the snippet imports the client.
    met: ["Node 24: the README's client snippet", 'shipping-api-v3-client/dist/index.js'],
  },
  {
    fault: 'the command line depends on a version of the client that is not the one published',
    plant: (dir: string) => plantFault(dir, 'cli', (m) => (m.dependencies![client.name] = '6.1.1')),
    found: [
      served(cli),
      `it depends on ${client.name}@6.1.1, which the registry does not have (it has ${client.version})`,
    ],
    met: ['Node 24: npm install', 'No matching version found for shipping-api-v3-client@6.1.1'],
  },
  {
    fault: "the command line's bin names a file it does not hold",
    plant: (dir: string) => plantFault(dir, 'cli', (m) => (m.bin = { 'shipping-api': 'bin/shipping-api.cjs' })),
    found: [served(cli), 'it does not hold bin/shipping-api.cjs, which bin shipping-api names'],
    met: ['Node 24: npx shipping-api --version', 'exit 1'],
  },
];

// Side by side: each waits on its registry and on npm more than it computes.
it.concurrent.for(FAULTS)(
  'fails when $fault, where the registry shows it and where a user meets it',
  { timeout: 600_000 },
  async ({ plant, found, met }, { expect }) => {
    const lines: string[] = [];
    const problems = await withTempDir('shipping-release-fault-', (dir) => {
      plant(dir);
      return rehearseRelease({ packages: dir, nodes: NODE_24, log: (line) => lines.push(line) });
    });
    const problem = (step: string) => problems.find((text) => text.startsWith(step)) ?? lines.join('\n');
    expect(problem(found[0])).toContain(found[1]);
    expect(problem(met[0])).toContain(met[1]);
    // Publishing itself goes through, as it would in the release job: only the rehearsal catches these.
    expect(problems.filter((text) => text.startsWith('npm publish'))).toEqual([]);
  },
);
