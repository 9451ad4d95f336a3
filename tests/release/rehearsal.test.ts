// The release part of `npm run check`: `npm run release:rehearse` (dev/release/rehearsal.ts) on the
// packages of the checkout, as the release job runs it before the real publish: published to a local
// registry, installed from it by name on Node 22 and 24 in fresh projects, used, and refused a second
// publish of the same version. tests/release/faults.test.ts shows it red.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { packageDir } from '../../dev/packaging/build-packages.ts';
import { readmeSnippet, rehearseRelease } from '../../dev/release/rehearsal.ts';

const { version } = JSON.parse(readFileSync(path.join(packageDir('cli'), 'package.json'), 'utf8')) as {
  version: string;
};

it('publishes the four packages, installs the client and the command line by name on Node 22 and 24, uses them, and is refused a second publish', async () => {
  const lines: string[] = [];
  const problems = await rehearseRelease({ log: (line) => lines.push(line) });
  expect(problems, lines.join('\n')).toEqual([]);
  const passed = lines
    .filter((line) => line.startsWith('ok '))
    .map((line) => line.replace(/^ok +| \([\d.]+ s\)$/g, ''));
  const { prints } = readmeSnippet();
  for (const name of ['contract', 'client', 'sandbox', 'cli'])
    expect(passed, name).toContain(`npm publish shipping-api-v3-${name}@${version} (packages/${name})`);
  for (const line of ['Node 22', 'Node 24']) {
    expect(passed, line).toContain(
      `${line}: npm install shipping-api-v3-client shipping-api-v3-cli in a fresh project: shipping-api-v3-client@${version}, shipping-api-v3-cli@${version}`,
    );
    expect(passed, line).toContain(`${line}: npx shipping-api --version: ${version}`);
    expect(passed, line).toContain(
      `${line}: the README's client snippet against the sandbox installed (npx shipping-api sandbox): ${prints}`,
    );
  }
  expect(passed).toContainEqual(
    expect.stringMatching(
      new RegExp(`^npm publish shipping-api-v3-contract@${version} again is refused: .*cannot publish over`),
    ),
  );
}, 600_000);
