// What `npm run dev` watches, with fs.watch: the folder openapi/ and everything under it (the files
// the root reaches, new files it comes to reach, the lint functions, the plugins, the setup file's
// JSON Schema), docs/ (the guides), the page templates in dev/docs/, the configurations at the root, and
// any file the root reaches outside those folders. A burst of saves is one call of `onChange`, with
// every file it touched; a watched folder that disappears is one call of `onGone`.
import { existsSync, type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import { root } from '../../paths.ts';

/** Quiet time after the last event before a rebuild: an editor's save is several events. */
export const DEBOUNCE_MS = 30;

/** The folders watched: each with whether its subfolders are. */
export const WATCHED_FOLDERS: Array<{ folder: string; recursive: boolean }> = [
  { folder: 'openapi', recursive: true },
  { folder: 'docs', recursive: false },
  { folder: 'dev/docs', recursive: false },
  { folder: '.', recursive: false },
];

/** Files outside the watched folders' own concern that are not inputs: what the build itself writes, and editors' leftovers. */
const ignored = (file: string) =>
  /(^|\/)(\.#|#)|~$|\.sw[px]$|(^|\/)4913$/.test(file) ||
  (file.startsWith('docs/') && !file.endsWith('.md')) ||
  (file.startsWith('dev/') && !/^dev\/docs\/[^/]+\.(hbs|js)$/.test(file)) ||
  (!file.includes('/') && !['redocly.yaml', '.spectral.yaml', 'README.md', 'CHANGELOG.md'].includes(file));

const recursiveUnder = (file: string) =>
  WATCHED_FOLDERS.some(({ folder, recursive }) => recursive && file.startsWith(`${folder}/`));
const isFolder = (file: string) => {
  try {
    return statSync(path.join(root, file)).isDirectory();
  } catch {
    return false;
  }
};

export interface Watcher {
  /** Also watch these files (those the root reaches outside the watched folders). */
  add: (files: string[]) => void;
  close: () => void;
}

export function watchInputs({
  onChange,
  onGone,
  debounceMs = DEBOUNCE_MS,
}: {
  onChange: (files: string[]) => void;
  onGone: (folder: string) => void;
  debounceMs?: number;
}): Watcher {
  const watchers = new Map<string, FSWatcher>();
  const known = new Set<string>();
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const gone = (folder: string) => {
    if (closed) return;
    closed = true;
    close();
    onGone(folder);
  };
  const changed = (file: string) => {
    if (closed || ignored(file)) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      // An editor's temporary file, gone by now, is no change; a file the root reached that is gone is.
      const files = [...pending].filter((file) => known.has(file) || existsSync(path.join(root, file))).sort();
      pending = new Set();
      if (files.length > 0) onChange(files);
    }, debounceMs);
  };
  // One watch per folder, not Node's recursive watch: on Linux that one follows files, and loses a
  // file an editor saves by writing a new one over it.
  const watchFolder = (folder: string) => {
    const abs = path.join(root, folder);
    if (watchers.has(folder) || !existsSync(abs)) return;
    const watcher = watch(abs, (_event, name) => {
      const missing = WATCHED_FOLDERS.find((watched) => !existsSync(path.join(root, watched.folder)));
      if (missing) return gone(missing.folder);
      if (!name) return;
      const file = path.posix.normalize(path.posix.join(folder, `${name}`.split(path.sep).join('/')));
      if (recursiveUnder(file) && isFolder(file)) return watchTree(file);
      changed(file);
    });
    watcher.on('error', () => gone(folder));
    watchers.set(folder, watcher);
  };
  const watchTree = (folder: string) => {
    watchFolder(folder);
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true }))
      if (entry.isDirectory()) watchTree(path.posix.join(folder, entry.name));
  };
  for (const { folder, recursive } of WATCHED_FOLDERS) (recursive ? watchTree : watchFolder)(folder);
  const inWatchedFolder = (file: string) =>
    WATCHED_FOLDERS.some(({ folder, recursive }) =>
      recursive ? file.startsWith(`${folder}/`) : path.posix.dirname(file) === folder,
    );
  const close = () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  return {
    add: (files) => {
      for (const file of files) {
        known.add(file);
        if (watchers.has(file) || inWatchedFolder(file) || !existsSync(path.join(root, file))) continue;
        const watcher = watch(path.join(root, file), () => changed(file));
        watcher.on('error', () => {});
        watchers.set(file, watcher);
      }
    },
    close: () => {
      closed = true;
      close();
    },
  };
}
