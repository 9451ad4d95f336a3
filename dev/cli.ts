// The command lines of the scripts, on commander: unknown flags are errors, and a bad value ends in
// one line naming the flag or the environment variable it came from. It imports nothing that reads
// generated/ (the sandbox settings module is light): the scripts that make generated/ use it.
import net from 'node:net';
import { Command, InvalidArgumentError, Option } from 'commander';
import { parsePort as portOf } from 'shipping-api-v3-contract/internal';
import { PortInUseError } from 'shipping-api-v3-sandbox/settings';

export { PortInUseError };

/** Parses a TCP port, 1 to 65535; anything else is an error commander prints in one line. */
export function parsePort(value: string): number {
  const port = portOf(value, 1);
  if (port === undefined) throw new InvalidArgumentError('it is not a TCP port (1 to 65535).');
  return port;
}

/** A port option: `--<flag> <port>`, read from `env` when the flag is absent, else `fallback`. */
export function portOption(flag: string, env: string, fallback: number, what: string): Option {
  return new Option(`--${flag} <port>`, `${what} (or ${env})`).env(env).default(fallback).argParser(parsePort);
}

/** The mock's port: `--port` or MOCK_PORT, 4010 by default. */
export const DEFAULT_MOCK_PORT = 4010;
export const mockPortOption = () => portOption('port', 'MOCK_PORT', DEFAULT_MOCK_PORT, 'port of the mock');

/** The docs server's port: `--docs-port` or DOCS_PORT, 8080 by default. */
export const DEFAULT_DOCS_PORT = 8080;
export const docsPortOption = () =>
  portOption('docs-port', 'DOCS_PORT', DEFAULT_DOCS_PORT, 'port of the rendered reference');

/** A command that takes no positional arguments unless told, and rejects unknown flags. */
export function command(name: string, description: string): Command {
  return new Command(name).description(description).allowExcessArguments(false).showSuggestionAfterError(true);
}

/**
 * Runs an entry point: a number it returns is the exit code; an error ends the process with its
 * message alone, no stack trace, and `exitCode`. A server returns nothing and keeps running.
 */
export async function run(main: () => unknown | Promise<unknown>, exitCode = 1): Promise<void> {
  try {
    const code = await main();
    if (typeof code === 'number') process.exit(code);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(exitCode);
  }
}

/** A TCP port free on host right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
