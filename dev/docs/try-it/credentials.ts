// The credentials of Try it: in the page's memory, shared by every operation's panel, and kept in
// sessionStorage (this tab, until it closes) only while the user has ticked the box that says so.
// Never in the address, the history, localStorage or a snippet.

export interface CredentialFields {
  user: string;
  key: string;
  partnerId: string;
}

/** The sessionStorage entry, present only while the box is ticked. */
export const SESSION_KEY = 'shipping-try-it-credentials';

type Listener = (fields: CredentialFields, remember: boolean) => void;

export class Credentials {
  #fields: CredentialFields = { user: '', key: '', partnerId: '' };
  #remember = false;
  readonly #listeners = new Set<Listener>();

  readonly #storage: Storage | undefined;

  constructor(storage: Storage | undefined) {
    this.#storage = storage;
    const kept = this.#read();
    if (kept) {
      this.#fields = kept;
      this.#remember = true;
    }
  }

  get fields(): CredentialFields {
    return { ...this.#fields };
  }

  get remember(): boolean {
    return this.#remember;
  }

  /** Changes some fields; every panel hears of it. */
  update(fields: Partial<CredentialFields>): void {
    this.#fields = { ...this.#fields, ...fields };
    this.#keep();
  }

  /** Ticks or unticks the box: unticked, the tab forgets them at once. */
  setRemember(remember: boolean): void {
    this.#remember = remember;
    this.#keep();
  }

  onChange(listener: Listener): void {
    this.#listeners.add(listener);
  }

  #keep(): void {
    try {
      if (this.#remember) this.#storage?.setItem(SESSION_KEY, JSON.stringify(this.#fields));
      else this.#storage?.removeItem(SESSION_KEY);
    } catch {
      // Storage refused (a private mode, a full quota): the credentials stay in memory only.
    }
    for (const listener of this.#listeners) listener(this.fields, this.#remember);
  }

  #read(): CredentialFields | undefined {
    try {
      const text = this.#storage?.getItem(SESSION_KEY);
      if (!text) return undefined;
      const value = JSON.parse(text);
      const field = (name: string) => (typeof value?.[name] === 'string' ? value[name] : '');
      return { user: field('user'), key: field('key'), partnerId: field('partnerId') };
    } catch {
      return undefined;
    }
  }
}

/** The Authorization header of HTTP Basic: user, a colon, key, as UTF-8 in Base64. */
export function basicAuthorization(user: string, key: string): string {
  const bytes = new TextEncoder().encode(`${user}:${key}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
