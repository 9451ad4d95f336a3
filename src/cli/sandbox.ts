// `sandbox`: the sandbox of the Shipping Service API on loopback, until Ctrl-C.
import path from 'node:path';
import { startSandbox } from '../sandbox/index.ts';
import { CliError, EXIT, type Io, line } from './io.ts';

export interface SandboxFlags {
  port: string;
  generationMs?: string;
  urlTtlMs?: string;
  minPollMs?: string;
  setupFile?: string;
}

function whole(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min) throw new CliError(`${flag} must be a whole number of at least ${min}, not ${JSON.stringify(value)}.`, EXIT.BAD_INPUT);
  return number;
}

export async function sandbox(flags: SandboxFlags, io: Io): Promise<number> {
  const options = {
    port: whole('--port', flags.port, 0)!,
    generationMs: whole('--generation-ms', flags.generationMs, 0),
    urlTtlMs: whole('--url-ttl-ms', flags.urlTtlMs, 1),
    minPollMs: whole('--min-poll-ms', flags.minPollMs, 0),
    setupFile: flags.setupFile === undefined ? undefined : path.resolve(io.cwd, flags.setupFile),
  };
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as typeof options;
  let running: Awaited<ReturnType<typeof startSandbox>>;
  try {
    running = await startSandbox({ ...defined, host: '127.0.0.1' });
  } catch (error) {
    throw new CliError(`The sandbox did not start: ${(error as Error).message}`, EXIT.BAD_INPUT);
  }
  line(io.stdout, running.baseUrl);
  line(io.stderr, 'Sandbox of the Shipping Service Public API v3; any Basic user name and non-empty key. Ctrl-C stops it.');
  await new Promise<void>((resolve) => {
    const stop = () => {
      io.signals.off('SIGINT', stop);
      io.signals.off('SIGTERM', stop);
      resolve();
    };
    io.signals.on('SIGINT', stop);
    io.signals.on('SIGTERM', stop);
  });
  await running.close();
  return EXIT.OK;
}
