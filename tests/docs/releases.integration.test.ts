// Releases: the versions move together, the changelog covers the current version and the
// deprecation, and `npm run diff` passes on the tree but catches planted breaking changes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { descriptionVersion, lastReleaseUpTo, packageVersion } from '../../dev/release/releases.ts';
import { BUNDLE_YAML, root } from '../../dev/paths.ts';
import { withTempDir } from '../../dev/tools.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const version = packageVersion();
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');

describe('versions', () => {
  it('info.version of the contract and of the bundle equal the package version', () => {
    expect(descriptionVersion(path.join(root, 'openapi/openapi.yaml'))).toBe(version);
    expect(descriptionVersion(BUNDLE_YAML)).toBe(version);
  });

  it('a release at or below the current version is recorded to compare with', () => {
    expect(lastReleaseUpTo(version)).toBeDefined();
  });

  it('the base of a comparison is the last release at or below a version, or strictly below it', () => {
    withTempDir('releases-', (dir) => {
      for (const released of ['2.4.1', '3.0.0', '3.10.0', '3.2.0']) {
        mkdirSync(path.join(dir, released));
        writeFileSync(path.join(dir, released, 'openapi.yaml'), '');
      }
      mkdirSync(path.join(dir, 'notes'));
      expect(lastReleaseUpTo('3.10.0', { dir })).toBe('3.10.0');
      expect(lastReleaseUpTo('3.10.0', { dir, before: true })).toBe('3.2.0');
      expect(lastReleaseUpTo('3.1.5', { dir })).toBe('3.0.0');
      expect(lastReleaseUpTo('2.0.0', { dir })).toBeUndefined();
    });
  });
});

describe('CHANGELOG.md', () => {
  // A version raised and not yet released (no docs/releases/<version>) is described by the changes
  // under Unreleased: `npm run release` refuses to record it until they are moved into its dated section.
  it('has a dated section for the current version once it is released, and one for unreleased changes', () => {
    expect(changelog).toContain('## [Unreleased]');
    const dated = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm');
    if (lastReleaseUpTo(version) === version) expect(changelog).toMatch(dated);
    else {
      expect(lastReleaseUpTo(version, { before: true })).toBeDefined();
      expect(/## \[Unreleased\]\n+### /.test(changelog), 'Unreleased lists the changes of the coming version').toBe(
        true,
      );
    }
  });

  it('announces the deprecation of the partner_id body field and its replacement', () => {
    const deprecated = /### Deprecated\n([\s\S]*?)(\n## |\n### |$)/.exec(changelog)?.[1] ?? '';
    expect(deprecated).toContain('`partner_id`');
    expect(deprecated).toContain('`Partner-ID`');
    for (const operation of ['POST /shipments', 'POST /sales_orders', 'POST /imported_shipments'])
      expect(deprecated).toContain(operation);
  });
});

describe('npm run diff', () => {
  const scratch = tempDirForTests('diff-test-');

  // A planted change is compared with the bundle itself, so that only the planted change counts.
  const diff = (revision?: string) => {
    const args = revision ? ['--revision', revision, '--base', BUNDLE_YAML] : [];
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/diff.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };

  /** A copy of the bundle, changed by `plant`. */
  const planted = (name: string, plant: (document: any) => void): string => {
    const document = parse(readFileSync(BUNDLE_YAML, 'utf8'));
    plant(document);
    const file = path.join(scratch, `${name}.yaml`);
    writeFileSync(file, stringify(document));
    return file;
  };
  const raiseMajor = (document: any) => {
    document.info.version = `${Number(document.info.version.split('.')[0]) + 1}.0.0`;
  };
  const removeOperation = (document: any) => {
    delete document.paths['/shipment_drafts'];
  };
  const requireField = (document: any) => {
    document.components.schemas.ShipmentCreate.required = ['product_code'];
  };

  it('passes on the current tree', () => {
    const { status, output } = diff();
    expect(status, output).toBe(0);
    expect(output).toMatch(/No breaking change|The major version was raised/);
  });

  it('passes on the bundle compared with itself, with no breaking change', () => {
    const { status, output } = diff(planted('unchanged', () => undefined));
    expect(status, output).toBe(0);
    expect(output).toContain('No breaking change');
  });

  it("reports the bundle's own words: a changed open point is one change, not also the reference's label of it", () => {
    // The bundle is the root of the docs api of redocly.yaml, whose decorators fold each
    // x-unspecified into the description; the diff reads its own configuration, not those.
    const base = planted('other-open-point', (document) => {
      document.components.schemas.CountryCombination.properties.optional_fields['x-unspecified'] =
        'Another open point.';
    });
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/diff.ts'), '--base', base], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(0);
    expect(output).toContain('schemas/CountryCombination/properties/optional_fields · x-unspecified');
    expect(output).toContain('0 major, 0 minor, 1 patch');
  });

  it('fails on a removed operation', () => {
    const { status, output } = diff(planted('removed-operation', removeOperation));
    expect(status, output).toBe(1);
    expect(output).toContain('path-removed');
  });

  it('fails on a newly required request body field', () => {
    const { status, output } = diff(planted('required-field', requireField));
    expect(status, output).toBe(1);
    expect(output).toContain('required-properties-added');
  });

  it('passes on the same breaking changes once the major version was raised', () => {
    const file = planted('next-major', (document) => {
      removeOperation(document);
      requireField(document);
      raiseMajor(document);
    });
    const { status, output } = diff(file);
    expect(status, output).toBe(0);
    expect(output).toContain('path-removed');
    expect(output).toContain('major version was raised');
  });

  it('passes on an added operation, which breaks nobody', () => {
    const file = planted('added-operation', (document) => {
      const copy = structuredClone(document.paths['/shipment_drafts']);
      copy.post.operationId = 'createShipmentDraftCopy';
      document.paths['/shipment_drafts/copy'] = copy;
    });
    const { status, output } = diff(file);
    expect(status, output).toBe(0);
    expect(output).toMatch(/[1-9]\d* minor/);
  });
});
