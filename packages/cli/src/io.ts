// What every command writes to and reads from, the exit codes, and the one error a command throws
// to end with a message and an exit code.
import { styleText } from 'node:util';
import { ShippingError, type ShippingErrorFields } from 'shipping-api-v3-contract/errors';

/** The exit codes of `shipping-api`; docs/cli.md lists them. */
export const EXIT = {
  /** Done; the check passed. */
  OK: 0,
  /** The check ran and failed: problems in the shipment, the setup file or the recording. */
  CHECK_FAILED: 1,
  /** Bad input: a wrong flag, a missing variable, a file that cannot be read or is not JSON. */
  BAD_INPUT: 2,
  /** The service, the network or the workflow failed. */
  REMOTE_FAILED: 3,
  /** Interrupted with Ctrl-C (SIGINT). */
  INTERRUPTED: 130,
} as const;

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Standard input: read whole from a pipe, or key by key from a terminal (raw mode, no echo). */
export type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export interface Io {
  /** Where a command that reads a secret reads it; nothing to read when absent. */
  stdin?: Input;
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where SIGINT is delivered; the process by default. */
  signals: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

/**
 * The error a command ends with: a ShippingError whose `option` names the flag and `variable` the
 * environment variable at fault, where one is. Its code is the name of the exit code (`BAD_INPUT`)
 * unless told, such as the code of the client's error it stands for.
 */
export class CliError extends ShippingError {
  readonly exitCode: number;
  constructor(message: string, exitCode: number, fields: Partial<ShippingErrorFields> = {}) {
    super(message, { code: exitName(exitCode), ...fields });
    this.exitCode = exitCode;
  }

  /** An error of another package as the command's error: its message, and its fields where it is a ShippingError. */
  static from(
    error: unknown,
    exitCode: number,
    message = error instanceof Error ? error.message : String(error),
  ): CliError {
    if (!(error instanceof ShippingError)) return new CliError(message, exitCode, { cause: error });
    const { code, option, variable, operation, pointer } = error;
    return new CliError(message, exitCode, { code, option, variable, operation, pointer, cause: error });
  }
}
Object.defineProperty(CliError.prototype, 'name', { value: 'CliError', writable: true });

const exitName = (exitCode: number): string =>
  Object.entries(EXIT).find(([, code]) => code === exitCode)?.[0] ?? 'FAILED';

/** Colour only on a terminal, and never when NO_COLOR is set to anything but the empty string. */
export function colourOn(output: Output, env: NodeJS.ProcessEnv): boolean {
  return output.isTTY === true && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

export type Style = Parameters<typeof styleText>[0];

/** A painter for one output: styled text on a colour terminal, the text itself otherwise. */
export function painter(output: Output, env: NodeJS.ProcessEnv): (style: Style, text: string) => string {
  return colourOn(output, env)
    ? (style, text) => styleText(style, text, { validateStream: false })
    : (_style, text) => text;
}

export const line = (output: Output, text = '') => output.write(`${text}\n`);

/** Ends a command with its exit code; every command ends through runCli. */
export type Done = (code: number) => void;
