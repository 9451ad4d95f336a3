// `sandbox`: the flags of every sandbox setting (sandbox-flags.ts) and the help; the sandbox starts
// in sandbox.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import { SANDBOX_MODES } from 'shipping-api-v3-sandbox/settings';
import { CliError, type Done, EXIT, type Io } from '../io.ts';
import { sandboxFlags, sandboxSettings } from '../sandbox-flags.ts';

export function sandboxCommand(io: Io, done: Done) {
  const command = new Command('sandbox')
    .description('run the sandbox of the API until Ctrl-C, on 127.0.0.1 unless told; prints its base URL')
    .addHelpText('after', SANDBOX_MODES);
  for (const option of sandboxFlags()) command.addOption(option);
  return command.action(async () => {
    let settings: ReturnType<typeof sandboxSettings>;
    try {
      settings = sandboxSettings(command);
    } catch (error) {
      throw CliError.from(error, EXIT.BAD_INPUT);
    }
    done(await (await import('./sandbox.ts')).sandbox(settings, io));
  });
}
