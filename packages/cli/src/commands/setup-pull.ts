// `setup pull --out <file>`: the whole carrier setup workflow (request, poll, download, validate),
// with a progress display on a terminal and plain lines otherwise. The file is written atomically
// (atomic-write.ts), so that an interrupted pull never leaves half a file.
import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ora, { type Ora } from 'ora';
import {
  fetchCarrierSetup,
  createShippingClient,
  type DownloadProgress,
  ShippingApiError,
  type CarrierSetupStatus,
} from 'shipping-api-v3-client';
import { writeFileAtomically } from '../atomic-write.ts';
import { connectionProblem } from '../connection-problem.ts';
import { connectionFromEnv } from '../env.ts';
import { seconds } from '../seconds.ts';
import type { PullOptions } from './setup-pull.command.ts';
import { CliError, colourOn, EXIT, type Io, line, painter } from '../io.ts';

const MiB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes} B`;
const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** What the user sees: a spinner line that changes in place on a terminal, plain lines otherwise. */
class Progress {
  readonly #spinner: Ora | undefined;
  readonly #io: Io;
  #ticker: NodeJS.Timeout | undefined;
  #downloadStart = 0;
  #lastQuarter = -1;

  constructor(io: Io) {
    this.#io = io;
    if (io.stderr.isTTY) {
      this.#spinner = ora({
        text: 'Requesting the carrier setup file',
        stream: io.stderr as NodeJS.WritableStream,
        isEnabled: true,
        discardStdin: false,
        color: colourOn(io.stderr, io.env) ? 'cyan' : false,
      }).start();
    } else {
      line(io.stderr, 'Requesting the carrier setup file');
    }
  }

  status(status: CarrierSetupStatus, polls: number, nextPollAt: number): void {
    this.#stopTicker();
    if (status.status === 'COMPLETED') {
      this.#show(
        `Carrier setup file COMPLETED after ${polls} poll${polls === 1 ? '' : 's'}; address valid until ${status.expires_at}`,
      );
      return;
    }
    const text = () => {
      const seconds = Math.max(0, Math.ceil((nextPollAt - Date.now()) / 1000));
      return `Carrier setup file ${status.status} (poll ${polls}); next poll at ${clockTime(nextPollAt)} UTC, in ${seconds} s`;
    };
    this.#show(text());
    if (this.#spinner) {
      this.#ticker = setInterval(() => (this.#spinner!.text = text()), 1000);
      this.#ticker.unref();
    }
  }

  /** A throttled answer: how long the workflow waits before it asks again. */
  throttled(waitMs: number): void {
    this.#stopTicker();
    this.#show(`Throttled; retrying in ${Math.max(1, Math.round(waitMs / 1000))} s`);
  }

  /** The file address expired before the download finished: a new file is requested. */
  renewal(): void {
    this.#stopTicker();
    this.#show('The file address expired; requesting a new file');
  }

  download({ receivedBytes, totalBytes }: DownloadProgress): void {
    this.#stopTicker();
    const now = performance.now();
    if (this.#downloadStart === 0) this.#downloadStart = now;
    const elapsed = (now - this.#downloadStart) / 1000;
    const rate = elapsed > 0 ? `, ${size(receivedBytes / elapsed)}/s` : '';
    const of = totalBytes === undefined ? '' : ` of ${size(totalBytes)}`;
    const text = `Downloading: ${size(receivedBytes)}${of}${rate}`;
    if (this.#spinner) {
      this.#spinner.text = text;
      return;
    }
    // Plain lines: at the start and at each quarter of a known length.
    const quarter = totalBytes ? Math.floor((receivedBytes / totalBytes) * 4) : 0;
    if (quarter > this.#lastQuarter) {
      this.#lastQuarter = quarter;
      line(this.#io.stderr, text);
    }
  }

  done(text: string, ok: boolean): void {
    this.#stopTicker();
    const paint = painter(this.#io.stderr, this.#io.env);
    const symbol = ok ? paint('green', '✔') : paint('red', '✖');
    if (this.#spinner) this.#spinner.stopAndPersist({ symbol, text });
    else line(this.#io.stderr, `${symbol} ${text}`);
  }

  #show(text: string): void {
    if (this.#spinner) this.#spinner.text = text;
    else line(this.#io.stderr, text);
  }

  #stopTicker(): void {
    if (this.#ticker) clearInterval(this.#ticker);
    this.#ticker = undefined;
  }
}

/**
 * The file --out names, checked before any request: its folder exists and takes a file, and it is
 * not a folder itself. Bad input (exit 2) names what is wrong.
 */
async function outputFile(out: string, cwd: string): Promise<string> {
  const target = path.resolve(cwd, out);
  const directory = path.dirname(target);
  const isFolder = (file: string) =>
    stat(file).then(
      (s) => s.isDirectory(),
      () => false,
    );
  if (!(await isFolder(directory)))
    throw new CliError(`--out ${out}: the folder ${directory} does not exist.`, EXIT.BAD_INPUT, { option: '--out' });
  if (await isFolder(target))
    throw new CliError(`--out ${out}: ${target} is a folder; name the file to write.`, EXIT.BAD_INPUT, {
      option: '--out',
    });
  const probe = path.join(directory, `.${path.basename(target)}.${process.pid}.probe`);
  try {
    await writeFile(probe, '');
  } catch (error) {
    throw new CliError(
      `--out ${out}: the folder ${directory} cannot take a file (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      EXIT.BAD_INPUT,
      { option: '--out' },
    );
  }
  await rm(probe, { force: true });
  return target;
}

