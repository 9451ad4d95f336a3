// The command line in a real pseudo-terminal: `shipping-api` run in a tmux window of its own server,
// read back as the screen shows it, and typed at key by key.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FROM_SOURCE, MAIN, NODE } from './cli.ts';
import { until } from './until.ts';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export interface Window {
  /** The screen as it shows now; with `escapes`, its colour codes too. */
  capture(escapes?: boolean): string;
  /** Types `keys` (tmux key names, or literal text with `literal`). */
  send(keys: string, literal?: boolean): void;
  /** The exit code once the command ended. */
  rc(): string | undefined;
}

/** How a window opens: its width (120 columns unless given), its height (20 lines) and the variables of its command. */
export interface WindowOptions {
  width?: number;
  height?: number;
  env?: Record<string, string>;
}

/** A tmux server for one test file, its windows opened in `dir`; kill() ends them all. */
export function tmuxServer(dir: string): {
  open(name: string, argv: string[], options?: WindowOptions): Window;
  kill(): void;
} {
  const socket = `shipping-cli-test-${process.pid}-${path.basename(dir)}`;
  const tmux = (args: string[]) => {
    const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TERM: 'xterm-256color', HOME: dir, ...FROM_SOURCE },
    });
    if (result.status !== 0) throw new Error(`tmux ${args[0]}: ${result.stderr}`);
    return result.stdout;
  };
  return {
    open(name, argv, { width = 120, height = 20, env = {} } = {}) {
      const rcFile = path.join(dir, `${name}.rc`);
      const command = `'${NODE}' '${MAIN}' ${argv.map((a) => `'${a}'`).join(' ')}; echo $? > '${rcFile}'; sleep 600`;
      const vars = Object.entries({ TERM: 'xterm-256color', ...env }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
      tmux(['new-session', '-d', '-s', name, '-x', String(width), '-y', String(height), '-c', dir, ...vars, command]);
      return {
        capture: (escapes = false) => tmux(['capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name]),
        send: (keys, literal = false) => tmux(['send-keys', '-t', name, ...(literal ? ['-l'] : []), keys]),
        // The shell makes the file before `echo` writes the code: only a whole line is the exit code.
        rc: () => {
          const text = existsSync(rcFile) ? readFileSync(rcFile, 'utf8') : '';
          return text.endsWith('\n') ? text.trim() : undefined;
        },
      };
    },
    kill: () => void spawnSync('tmux', ['-L', socket, 'kill-server']),
  };
}

/** Waits until `probe` gives something, for what a terminal shows after a while: up to a minute. */
export const untilShown = <T>(what: string, probe: () => T | undefined | false): Promise<T> =>
  until(what, probe, 60_000);
