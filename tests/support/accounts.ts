// Accounts files of the sandbox for the tests, with real scrypt hashes of the keys given.
import { writeFileSync } from 'node:fs';
import { accountsText } from '../../packages/sandbox/src/accounts/file.ts';
import { hashKey, type KeyHasher, scryptHasher } from '../../packages/sandbox/src/accounts/key-hash.ts';

/** Writes an accounts file admitting each API user of `keys` with its key. */
export async function writeAccounts(file: string, keys: Record<string, string>): Promise<void> {
  const hashed = await Promise.all(
    Object.entries(keys).map(async ([user, key]) => [user, await hashKey(key)] as const),
  );
  writeFileSync(file, accountsText(hashed), { mode: 0o600 });
}

/** node:crypto's scrypt, counting its calls and noting the work of each (N, r, p and the hash's length). */
export function countingHasher(): KeyHasher & { calls: number; work: string[] } {
  const hasher = Object.assign(
    (async (...args: Parameters<KeyHasher>) => {
      const [, , { N, r, p }, length] = args;
      hasher.calls += 1;
      hasher.work.push(`N=${N} r=${r} p=${p} length=${length}`);
      return scryptHasher(...args);
    }) as KeyHasher,
    { calls: 0, work: [] as string[] },
  );
  return hasher;
}
