// `shipping-api sandbox-accounts add|remove|list`: the key from a pipe or typed unseen on a terminal,
// the file written atomically and readable by its owner only, names refused with a reason, the file
// never touched when anything is wrong; the sandbox admits what the command wrote.
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { writeAccounts } from '../support/fixtures/accounts.ts';
import { basic } from '../support/fixtures/basic.ts';
import { folder, run, spawnCli } from '../support/harness/cli.ts';
import { hasTmux, tmuxServer, untilShown } from '../support/harness/tmux.ts';

const files = folder({});
afterAll(() => files.remove());
/** The command in this process, its standard input a pipe holding `input`. */
const cli = (argv: string[], input?: string) =>
  run(['sandbox-accounts', ...argv], { cwd: files.dir, ...(input === undefined ? {} : { stdin: input }) });
/** The command as its own process, as a user runs it. */
const spawned = (argv: string[], input?: string) =>
  spawnCli(['sandbox-accounts', ...argv], { cwd: files.dir, ...(input === undefined ? {} : { input }) });
const at = (name: string) => path.join(files.dir, name);
const leftovers = () => readdirSync(files.dir).filter((name) => name.endsWith('.tmp'));

/** Whether a sandbox reading `file` admits `user` with `key`. */
async function admits(file: string, user: string, key: string): Promise<boolean> {
  const sandbox = await startSandbox({ accounts: at(file) });
  try {
    const response = await fetch(`${sandbox.baseUrl}/setups/carriers`, {
      headers: { authorization: basic(user, key) },
    });
    await response.body?.cancel();
    return response.status === 200;
  } finally {
    await sandbox.close();
  }
}

describe('add, list, remove with the key piped in', () => {
  it('makes the file, readable by its owner only, with no temporary file left and the key nowhere', async () => {
    const added = await spawned(['add', 'accounts.json', 'partner-7'], 'partner-key-7\n');
    expect(added).toMatchObject({ code: 0, stdout: 'Added API user "partner-7" to accounts.json (1 API user).\n' });
    expect(statSync(at('accounts.json')).mode & 0o777).toBe(0o600);
    expect(leftovers()).toEqual([]);
    const text = readFileSync(at('accounts.json'), 'utf8');
    expect(text).not.toContain('partner-key-7');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      accounts: { 'partner-7': { key: expect.stringMatching(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/) } },
    });
    expect(added.stdout + added.stderr).not.toContain('partner-key-7');
    expect(await admits('accounts.json', 'partner-7', 'partner-key-7')).toBe(true);
    expect(await admits('accounts.json', 'partner-7', 'partner-key-7\n')).toBe(false);
  });

  it('adds a second user, gives one a new key, lists the names only, removes one', async () => {
    expect((await cli(['add', 'accounts.json', 'partner-8'], 'partner-key-8')).stdout).toBe(
      'Added API user "partner-8" to accounts.json (2 API users).\n',
    );
    expect((await cli(['add', 'accounts.json', 'partner-7'], 'partner-key-7b\r\n')).stdout).toBe(
      'Gave API user "partner-7" a new key in accounts.json (2 API users).\n',
    );
    expect(await admits('accounts.json', 'partner-7', 'partner-key-7b')).toBe(true);
    expect(await admits('accounts.json', 'partner-7', 'partner-key-7')).toBe(false);

    const list = await cli(['list', 'accounts.json']);
    expect(list).toMatchObject({ code: 0, stdout: 'partner-7\npartner-8\n', stderr: '' });
    expect((await cli(['list', 'accounts.json', '--json'])).stdout).toBe('{"users":["partner-7","partner-8"]}\n');

    expect((await cli(['remove', 'accounts.json', 'partner-7'])).stdout).toBe(
      'Removed API user "partner-7" from accounts.json (1 API user left).\n',
    );
    expect((await cli(['list', 'accounts.json'])).stdout).toBe('partner-8\n');
    expect(statSync(at('accounts.json')).mode & 0o777).toBe(0o600);
    expect(leftovers()).toEqual([]);
  });

  it('writes the file owner-only even where it was readable by others, by a rename', async () => {
    writeFileSync(at('open.json'), '{"version":1,"accounts":{}}');
    chmodSync(at('open.json'), 0o644);
    const before = statSync(at('open.json')).ino;
    expect((await cli(['add', 'open.json', 'partner-9'], 'partner-key-9')).code).toBe(0);
    expect(statSync(at('open.json')).mode & 0o777).toBe(0o600);
    // A new file renamed over the old one, not the old one rewritten in place.
    expect(statSync(at('open.json')).ino).not.toBe(before);
    expect(leftovers()).toEqual([]);
  });

  describe('refusals', () => {
    beforeAll(() => writeAccounts(at('kept.json'), { 'partner-1': 'partner-key-1' }));

    it.each([
      [
        'a user name with ":"',
        ['add', 'kept.json', 'a:b'],
        'key',
        '"a:b" is not an API user name: an API user name has no ":" (HTTP Basic separates the user and the key with it).',
      ],
      [
        'an empty user name',
        ['add', 'kept.json', ''],
        'key',
        '"" is not an API user name: an API user name is not empty.',
      ],
      [
        'a control character',
        ['add', 'kept.json', 'a\tb'],
        'key',
        '"a\\tb" is not an API user name: an API user name has no control characters.',
      ],
      [
        'an empty key',
        ['add', 'kept.json', 'partner-10'],
        '\n',
        'The API key is empty: an API user needs a key of at least one character; kept.json was not changed.',
      ],
      [
        'no key at all',
        ['add', 'kept.json', 'partner-10'],
        '',
        'No API key on standard input: pipe it in, one line; kept.json was not changed.',
      ],
      [
        'a key with a control character',
        ['add', 'kept.json', 'partner-10'],
        'a\u0007b\n',
        'The API key has control characters, which HTTP Basic credentials cannot carry; kept.json was not changed.',
      ],
      [
        'a user not in the file',
        ['remove', 'kept.json', 'partner-10'],
        undefined,
        'kept.json has no API user "partner-10"; nothing was changed.',
      ],
      ['a file that is missing', ['list', 'none.json'], undefined, 'none.json: cannot be read (no such file).'],
      [
        'a folder that is missing',
        ['add', 'no-folder/kept.json', 'partner-10'],
        'key',
        'no-folder/kept.json: cannot be written (ENOENT); it was not changed.',
      ],
    ])('refuses %s with exit 2, one line, and the file untouched', async (_what, argv, input, message) => {
      const before = readFileSync(at('kept.json'));
      const result = await cli(argv, input);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`shipping-api: ${message}\n`);
      expect(readFileSync(at('kept.json'))).toEqual(before);
      expect(leftovers()).toEqual([]);
    });
  });

  it('leaves a file that breaks the format as it is, naming the JSON pointer of the problem', async () => {
    writeFileSync(at('broken.json'), '{"version":1,"accounts":{"partner-11":{"key":"partner-key-11"}}}');
    for (const argv of [
      ['add', 'broken.json', 'partner-12'],
      ['remove', 'broken.json', 'partner-11'],
      ['list', 'broken.json'],
    ]) {
      const result = await cli(argv, 'key');
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^shipping-api: broken\.json: breaks the accounts file format at JSON pointer \/accounts\/partner-11\/key: is not the hash of a key/,
      );
      expect(result.stderr).not.toContain('partner-key-11');
    }
    expect(readFileSync(at('broken.json'), 'utf8')).toBe(
      '{"version":1,"accounts":{"partner-11":{"key":"partner-key-11"}}}',
    );
  });

  it('takes the key from standard input only, and says so in its help', async () => {
    const help = await cli(['add', '--help']);
    expect(help.stdout).toContain('Usage: shipping-api sandbox-accounts add [options] <file> <user>');
    expect(help.stdout).toMatch(/typed twice on a terminal, where it is not shown, or the first\s+line of a pipe/);
    expect((await cli(['add', 'accounts.json', 'partner-13', 'the-key'])).code).toBe(2);
  });
});

