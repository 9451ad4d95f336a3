// The packages' rooms (CONTRIBUTING.md, "Layout and boundaries"): at most 20 files at the top of each
// package's src/, the rest in folders by part; the sandbox's decisions (service/) written without
// Fastify, so that they can be read and tested without a server; the sandbox without the client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';

const MOST_AT_TOP = 20;
const packagesDir = path.join(root, 'packages');
const packages = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The files (not folders) at the top of a package's src/. */
const topFiles = (name: string) =>
  readdirSync(path.join(packagesDir, name, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** The .ts files under a folder, relative to the root. */
const tsFilesUnder = (folder: string) =>
  readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

/** Every module a file names: static and dynamic imports, re-exports, and module augmentations. */
const modulesNamed = (file: string) =>
  [
    ...readFileSync(path.join(root, file), 'utf8').matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*|\bdeclare\s+module\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g,
    ),
  ].map((match) => match[1]!);

describe("the packages' rooms", () => {
  it.each(packages)(`packages/%s/src has at most ${MOST_AT_TOP} files at its top`, (name) => {
    const files = topFiles(name);
    expect(files.length, `packages/${name}/src: ${files.join(', ')}`).toBeLessThanOrEqual(MOST_AT_TOP);
  });

  it("the sandbox's decisions (packages/sandbox/src/service/) import neither Fastify nor its plugins", () => {
    const files = tsFilesUnder('packages/sandbox/src/service');
    expect(files.length).toBeGreaterThan(0);
    const fastify = files.flatMap((file) =>
      modulesNamed(file)
        .filter((name) => name === 'fastify' || name.startsWith('fastify/') || name.startsWith('@fastify/'))
        .map((name) => `${file} imports ${name}`),
    );
    expect(fastify).toEqual([]);
  });

  it('the sandbox reaches no code of the client: the pre-flight rules are the contract package’s', () => {
    const client = tsFilesUnder('packages/sandbox/src').filter((file) =>
      modulesNamed(file).some((name) => name.startsWith('shipping-api-v3-client')),
    );
    expect(client).toEqual([]);
  });
});
