// The sandbox's settings as flags of a command (commander), from the one table of the sandbox
// package: `shipping-api sandbox` takes them as they are, `npm start` with the prefix `sandbox-`.
// The flags' text is read by the table's own parsers, which name the flag or the variable at fault.
import { Option } from 'commander';
import { SETTINGS, type SandboxSettings, settingsFrom } from 'shipping-api-v3-sandbox/settings';

/** The flags of the settings named (all by default), each `--<prefix><flag>`, its variable and default in the help. */
export function sandboxFlags(prefix = '', only?: ReadonlyArray<keyof SandboxSettings>): Option[] {
  return SETTINGS.filter((setting) => !only || only.includes(setting.option)).map((setting) => {
    const notes = [
      ...(setting.default === undefined || typeof setting.default === 'boolean'
        ? []
        : [`default: ${JSON.stringify(setting.default)}`]),
      `env: ${setting.variable}`,
    ];
    return new Option(
      `--${prefix}${setting.flag}${setting.value ? ` ${setting.value}` : ''}`,
      `${setting.description} (${notes.join(', ')})`,
    );
  });
}

/** The settings from commander's parsed flags (named `<prefix><flag>` in camel case) and the SANDBOX_* variables of env. */
export function sandboxSettings(
  parsed: Record<string, unknown>,
  env: Record<string, string | undefined>,
  prefix = '',
): SandboxSettings {
  const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const flags: Record<string, string | boolean> = {};
  for (const setting of SETTINGS) {
    const value = parsed[camel(`${prefix}${setting.flag}`)];
    if (typeof value === 'string' || value === true) flags[setting.option] = value;
  }
  return settingsFrom(flags, env, prefix);
}
