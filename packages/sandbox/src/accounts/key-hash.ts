// API keys as the accounts file stores them: scrypt hashes, written `scrypt$N$r$p$<salt>$<hash>`
// (salt and hash in base64url), each with a random salt, compared in constant time.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface KeyHash extends ScryptCost {
  salt: Buffer;
  hash: Buffer;
}

/** The cost of a new hash: 32 MiB and about 0.1 s of one core, paid once per credential thanks to the cache. */
const SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** scrypt needs about 128·N·r bytes; a hash that would need more is refused when the file is read. */
const MAX_MEMORY = 256 * 1024 * 1024;

/** Derives the hash of a key: node:crypto scrypt. A test may pass its own that calls it, to count the calls. */
export type KeyHasher = (key: string, salt: Buffer, cost: ScryptCost, length: number) => Promise<Buffer>;

export const scryptHasher: KeyHasher = (key, salt, { N, r, p }, length) =>
  new Promise((resolve, reject) => {
    scrypt(key, salt, length, { N, r, p, maxmem: MAX_MEMORY + 1024 * 1024 }, (error, derived) =>
      error ? reject(error) : resolve(derived),
    );
  });

function formatKeyHash({ N, r, p, salt, hash }: KeyHash): string {
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** A new hash of `key`, with a random salt, as the accounts file stores it. */
export async function hashKey(key: string, hasher: KeyHasher = scryptHasher): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return formatKeyHash({ ...SCRYPT_COST, salt, hash: await hasher(key, salt, SCRYPT_COST, HASH_BYTES) });
}

const NUMBER = /^[1-9]\d{0,9}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function bytesOf(text: string, what: string): Buffer | string {
  const bytes = Buffer.from(text, 'base64url');
  if (!BASE64URL.test(text) || bytes.toString('base64url') !== text) return `the ${what} is not base64url`;
  if (bytes.length < 16 || bytes.length > 64) return `the ${what} must be 16 to 64 bytes (it is ${bytes.length})`;
  return bytes;
}

function costProblem(N: number, r: number, p: number): string | undefined {
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return 'N must be a power of two from 2 to 1048576';
  if (r > 16 || p > 16) return 'r and p must be from 1 to 16';
  if (128 * N * r > MAX_MEMORY) return 'N and r would need more than 256 MiB (128·N·r bytes)';
  return undefined;
}

/** Reads a stored hash; a string is what is wrong with it (never the hash itself). */
export function parseKeyHash(text: string): KeyHash | string {
  const parts = text.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return 'it is not six fields scrypt$N$r$p$<salt>$<hash>';
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((part) => NUMBER.test(part))) return 'N, r and p must be whole numbers';
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const costIssue = costProblem(cost.N, cost.r, cost.p);
  if (costIssue) return costIssue;
  const salt = bytesOf(saltText, 'salt');
  if (typeof salt === 'string') return salt;
  const hash = bytesOf(hashText, 'hash');
  if (typeof hash === 'string') return hash;
  return { ...cost, salt, hash };
}

/** Whether `key` is the key of `stored`: scrypt with its salt and cost, then a constant-time comparison. */
export async function keyMatches(key: string, stored: KeyHash, hasher: KeyHasher = scryptHasher): Promise<boolean> {
  const derived = await hasher(key, stored.salt, stored, stored.hash.length);
  return derived.length === stored.hash.length && timingSafeEqual(derived, stored.hash);
}

/**
 * A hash that no key matches, of the same cost as `like`: an unknown API user is checked against it,
 * so that it costs the same scrypt work as a known one and its refusal comes as late.
 */
export function decoyHash(like: ScryptCost = SCRYPT_COST, length = HASH_BYTES): KeyHash {
  return { N: like.N, r: like.r, p: like.p, salt: randomBytes(SALT_BYTES), hash: randomBytes(length) };
}
