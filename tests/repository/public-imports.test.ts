// Every package is used through what it publishes (dev/lint/public-imports.ts): no file of dev/,
// packages/, tests/ or scripts/ imports a bundled chunk, or a path of a package that its `exports`
// map leaves out, or a build folder of a package that has no such map, but for the paths a package
// documents for import (DOCUMENTED_PATHS, each with where it says so).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_PATHS, exported, privateImports, privateImportsOf } from '../../dev/lint/public-imports.ts';
import { root } from '../../dev/paths.ts';

/** The specifiers privateImportsOf refuses in a file of dev/ that imports each of `specifiers`. */
const refused = (...specifiers: string[]) =>
  privateImportsOf(path.join(root, 'dev/planted.ts'), specifiers.map((s) => `import x from '${s}';`).join('\n')).map(
    (found) => found.specifier,
  );

describe('imports of other packages', () => {
  it('name only what each package publishes, in every file of dev/, packages/, tests/ and scripts/', () => {
    expect(privateImports()).toEqual([]);
  });

  it.each([
    ['a bundled chunk of a command line without an exports map', '@redocly/cli/lib/chunks/KSRBMNUH.js'],
    [
      'a dist/ module of a package without an exports map',
      '@stoplight/prism-http/dist/mocker/negotiator/NegotiatorHelpers.js',
    ],
    ['a lib/ module that the exports map leaves out', '@redocly/openapi-core/lib/bundle/bundle.js'],
    ['a dist/ module Ajv does not document', 'ajv/dist/runtime/ucs2length'],
  ])('refuses %s', (_what, specifier) => {
    expect(refused(specifier)).toEqual([specifier]);
  });

  it('names the file, the line and the reason', () => {
    const chunk = '@redocly/cli/lib/chunks/KSRBMNUH.js';
    const [found] = privateImportsOf(
      path.join(root, 'dev/build/planted.ts'),
      `import path from 'node:path';\nconst cli = await import('${chunk}' as string);\n`,
    );
    expect(found).toEqual({
      file: 'dev/build/planted.ts',
      line: 2,
      specifier: '@redocly/cli/lib/chunks/KSRBMNUH.js',
      reason: '@redocly/cli has no exports map, and lib/ is its build, not its API',
    });
  });

  it.each([
    ['an exported subpath', '@stoplight/spectral-ruleset-bundler/with-loader'],
    ['a subpath an exports pattern lists', 'redoc/bundles/redoc.standalone.js'],
    ['a subpath an exports pattern lists (plugins/*)', '@stoplight/spectral-ruleset-bundler/plugins/commonjs'],
    ['a main entry', '@redocly/openapi-core'],
    ['a scoped main entry with a conditions-only map', 'react-dom/server'],
    ...Object.keys(DOCUMENTED_PATHS).map((specifier) => [`a documented path (${specifier})`, specifier]),
    ['a documented path with its file name', 'ajv/dist/standalone/index.js'],
    ['a builtin', 'node:fs'],
    ['a relative path', '../paths.ts'],
  ])('accepts %s', (_what, specifier) => {
    expect(refused(specifier!)).toEqual([]);
  });

  it('reads an exports map as Node does: exact keys, patterns, null excludes, a conditions map is the main entry', () => {
    const map = { '.': './index.js', './feature': './f.js', './lib/*': './lib/*.js', './lib/private/*': null };
    expect(exported(map, './feature')).toBe(true);
    expect(exported(map, './lib/a')).toBe(true);
    expect(exported(map, './lib/private/a')).toBe(false);
    expect(exported(map, './other')).toBe(false);
    expect(exported({ import: './a.js', require: './a.cjs' }, '.')).toBe(true);
    expect(exported({ import: './a.js' }, './a.js')).toBe(false);
    expect(exported('./a.js', './a.js')).toBe(false);
  });
});