describe('add on a terminal', () => {
  const terminal = tmuxServer(files.dir);
  beforeAll(() => {
    if (!hasTmux) throw new Error('The terminal tests need tmux: apt-get install tmux.');
  });
  afterAll(() => terminal.kill());

  it('asks for the key twice on stderr and shows none of it', async () => {
    const add = terminal.open('typed', ['sandbox-accounts', 'add', 'typed.json', 'partner-14']);
    await untilShown('the prompt', () => add.capture().includes('API key for "partner-14" (not shown):'));
    add.send('typed-key-14', true);
    add.send('Enter');
    await untilShown('the second prompt', () => add.capture().includes('The same API key again:'));
    add.send('typed-key-14', true);
    add.send('Enter');
    await untilShown('the exit code', () => add.rc());
    const screen = add.capture();
    expect(add.rc()).toBe('0');
    expect(screen).toContain('Added API user "partner-14" to typed.json (1 API user).');
    expect(screen).not.toContain('typed-key');
    expect(await admits('typed.json', 'partner-14', 'typed-key-14')).toBe(true);
  });

  it('refuses two keys that differ, and ends with 130 on Ctrl-C, the file not made', async () => {
    const differ = terminal.open('differ', ['sandbox-accounts', 'add', 'differ.json', 'partner-15']);
    await untilShown('the prompt', () => differ.capture().includes('(not shown):'));
    differ.send('one-key', true);
    differ.send('Enter');
    await untilShown('the second prompt', () => differ.capture().includes('again:'));
    differ.send('another-key', true);
    differ.send('Enter');
    await untilShown('the exit code', () => differ.rc());
    expect(differ.rc()).toBe('2');
    expect(differ.capture()).toContain('shipping-api: The two keys typed differ; differ.json was not changed.');

    const interrupted = terminal.open('interrupted', ['sandbox-accounts', 'add', 'differ.json', 'partner-15']);
    await untilShown('the prompt', () => interrupted.capture().includes('(not shown):'));
    interrupted.send('half', true);
    interrupted.send('C-c');
    await untilShown('the exit code', () => interrupted.rc());
    expect(interrupted.rc()).toBe('130');
    expect(interrupted.capture()).toContain('Interrupted; differ.json was not changed.');
    expect(readdirSync(files.dir)).not.toContain('differ.json');
  });
});
