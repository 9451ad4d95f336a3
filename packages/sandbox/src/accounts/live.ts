// The accounts of a running sandbox: the file is watched with fs.watchFile, which polls its status
// and so also sees a new file renamed into place, and read again on every change. A good reading
// replaces the last one, and its cache with it, so a removed API user is refused from then on; a
// file that became invalid leaves the last good accounts in force and says so in one line on stderr.
import { unwatchFile, watchFile } from 'node:fs';
import { type Accounts, AccountsFileError, readAccounts } from './file.ts';
import type { KeyHasher } from './key-hash.ts';
import { Verifier } from './verifier.ts';

/** How often the file's status is looked at: a change takes effect within this and one reading. */
const WATCH_INTERVAL_MS = 250;

export type Log = (line: string) => void;

const stderrLog: Log = (line) => process.stderr.write(`sandbox: ${line}\n`);

export class LiveAccounts {
  #verifier: Verifier;
  #watching = false;
  readonly #hasher: KeyHasher | undefined;
  readonly #log: Log;

  constructor(accounts: Accounts, hasher?: KeyHasher, log: Log = stderrLog) {
    this.#hasher = hasher;
    this.#log = log;
    this.#verifier = new Verifier(accounts, hasher);
  }

  get file(): string {
    return this.#verifier.accounts.file;
  }

  /** The API users admitted now. */
  get users(): string[] {
    return [...this.#verifier.accounts.users.keys()];
  }

  verify(header: string, user: string, key: string): Promise<boolean> {
    return this.#verifier.verify(header, user, key);
  }

  /** Starts watching, and reads the file once more: it may have changed since it was first read. */
  watch(): void {
    if (this.#watching) return;
    this.#watching = true;
    watchFile(this.file, { interval: WATCH_INTERVAL_MS }, this.#changed);
    this.#reload();
  }

  close(): void {
    if (!this.#watching) return;
    this.#watching = false;
    unwatchFile(this.file, this.#changed);
  }

  readonly #changed = () => this.#reload();

  #reload(): void {
    try {
      this.#verifier = new Verifier(readAccounts(this.file), this.#hasher);
    } catch (error) {
      if (!(error instanceof AccountsFileError)) throw error;
      const count = this.#verifier.accounts.users.size;
      this.#log(`${error.message} The accounts read last stay in force (${count} API user${count === 1 ? '' : 's'}).`);
    }
  }
}
