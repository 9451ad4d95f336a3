// `npm run dev` as a process of its own, in a copy of the repository (it writes generated/ and docs/
// as it rebuilds), on free ports: its output, a wait for a line, and its event stream.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../dev/cli.ts';
import { copyRepository } from '../../../dev/tools.ts';
import { tempDirForTests } from './temp.ts';
import { until } from './until.ts';

/** A copy of the repository whose path has a space in it, removed after the file's tests. */
export function repositoryCopy(prefix: string): string {
  const copy = path.join(tempDirForTests(prefix), 'a copy with spaces');
  copyRepository(copy);
  return copy;
}

export interface DevProcess {
  child: ChildProcess;
  docsUrl: string;
  mockUrl: string;
  sandboxUrl: string;
  output: () => string;
  /** The output from `from` on (an offset of output()) once it matches `pattern`. */
  waitFor: (pattern: RegExp, from?: number, limitMs?: number) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startDev(
  copy: string,
  { ports, wait = true }: { ports?: { docs: number; mock: number; sandbox: number }; wait?: boolean } = {},
): Promise<DevProcess> {
  const docs = ports?.docs ?? (await freePort());
  const mock = ports?.mock ?? (await freePort());
  const sandbox = ports?.sandbox ?? (await freePort());
  const child = spawn(
    process.execPath,
    [path.join(copy, 'scripts/dev.ts'), '--docs-port', String(docs), '--port', String(mock)],
    {
      cwd: copy,
      env: { ...process.env, SANDBOX_PORT: String(sandbox), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp, from = 0, limitMs = 120_000) =>
    until(
      `${pattern} in the output of npm run dev:\n${output}`,
      () => pattern.test(output.slice(from)) && output.slice(from),
      limitMs,
    );
  const running: DevProcess = {
    child,
    docsUrl: `http://127.0.0.1:${docs}`,
    mockUrl: `http://127.0.0.1:${mock}/api/public/v3`,
    sandboxUrl: `http://127.0.0.1:${sandbox}/api/public/v3`,
    output: () => output,
    waitFor,
    exited,
  };
  if (wait) await waitFor(/Press Ctrl-C/, 0, 180_000);
  return running;
}

/** The first state the docs server's event stream sends: the build served and the findings shown. */
export async function liveState(
  docsUrl: string,
): Promise<{ build: string; findings: { file: string; line: number; rule: string }[] }> {
  const controller = new AbortController();
  const response = await fetch(`${docsUrl}/_dev/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the event stream ended before a state: ${text}`);
      text += Buffer.from(value).toString();
      const data = /^data: (.*)$/m.exec(text);
      if (data && text.includes('\n\n')) return JSON.parse(data[1]!);
    }
  } finally {
    controller.abort();
  }
}
