// The test suite's freshness check (ensureFresh, dev/build/pipeline/fresh.ts), on a copy of the repository:
// fast when nothing changed; with a save under openapi/ and no rebuild, it fails at once naming
// `npm run build`, or remakes what is stale in-process, after which the bundle is the saved contract.
// In-process: the copy's own modules are imported, so that their root is the copy.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_JSON_FILE } from '../../dev/paths.ts';
import { repositoryCopy } from '../support/harness/dev-process.ts';

const copy = repositoryCopy('shipping fresh-');
type Fresh = typeof import('../../dev/build/pipeline/fresh.ts');
let fresh: Fresh;

const EXAMPLE = path.join(copy, 'openapi/components/examples/CarrierSetupStatusCompleted.yaml');
const bundle = () => readFileSync(path.join(copy, BUNDLE_JSON_FILE), 'utf8');

beforeAll(async () => {
  fresh = (await import(pathToFileURL(path.join(copy, 'dev/build/pipeline/fresh.ts')).href)) as Fresh;
});

describe('ensureFresh', () => {
  it('returns within 2 s, writing nothing, when nothing changed', async () => {
    const start = performance.now();
    expect(await fresh.ensureFresh()).toEqual([]);
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('refuses a stale bundle within a second, naming the file changed and npm run build', async () => {
    writeFileSync(EXAMPLE, readFileSync(EXAMPLE, 'utf8').replace('2099-12-31T23:59:59Z', '2098-06-30T12:00:00Z'));
    const start = performance.now();
    await expect(fresh.ensureFresh()).rejects.toThrow(
      /openapi\/components\/examples\/CarrierSetupStatusCompleted\.yaml changed.*npm run build/,
    );
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(bundle()).not.toContain('2098-06-30T12:00:00Z');
  });

  it('or remakes it in-process, after which the bundle is the saved contract and all is fresh', async () => {
    const written = await fresh.ensureFresh({ remake: true });
    expect(written).toEqual(expect.arrayContaining([BUNDLE_JSON_FILE, 'docs/index.html']));
    expect(bundle()).toContain('2098-06-30T12:00:00Z');
    expect(fresh.staleness()).toEqual([]);
  }, 60_000);

  it('names a made file edited by hand, whose inputs did not change', async () => {
    const types = path.join(copy, 'generated/schema.d.ts');
    writeFileSync(types, `${readFileSync(types, 'utf8')}\n// edited by hand\n`);
    expect(fresh.staleness()).toEqual([{ step: 'code', reason: 'generated/schema.d.ts differs from what was made' }]);
    await expect(fresh.ensureFresh()).rejects.toThrow(/generated\/schema\.d\.ts differs.*npm run build/);
  });
});
