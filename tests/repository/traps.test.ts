// The repository sets no traps for the next person who edits it: what git ignores, the names used,
// entry scripts that run from any folder, CI that runs the one script, and each thing in one place.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PARTS } from '../../dev/check.ts';
import { root } from '../../dev/paths.ts';
import { TOOLCHAINS } from '../../dev/toolchains.ts';

const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** This file, which names what it looks for. */
const SELF = 'tests/repository/traps.test.ts';

/** The .ts files under a folder of the repository, relative to the root, but this one and what is built or installed. */
function tsFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => file !== SELF && !/(^|\/)(node_modules|dist)\//.test(file))
    .sort();
}

/** Every .ts file of the packages, dev/, scripts/ and tests/. */
const everyTsFile = () => [...tsFiles('packages'), ...tsFiles('dev'), ...tsFiles('scripts'), ...tsFiles('tests')];

/** The code of a file, without its comments (line comments and block comments). */
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('.gitignore', () => {
  it('ignores the recordings folder at the root, and not the recordings of the tests', () => {
    const ignored = (file: string) => git('check-ignore', '--no-index', '-q', file).status;
    expect(ignored('recordings/today.har')).toBe(0);
    expect(ignored('tests/recordings/clean/new-fixture.har')).toBe(1);
    expect(ignored('tests/recordings/drift/new-fixture.har')).toBe(1);
  });

  it("ignores what following the README and the command line's guide leaves in the checkout, and no fixture like it", () => {
    const ignored = (file: string) => git('check-ignore', '--no-index', '-q', file).status;
    for (const file of [
      'shipping-api-v3-client-6.1.0.tgz',
      'setup.json',
      'setup-new.json',
      'shipment.json',
      'shipments/shipment.json',
      'accounts.json',
      'quickstart.ts',
      'quickstart.mjs',
    ])
      expect(ignored(file), file).toBe(0);
    for (const file of ['tests/cli/fixtures/setup.json', 'tests/sandbox/fixtures/accounts.json'])
      expect(ignored(file), file).toBe(1);
  });

  it('ignores the installs of the toolchains and their install locks, and not their manifests or lockfiles', () => {
    const ignored = (file: string) => git('check-ignore', '--no-index', '-q', file).status;
    for (const name of TOOLCHAINS) {
      expect(ignored(`toolchains/${name}/node_modules/some-tool/package.json`), name).toBe(0);
      expect(ignored(`toolchains/${name}/.installing/pid`), name).toBe(0);
      expect(ignored(`toolchains/${name}/package.json`), name).toBe(1);
      expect(ignored(`toolchains/${name}/package-lock.json`), name).toBe(1);
    }
  });
});

describe('scripts and tests, run from any folder', () => {
  it('decide whether to run with import.meta.main, which holds whatever the path', () => {
    const fragile = tsFiles('scripts').filter((file) => /import\.meta\.url\s*===/.test(read(file)));
    expect(fragile).toEqual([]);
  });

  it('take their own path with fileURLToPath: the pathname of a file URL spells a space %20', () => {
    const fragile = [...tsFiles('scripts'), ...tsFiles('dev'), ...tsFiles('packages'), ...tsFiles('tests')].filter(
      (file) => /URL\(\s*import\.meta\.url\s*\)\.pathname/.test(code(file)),
    );
    expect(fragile).toEqual([]);
  });
});

describe('names', () => {
  it('the source document is "the specification": no file name or text says "seed"', () => {
    const files = git('ls-files', '-co', '--exclude-standard').stdout.split('\n').filter(Boolean);
    // The rendered reference inlines the Redoc scripts, whose code is not ours to rename.
    const skipped = ['package-lock.json', 'docs/index.html', SELF];
    const ours = files.filter((file) => !skipped.includes(file) && !file.startsWith('docs/releases/'));
    expect(ours.filter((file) => /seed/i.test(file))).toEqual([]);
    const saying = ours.filter((file) => {
      try {
        return /\bseed\b/i.test(read(file));
      } catch {
        return false;
      }
    });
    expect(saying).toEqual([]);
  });
});

