// `conform [--server URL]`: checks a live server of the API against the specification, rule by rule
// (conform/), with a progress line on a terminal while it waits on generation, one line per rule,
// --json and --junit. Exit 0 when every stated rule checked holds, 1 when one fails, 2 on bad
// input, 3 when the server cannot be reached or refuses the credentials at the start.
import { Option } from 'commander';
import ora from 'ora';
import { createShippingClient, ShippingApiError } from 'shipping-api-v3-client';
import { writeFileAtomically } from '../atomic-write.ts';
import { type Connection, connectionFromEnv } from '../env.ts';
import { readJson } from '../files.ts';
import { junitTarget } from '../junit-target.ts';
import { CliError, colourOn, EXIT, type Io, line, painter, type Style } from '../io.ts';
import { ConformStartError, runConform } from '../conform/index.ts';
import { CREATIONS, type Creation, creationProblem, exampleCreations } from '../conform/creations.ts';
import { jsonResult, junitXml, ruleLines, summaryLine } from '../conform/output.ts';
import type { Verdict } from '../conform/rules.ts';
import { connectionProblem } from '../connection-problem.ts';
import { seconds } from '../seconds.ts';
import type { ConformCommandOptions } from './conform.command.ts';

/** The connection of the environment, the base URL taken from --server when given; checked as the client checks it. */
function connection(options: ConformCommandOptions, io: Io): Connection {
  const env = options.server === undefined ? io.env : { ...io.env, SHIPPING_BASE_URL: options.server };
  const found = connectionFromEnv(env);
  try {
    createShippingClient(found);
  } catch (error) {
    if (options.server !== undefined && error instanceof ShippingApiError && error.option === 'baseUrl')
      throw new CliError(`--server: ${error.message.replace(/^baseUrl/, 'the value')}`, EXIT.BAD_INPUT, {
        option: '--server',
        code: 'INVALID_OPTIONS',
      });
    throw connectionProblem(error);
  }
  return found;
}

/** The file a creation's flag names, read as commander names the flag's option. */
const fileOf = (options: ConformCommandOptions, flag: string) =>
  options[new Option(flag).attributeName() as 'shipment' | 'salesOrder' | 'importedShipment' | 'shipmentDraft'];

/** The bodies to send: a file the user names, checked against the contract, else the contract's example. */
async function creations(options: ConformCommandOptions, io: Io): Promise<Creation[] | undefined> {
  const named = CREATIONS.filter((kind) => fileOf(options, kind.flag));
  if (!options.allowWrites) {
    if (named.length > 0)
      throw new CliError(`${named[0]!.flag} is sent only with --allow-writes.`, EXIT.BAD_INPUT, {
        option: named[0]!.flag,
      });
    return undefined;
  }
  const bodies = exampleCreations();
  for (const kind of named) {
    const file = fileOf(options, kind.flag)!;
    const data = await readJson(file, io.cwd, kind.what);
    const problem = creationProblem(kind.path, data);
    if (problem)
      throw new CliError(
        `${file}: the ${kind.what} breaks the contract at ${problem.pointer || 'its root'}: ${problem.message}.`,
        EXIT.BAD_INPUT,
        { option: kind.flag, pointer: problem.pointer },
      );
    bodies[bodies.findIndex((body) => body.path === kind.path)] = { path: kind.path, body: data, source: file };
  }
  return bodies;
}

const STYLES: Record<Verdict, Style> = { pass: 'green', fail: 'red', observed: 'cyan', skipped: 'yellow' };

/** A progress line that changes in place on a terminal; plain lines otherwise (a pipe, a CI log). */
function progress(io: Io): { update(text: string): void; stop(): void } {
  if (!io.stderr.isTTY) return { update: (text) => line(io.stderr, text), stop: () => {} };
  const spinner = ora({
    stream: io.stderr as NodeJS.WritableStream,
    isEnabled: true,
    discardStdin: false,
    color: colourOn(io.stderr, io.env) ? 'cyan' : false,
  }).start();
  return { update: (text) => (spinner.text = text), stop: () => spinner.stop() };
}

export async function conform(options: ConformCommandOptions, io: Io): Promise<number> {
  const pollIntervalMs = seconds('--poll-interval', options.pollInterval);
  const timeoutMs = seconds('--timeout', options.timeout);
  const found = connection(options, io);
  const bodies = await creations(options, io);
  const junit = await junitTarget(options.junit, io.cwd);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  io.signals.on('SIGINT', interrupt);
  const shown = progress(io);
  const started = new Date().toISOString();
  try {
    const result = await runConform({
      connection: found,
      pollIntervalMs,
      timeoutMs,
      ...(bodies ? { creations: bodies } : {}),
      signal: controller.signal,
      onProgress: shown.update,
    });
    shown.stop();
    if (junit) await writeFileAtomically(junit, junitXml(result, started));
    if (options.json) line(io.stdout, jsonResult(result));
    else {
      const paint = painter(io.stdout, io.env);
      for (const text of ruleLines(result.verdicts, (verdict, label) => paint(STYLES[verdict], label)))
        line(io.stdout, text);
      line(io.stdout, summaryLine(result));
    }
    if (result.limit) line(io.stderr, result.limit);
    return result.exitCode === 0 ? EXIT.OK : EXIT.CHECK_FAILED;
  } catch (error) {
    shown.stop();
    if (controller.signal.aborted) return EXIT.INTERRUPTED;
    if (error instanceof ConformStartError) throw CliError.from(error, EXIT.REMOTE_FAILED);
    throw error;
  } finally {
    io.signals.off('SIGINT', interrupt);
  }
}
