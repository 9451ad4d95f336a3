// What installing a package costs a user: the packages npm lays out under node_modules, and the
// bytes they take on disk. The package test holds the client to CLIENT_FOOTPRINT; the bench prints it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The most a project that installs the client alone may hold: packages, and bytes on disk. */
export const CLIENT_FOOTPRINT = { packages: 5, bytes: 1.5 * 1024 * 1024 };

/** The packages installed under a node_modules folder (scoped and nested ones too), by their folder. */
export function installedPackages(modules: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(modules, entry.name);
    const inside = entry.name.startsWith('@') ? readdirSync(dir).map((name) => path.join(dir, name)) : [dir];
    for (const pkg of inside) {
      found.push(path.relative(modules, pkg));
      const nested = path.join(pkg, 'node_modules');
      if (statSync(nested, { throwIfNoEntry: false })?.isDirectory())
        found.push(
          ...installedPackages(nested).map((name) => path.join(path.relative(modules, pkg), 'node_modules', name)),
        );
    }
  }
  return found;
}

/** Bytes on disk of the files under dir (what du counts, in 4 KiB blocks rounded up). */
export function diskBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += Math.ceil(statSync(path.join(entry.parentPath, entry.name)).size / 4096) * 4096;
  }
  return bytes;
}
