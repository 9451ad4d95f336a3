// Reading an API key from standard input: one line from a pipe, or typed on a terminal with the echo
// off (raw mode), asked twice so that a typing error that cannot be seen is caught.
import { CliError, EXIT, type Input, type Output } from './io.ts';

/** Longer input than this is not a key; reading stops there. */
const MAX_BYTES = 64 * 1024;

/** The first line of a pipe, without its line ending; undefined when the input is empty. */
async function firstLine(stdin: Input): Promise<string | undefined> {
  let text = '';
  let read = 0;
  for await (const chunk of stdin) {
    const piece = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    read += piece.length;
    text += piece;
    if (text.includes('\n') || read > MAX_BYTES) break;
  }
  if (text === '') return undefined;
  return text.split('\n')[0]!.replace(/\r$/, '');
}

class Interrupted extends Error {}

/** One line typed on a terminal, echoing nothing; Ctrl-C interrupts, Backspace and Ctrl-U edit. */
function typed(stdin: Input & { setRawMode(raw: boolean): unknown }, stderr: Output, prompt: string): Promise<string> {
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let text: string[] = [];
    const finish = (settle: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      settle();
    };
    const onData = (chunk: string | Buffer) => {
      const keys = String(chunk);
      // An escape sequence (an arrow key, a function key) is no part of a key.
      if (keys.startsWith('\u001b')) return;
      for (const key of keys) {
        if (key === '\r' || key === '\n' || (key === '\u0004' && text.length === 0))
          return finish(() => resolve(text.join('')));
        if (key === '\u0003') return finish(() => reject(new Interrupted()));
        if (key === '\u007f' || key === '\b') text = text.slice(0, -1);
        else if (key === '\u0015') text = [];
        else if (key >= ' ') text.push(key);
      }
    };
    stdin.on('data', onData);
  });
}

/** What is wrong with a key, if anything (a phrase, no full stop). */
function keyProblem(key: string): string | undefined {
  if (key === '') return 'The API key is empty: an API user needs a key of at least one character';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds.
  if (/[\u0000-\u001f\u007f]/.test(key))
    return 'The API key has control characters, which HTTP Basic credentials cannot carry';
  return undefined;
}

/**
 * The API key for `user`: typed twice on a terminal (prompts on stderr, no echo), else the first
 * line of standard input. `unchanged` ends the messages of a refusal (what was left as it was).
 */
export async function readKey(
  stdin: Input | undefined,
  stderr: Output,
  user: string,
  unchanged: string,
): Promise<string> {
  let key: string | undefined;
  if (stdin?.isTTY && stdin.setRawMode) {
    const terminal = stdin as Input & { setRawMode(raw: boolean): unknown };
    try {
      key = await typed(terminal, stderr, `API key for ${JSON.stringify(user)} (not shown): `);
      if (key !== '' && (await typed(terminal, stderr, 'The same API key again: ')) !== key)
        throw new CliError(`The two keys typed differ; ${unchanged}.`, EXIT.BAD_INPUT);
    } catch (error) {
      if (error instanceof Interrupted) throw new CliError(`Interrupted; ${unchanged}.`, EXIT.INTERRUPTED);
      throw error;
    }
  } else {
    key = stdin ? await firstLine(stdin) : undefined;
    if (key === undefined)
      throw new CliError(`No API key on standard input: pipe it in, one line; ${unchanged}.`, EXIT.BAD_INPUT);
  }
  const problem = keyProblem(key);
  if (problem) throw new CliError(`${problem}; ${unchanged}.`, EXIT.BAD_INPUT);
  return key;
}
