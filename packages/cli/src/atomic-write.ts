// Writing a file so that a reader sees the old one or the new one whole, never a part: a temporary
// file in the same folder, flushed to disk, then renamed over the target.
import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** The file's mode, set whole whatever the umask; without it, a new file's (0o666 less the umask). */
  mode?: number;
  /** Aborting it before the rename leaves the target as it was, and removes the temporary file. */
  signal?: AbortSignal;
}

/** Writes `text` to `target` atomically: a reader sees the old file or the new one, whole. */
export async function writeFileAtomically(
  target: string,
  text: string,
  { mode, signal }: AtomicWriteOptions = {},
): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    signal?.throwIfAborted();
    handle = await open(temp, 'wx', mode ?? 0o666);
    // The umask may have taken bits away from the mode the file was opened with; set it whole.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(text, { signal });
    await handle.sync();
    await handle.close();
    handle = undefined;
    signal?.throwIfAborted();
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(path.dirname(target));
}

/** Flushes the folder, so that the rename itself survives a crash; where a folder cannot be opened so, nothing. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined);
  try {
    await handle?.sync();
  } catch {
    // Some systems refuse to flush a folder; the rename is then as durable as they make it.
  } finally {
    await handle?.close();
  }
}
