// The one atomic write of the repository (setup pull, sandbox-accounts, npm run record): the old
// file or the new one, whole; the mode set whole when given; an aborted write changes nothing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeFileAtomically } from '../../packages/cli/src/atomic-write.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const dir = tempDirForTests('atomic-write-');
const mode = (file: string) => statSync(file).mode & 0o777;

it('replaces the file whole and leaves no temporary file', async () => {
  const target = path.join(dir, 'setup.json');
  writeFileSync(target, 'old');
  await writeFileAtomically(target, 'new text');
  expect(readFileSync(target, 'utf8')).toBe('new text');
  expect(readdirSync(dir).filter((name) => name.includes('setup.json'))).toEqual(['setup.json']);
});

it('gives a new file the mode asked for whatever the umask, and else the mode a new file gets', async () => {
  const secret = path.join(dir, 'accounts.json');
  await writeFileAtomically(secret, '{}', { mode: 0o600 });
  expect(mode(secret)).toBe(0o600);
  await writeFileAtomically(secret, '{}', { mode: 0o640 });
  expect(mode(secret)).toBe(0o640);
  const plain = path.join(dir, 'plain.json');
  const usual = path.join(dir, 'usual.json');
  writeFileSync(usual, '');
  await writeFileAtomically(plain, '{}');
  expect(mode(plain)).toBe(mode(usual));
});

it('leaves the file as it was when the signal is aborted', async () => {
  const target = path.join(dir, 'kept.json');
  writeFileSync(target, 'old');
  const controller = new AbortController();
  controller.abort();
  await expect(writeFileAtomically(target, 'new', { signal: controller.signal })).rejects.toThrow(/abort/i);
  expect(readFileSync(target, 'utf8')).toBe('old');
  expect(readdirSync(dir).filter((name) => name.includes('kept.json'))).toEqual(['kept.json']);
});