// RFC 2606 and RFC 6761 reserve example.com, example.net, example.org and the top-level names
// .example, .test, .invalid and .localhost; example.se and its like belong to real registries.
// A domain ends in a name of letters: user:password@10.0.0.5 in a URL is no address.
const EMAIL = /[\w.+-]+@((?:[a-z0-9-]+\.)+[a-z][a-z-]*)\b/gi;
const RESERVED = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;
const unreservedEmails = (text: string) =>
  [...text.matchAll(EMAIL)].filter(([, domain]) => !RESERVED.test(domain!)).map(([address]) => address);

describe('example email addresses', () => {
  it('use reserved domain names only (RFC 2606, RFC 6761)', () => {
    const files = git('ls-files', '-co', '--exclude-standard').stdout.split('\n').filter(Boolean);
    // The released bundles are history, and the rendered pages are made from the guides.
    const ours = files.filter(
      (file) =>
        file !== 'package-lock.json' && file !== SELF && !file.startsWith('docs/releases/') && !file.endsWith('.html'),
    );
    const found = ours.flatMap((file) => {
      try {
        return unreservedEmails(read(file)).map((address) => `${file}: ${address}`);
      } catch {
        return [];
      }
    });
    expect(found).toEqual([]);
  });

  it.each([
    ['asa@example.com', []],
    ['soren@example.net, ingrid@shop.example', []],
    ['ops@mail.test', []],
    ['asa.lindqvist@example.se', ['asa.lindqvist@example.se']],
    ['soren@example.dk and ingrid@example.no', ['soren@example.dk', 'ingrid@example.no']],
    ['a@example.com.evil', ['a@example.com.evil']],
    ['http://user:s3cret@10.0.0.5/', []],
  ])('finds the address in %j that is not reserved: %j', (text, found) => {
    expect(unreservedEmails(text)).toEqual(found);
  });
});

describe('.github/workflows/ci.yml', () => {
  it('runs .ci/run, not a copy of its steps, once for each part of npm run check', () => {
    const workflow = parse(read('.github/workflows/ci.yml'));
    const runs = (workflow.jobs.test.steps as Array<{ run?: string }>).map((step) => step.run).filter(Boolean);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    expect(runs).toEqual(['bash .ci/run --only ${{ matrix.part }}']);
    expect(workflow.jobs.test.strategy.matrix.part).toEqual(PARTS.map((part) => part.name));
  });
});

