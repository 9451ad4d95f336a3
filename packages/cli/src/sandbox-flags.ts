// The sandbox's settings as flags of a command (commander), from the one table of the sandbox
// package: `shipping-api sandbox` takes them as they are, `npm start` with the prefix `sandbox-`.
// The flags' text is read by the table's own parsers, which name the flag or the variable at fault.
import { Option } from 'commander';
import { helpOf, SETTINGS, type SandboxSettings, settingsFrom } from 'shipping-api-v3-sandbox/settings';

const optionOf = (setting: (typeof SETTINGS)[number], prefix: string) => {
  const { flags, description } = helpOf(setting, prefix);
  return new Option(flags, description);
};

/** The flags of the settings named (all by default), each `--<prefix><flag>`, its variable and default in the help. */
export function sandboxFlags(prefix = '', only?: ReadonlyArray<keyof SandboxSettings>): Option[] {
  return SETTINGS.filter((setting) => !only || only.includes(setting.option)).map((setting) =>
    optionOf(setting, prefix),
  );
}

/** The settings from commander's parsed flags and the SANDBOX_* variables of env. */
export function sandboxSettings(
  parsed: Record<string, unknown>,
  env: Record<string, string | undefined>,
  prefix = '',
): SandboxSettings {
  const flags: Record<string, string | boolean> = {};
  for (const setting of SETTINGS) {
    const value = parsed[optionOf(setting, prefix).attributeName()];
    if (typeof value === 'string' || value === true) flags[setting.option] = value;
  }
  return settingsFrom(flags, env, prefix);
}
