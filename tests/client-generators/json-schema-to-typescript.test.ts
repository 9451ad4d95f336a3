// json-schema-to-typescript on the standalone schema of the carrier setup file: the types
// type-check a file with string elements in package_types and allowed_incoterms, and the file the
// sandbox serves.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  BASIC,
  BUNDLE,
  PARTNER_ID,
  SETUP_FILE_SCHEMA,
  generate,
  generatedSource,
  sandbox,
  typecheck,
  workDir,
} from '../support/harness/client-generators.ts';

const work = workDir('json-schema-to-typescript');
afterAll(() => work.remove());

// The contract's example file, with strings in package_types and allowed_incoterms: their elements
// are open (x-unspecified), so any element must be accepted.
function sample(): unknown {
  const file = structuredClone(
    (parse(readFileSync(BUNDLE, 'utf8')) as { components: { examples: Record<string, { value: unknown }> } }).components
      .examples.CarrierSetupFile!.value,
  ) as {
    products: { country_combinations: { package_types: unknown[]; allowed_incoterms: unknown[] }[] }[];
  }[];
  const combination = file[0]!.products[0]!.country_combinations[0]!;
  combination.package_types = ['PC', 'PE'];
  combination.allowed_incoterms = ['DAP'];
  return file;
}

const typed = (name: string, value: unknown) =>
  `import type { CarrierSetupFile } from './setup-file.js';\nexport const ${name}: CarrierSetupFile = ${JSON.stringify(value, null, 2)};\n`;

describe('json-schema-to-typescript', () => {
  it('generates types from the standalone schema of the carrier setup file', () => {
    const generated = generate(
      'json-schema-to-typescript',
      'json2ts',
      ['-i', SETUP_FILE_SCHEMA, '-o', path.join(work.dir, 'setup-file.d.ts')],
      work.dir,
    );
    expect(generated.ok, generated.output).toBe(true);
    expect(generatedSource(work.dir, ['setup-file.d.ts'])).toContain('export type CarrierSetupFile');
  });

  it('type-checks a file whose package_types and allowed_incoterms hold strings', () => {
    writeFileSync(path.join(work.dir, 'sample.ts'), typed('sample', sample()));
    expect(typecheck(work.dir)).toBe('');
  });

  it('type-checks the file downloaded from the sandbox, with Partner-ID and Basic', async () => {
    const target = await sandbox();
    try {
      const headers = { Authorization: BASIC, 'Partner-ID': PARTNER_ID };
      let status: { status: string; url: string | null } = { status: '', url: null };
      for (let poll = 0; poll < 5 && status.status !== 'COMPLETED'; poll++) {
        const response = await fetch(`${target.baseUrl}/setups/carriers`, { headers });
        expect(response.status).toBe(200);
        status = (await response.json()) as typeof status;
      }
      expect(status.status).toBe('COMPLETED');
      const file = await fetch(status.url!, { headers });
      expect(file.status).toBe(200);
      writeFileSync(path.join(work.dir, 'downloaded.ts'), typed('downloaded', await file.json()));
      expect(typecheck(work.dir)).toBe('');
    } finally {
      await target.close();
    }
  });
});
