// Every package is used through what it publishes: an import of another package names its main
// entry or a path its `exports` map lists; a package without an `exports` map is not reached into
// its build folders (dist/, lib/, ...). The few paths a package's own documentation tells its users
// to import, though its package.json does not export them, are listed with where it says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { root } from '../paths.ts';

/** The folders whose code is checked. */
export const CHECKED_FOLDERS = ['dev', 'packages', 'tests', 'scripts'];

/** Paths a package documents for import without exporting them, each with where it says so. */
export const DOCUMENTED_PATHS: Record<string, string> = {
  'ajv/dist/2020': "Ajv's guide, JSON Schema draft 2020-12: `import Ajv2020 from 'ajv/dist/2020'`",
  'ajv/dist/standalone': "Ajv's guide, standalone validation code: `import standaloneCode from 'ajv/dist/standalone'`",
  'ajv-formats/dist/formats':
    'Ajv\'s guide, standalone validation code with formats: `require("ajv-formats/dist/formats").fullFormats`',
};

/** Folders of a package's build, which a package without an `exports` map does not make public by that alone. */
const BUILD_FOLDERS = new Set(['dist', 'lib', 'build', 'cjs', 'esm', 'chunks', 'src']);

export interface PrivateImport {
  /** The importing file, relative to the repository. */
  file: string;
  line: number;
  specifier: string;
  reason: string;
}

// `from '…'`, `import '…'`, `import('…')`, `require('…')`, `require.resolve('…')` and
// `createRequire(…).resolve('…')`: every way a file names a module by a literal.
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\.resolve\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** The package and the path inside it that a bare specifier names: `@scope/name/sub/path` → [`@scope/name`, `./sub/path`]. */
export function splitSpecifier(specifier: string): [string, string] {
  const parts = specifier.split('/');
  const length = specifier.startsWith('@') ? 2 : 1;
  const rest = parts.slice(length).join('/');
  return [parts.slice(0, length).join('/'), rest ? `./${rest}` : '.'];
}

/** Whether `subpath` is one the `exports` map lists (exactly, or by a pattern with `*`), not excluded by null. */
export function exported(exportsField: unknown, subpath: string): boolean {
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return subpath === '.';
  if (!exportsField || typeof exportsField !== 'object') return false;
  const keys = Object.keys(exportsField);
  // A map of conditions alone is the main entry's.
  if (!keys.some((key) => key.startsWith('.'))) return subpath === '.';
  const map = exportsField as Record<string, unknown>;
  if (subpath in map) return map[subpath] !== null;
  // The longest matching pattern decides, as Node resolves it.
  const match = keys
    .filter((key) => {
      const star = key.indexOf('*');
      if (star < 0) return key.endsWith('/') && subpath.startsWith(key);
      return (
        subpath.startsWith(key.slice(0, star)) &&
        subpath.endsWith(key.slice(star + 1)) &&
        subpath.length >= key.length - 1
      );
    })
    .sort((a, b) => b.length - a.length)[0];
  return match !== undefined && map[match] !== null;
}

/** The package.json of `name` as a file in `dir` resolves it (the nearest node_modules that holds it). */
function packageJson(name: string, dir: string): { exports?: unknown } | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (at === path.dirname(at)) return undefined;
  }
}

/** Why importing `specifier` from `file` (absolute) reaches into a package, or undefined when it does not. */
export function privateReason(specifier: string, file: string): string | undefined {
  if (/^[./#]/.test(specifier) || specifier.includes(':') || isBuiltin(specifier)) return undefined;
  const [name, subpath] = splitSpecifier(specifier);
  if (subpath === '.') return undefined;
  const documented = specifier.replace(/(\/index)?\.(c|m)?js$/, '');
  if (DOCUMENTED_PATHS[documented]) return undefined;
  const manifest = packageJson(name, path.dirname(file));
  if (!manifest) return undefined;
  if (manifest.exports !== undefined)
    return exported(manifest.exports, subpath) ? undefined : `${name} does not export ${subpath}`;
  const folder = subpath.split('/')[1]!;
  return BUILD_FOLDERS.has(folder) ? `${name} has no exports map, and ${folder}/ is its build, not its API` : undefined;
}

/** The private imports of one file's text (`file` absolute, for resolving packages). */
export function privateImportsOf(file: string, text: string): PrivateImport[] {
  const found: PrivateImport[] = [];
  for (const match of text.matchAll(SPECIFIERS)) {
    const specifier = match[2]!;
    const reason = privateReason(specifier, file);
    if (reason === undefined) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ file: path.relative(root, file).split(path.sep).join('/'), line, specifier, reason });
  }
  return found;
}

const CODE = /\.(?:[cm]?[jt]s|tsx?)$/;

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'generated', 'dist'].includes(entry.name) ? [] : codeFiles(at);
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [at] : [];
  });
}

/** Every private import in the checked folders of `base` (the repository by default). */
export function privateImports(base = root): PrivateImport[] {
  return CHECKED_FOLDERS.flatMap((folder) => codeFiles(path.join(base, folder))).flatMap((file) =>
    privateImportsOf(file, readFileSync(file, 'utf8')),
  );
}