describe('one place each', () => {
  // A package at one version in two places: the same tool, installed twice (toolchains/README.md: a
  // tool that a second part starts to use goes back to the root). Node is in the root (24) and in
  // toolchains/node22 (22), two versions.
  it('a tool is a dependency of the root or of one toolchain: TOOLCHAINS names every folder of toolchains/', () => {
    const folders = readdirSync(path.join(root, 'toolchains'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...TOOLCHAINS].sort());
    const manifest = (file: string) =>
      JSON.parse(read(file)) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const owners = new Map<string, string[]>();
    const own = (owner: string, packages: Record<string, string>) => {
      for (const [name, version] of Object.entries(packages))
        owners.set(`${name}@${version}`, [...(owners.get(`${name}@${version}`) ?? []), owner]);
    };
    own('the root', manifest('package.json').devDependencies ?? {});
    for (const name of TOOLCHAINS) {
      expect(read(`toolchains/${name}/package-lock.json`).length, `toolchains/${name}'s lockfile`).toBeGreaterThan(0);
      own(`toolchains/${name}`, manifest(`toolchains/${name}/package.json`).dependencies ?? {});
    }
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('the paths of the bundle are spelled out in dev/paths.ts alone', () => {
    const spelled = [...tsFiles('scripts'), ...tsFiles('dev'), ...tsFiles('packages'), ...tsFiles('tests')].filter(
      (file) => file !== 'dev/paths.ts' && /['"`](\.\/)?generated\/openapi\.(yaml|json)['"`]/.test(code(file)),
    );
    expect(spelled).toEqual([]);
  });

  it("the sandbox's flags and variables are defined in packages/sandbox/src/config/settings.ts alone", async () => {
    const { SETTINGS } = await import('shipping-api-v3-sandbox/settings');
    // Every variable, and the flags no other tool shares (--port, --host and --accounts are common words).
    const names = SETTINGS.flatMap((setting) => [
      setting.variable,
      ...(setting.flag.includes('-') ? [`--${setting.flag}`] : []),
    ]);
    const defining = [...tsFiles('packages'), ...tsFiles('dev'), ...tsFiles('scripts')]
      .filter((file) => file !== 'packages/sandbox/src/config/settings.ts' && !file.includes('/dist/'))
      .flatMap((file) => {
        const text = code(file);
        return names
          .filter((name) => new RegExp(`${name.replace(/-/g, '\\-')}(?![\\w-])`).test(text))
          .map((name) => `${file}: ${name}`);
      });
    expect(defining).toEqual([]);
  });

  it('ports are parsed in dev/cli.ts alone', () => {
    const parsing = [...tsFiles('scripts'), ...tsFiles('dev')].filter(
      (file) =>
        file !== 'dev/cli.ts' && /process\.env\.[A-Z_]*PORT\b|\bport\b['"]?\s*:\s*\{\s*type\s*:/.test(code(file)),
    );
    expect(parsing).toEqual([]);
  });

  // Temporary folders made by dev/tools.ts alone, and the import boundaries: biome.jsonc (tests/repository/biome.integration.test.ts).

  it('JSON pointers are escaped and unescaped in packages/contract/src/json-pointer.ts alone (pointerSegment, pointerGet)', () => {
    const unescaping = everyTsFile().filter(
      (file) =>
        file !== 'packages/contract/src/json-pointer.ts' &&
        /replace(All)?\(\s*(['"`]~[01]?['"`]|\/~[01]?\/g?)/.test(code(file)),
    );
    expect(unescaping).toEqual([]);
  });

  it('a file is written whole, through a rename, in packages/cli/src/atomic-write.ts alone', () => {
    const renaming = everyTsFile().filter(
      (file) => file !== 'packages/cli/src/atomic-write.ts' && /\brename(Sync)?\(/.test(code(file)),
    );
    expect(renaming).toEqual([]);
  });

  it('a free port is found by freePort of dev/cli.ts alone', () => {
    const finding = everyTsFile().filter(
      (file) => file !== 'dev/cli.ts' && /\b(function|const)\s+\w*(free|unused|open)\w*Port\b/i.test(code(file)),
    );
    expect(finding).toEqual([]);
  });

  it('dev/ and the tests wait for a condition with until of tests/support/harness/until.ts alone', () => {
    // A deadline taken from the clock plus a limit, the start of every polling loop.
    const polling = [...tsFiles('dev'), ...tsFiles('tests')].filter(
      (file) =>
        file !== 'tests/support/harness/until.ts' && /\b(Date|performance)\.now\(\)\s*\+\s*[A-Za-z_]/.test(code(file)),
    );
    expect(polling).toEqual([]);
  });

  it("a package's module imports each module in one statement", () => {
    const twice = tsFiles('packages').flatMap((file) => {
      const from = [...code(file).matchAll(/^import\b[^;]*?\bfrom\s+'([^']+)';/gms)].map(([, module]) => module!);
      return [...new Set(from.filter((module, i) => from.indexOf(module) !== i))].map((module) => `${file}: ${module}`);
    });
    expect(twice).toEqual([]);
  });

  it('the lint runs of the contract are listed in dev/lint/lint.ts alone', () => {
    const listing = [...tsFiles('scripts'), ...tsFiles('dev'), ...tsFiles('tests')].filter(
      (file) =>
        file !== 'dev/lint/lint.ts' &&
        /(redocly|spectral)\(\s*\[\s*'lint'[^\]]*(openapi\/openapi\.yaml|generated\/|SOURCE|BUNDLE)/.test(code(file)),
    );
    expect(listing).toEqual([]);
  });
});

describe('tests/support/', () => {
  it('holds its role folders and its README only: runner/, harness/ and fixtures/', () => {
    const entries = readdirSync(path.join(root, 'tests/support'), { withFileTypes: true });
    expect(entries.map((entry) => `${entry.name}${entry.isDirectory() ? '/' : ''}`).sort()).toEqual([
      'README.md',
      'fixtures/',
      'harness/',
      'runner/',
    ]);
  });
});

describe("the packages' code", () => {
  it('keeps logic out of long lines: a line over 140 characters interpolates names only, and no call or operator', () => {
    // A message longer than a line may stay one string; what it computes gets a name of its own.
    const logicInside = /\$\{(?![\w.!?]+\})/;
    const long = tsFiles('packages').flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (line.length > 140 && logicInside.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(long).toEqual([]);
  });
});
