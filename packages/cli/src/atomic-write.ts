// Writing a file so that a reader sees the old one or the new one whole, never a part: a temporary
// file in the same folder, flushed to disk, then renamed over the target.
import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Writes `text` to `target` atomically, with `mode` (owner read and write only unless told). */
export async function writeFileAtomically(target: string, text: string, mode = 0o600): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', mode);
    // The umask may have taken bits away from the mode the file was opened with; set it whole.
    await handle.chmod(mode);
    await handle.writeFile(text);
    await handle.sync();
    await handle.close();
    handle = undefined;
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
