// Accounts files of the sandbox for the tests, with real scrypt hashes of the keys given.
import { randomBytes, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { accountsText } from '../../packages/sandbox/src/accounts/file.ts';
import { hashKey, type KeyHasher, scryptHasher } from '../../packages/sandbox/src/accounts/key-hash.ts';

/**
 * Writes an accounts file admitting each API user of `keys` with its key. `cheap`: hashes of scrypt's
 * lowest cost the file takes, so that each refused key costs the sandbox a millisecond, not 0.1 s of
 * a core (for tests that send many wrong keys, such as conform's).
 */
export async function writeAccounts(
  file: string,
  keys: Record<string, string>,
  { cheap = false }: { cheap?: boolean } = {},
): Promise<void> {
  const hash = (key: string) => {
    if (!cheap) return hashKey(key);
    const salt = randomBytes(16);
    const derived = scryptSync(key, salt, 32, { N: 1024, r: 8, p: 1 });
    return `scrypt$1024$8$1$${salt.toString('base64url')}$${derived.toString('base64url')}`;
  };
  const hashed = await Promise.all(Object.entries(keys).map(async ([user, key]) => [user, await hash(key)] as const));
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