/** What the workflow was doing, by the operation an error names. */
const OPERATIONS: Record<string, string> = {
  requestCarrierSetup: 'the file was still being requested or generated',
  downloadCarrierSetupFile: 'the file was still downloading',
};

/** The client of the connection the environment (and --credential-origin) gives; bad settings are bad input. */
function clientFromEnv(options: PullOptions, io: Io): ReturnType<typeof createShippingClient> {
  const connection = connectionFromEnv(io.env);
  const origins = [...(connection.credentialOrigins ?? []), ...(options.credentialOrigin ?? [])];
  if (origins.length > 0) connection.credentialOrigins = origins;
  try {
    return createShippingClient(connection);
  } catch (error) {
    // The message names the variable at fault and its rule, never its value's secret part.
    throw connectionProblem(error);
  }
}

/** A failed workflow as the error the command line ends with, with the client's code and operation. */
function workflowFailure(error: unknown, options: PullOptions): CliError {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ShippingApiError))
    return new CliError(`Could not write ${options.out}: ${message}`, EXIT.REMOTE_FAILED, {
      option: '--out',
      cause: error,
    });
  const fields = { code: error.code, operation: error.operation, cause: error };
  if (error.code === 'TIMEOUT') {
    return new CliError(
      `Timed out: no carrier setup file after ${options.timeout} seconds; ${OPERATIONS[error.operation] ?? error.operation}.`,
      EXIT.REMOTE_FAILED,
      { ...fields, option: '--timeout' },
    );
  }
  const status = error.status ? ` (HTTP ${error.status})` : '';
  // The file server's origin is not among those that receive the credentials: the flag and the variable that add it.
  const origins = error.option === 'credentialOrigins' && error.origin !== undefined;
  const advice = origins
    ? ` On the command line, give --credential-origin ${error.origin} (or name it in SHIPPING_CREDENTIAL_ORIGINS) to send the credentials there.`
    : '';
  return new CliError(
    `${error.code}${status}: ${message}${advice}`,
    error.code === 'INVALID_OPTIONS' ? EXIT.BAD_INPUT : EXIT.REMOTE_FAILED,
    { ...fields, ...(origins ? { option: '--credential-origin', variable: 'SHIPPING_CREDENTIAL_ORIGINS' } : {}) },
  );
}

export async function setupPull(options: PullOptions, io: Io): Promise<number> {
  const pollIntervalMs = seconds('--poll-interval', options.pollInterval);
  const timeoutMs = seconds('--timeout', options.timeout);
  const target = await outputFile(options.out, io.cwd);
  const client = clientFromEnv(options, io);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  io.signals.on('SIGINT', interrupt);
  const progress = new Progress(io);
  let polls = 0;
  try {
    const { file: setup, text } = await fetchCarrierSetup(client, {
      withText: true,
      pollIntervalMs,
      timeoutMs,
      signal: controller.signal,
      onStatus: (status) => progress.status(status, ++polls, Date.now() + pollIntervalMs),
      onProgress: (p) => progress.download(p),
      onThrottled: ({ waitMs }) => progress.throttled(waitMs),
      onRenewal: () => progress.renewal(),
    });
    // The file as it was received, not serialised again.
    await writeFileAtomically(target, text, { signal: controller.signal });
    const bytes = Buffer.byteLength(text);
    const products = setup.reduce((n, c) => n + c.products.length, 0);
    progress.done(`Wrote ${options.out}: ${size(bytes)}, ${setup.length} carriers, ${products} products`, true);
    if (options.json) line(io.stdout, JSON.stringify({ out: target, bytes, carriers: setup.length, products, polls }));
    return EXIT.OK;
  } catch (error) {
    if (controller.signal.aborted) {
      progress.done(`Interrupted; ${options.out} was not written`, false);
      return EXIT.INTERRUPTED;
    }
    progress.done('The carrier setup workflow failed', false);
    throw workflowFailure(error, options);
  } finally {
    io.signals.off('SIGINT', interrupt);
  }
}
