// The sandbox's settings as flags of a command, from the one table of the sandbox package: each a
// commander Option with its variable (.env), its default and its parser, so that commander takes a
// flag over its variable over its default and writes the help line. `shipping-api sandbox` takes
// them as they are, `npm start` with the prefix `sandbox-`.
import { Option } from 'commander';
import {
  SandboxOptionsError,
  type SandboxSettings,
  SETTINGS,
  type SettingName,
} from 'shipping-api-v3-sandbox/settings';

/** A value its setting does not take, kept until the source it came from (flag or variable) is known. */
class Refused {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const optionOf = (setting: (typeof SETTINGS)[number], prefix: string): Option => {
  const option = new Option(`--${prefix}${setting.flag} ${setting.value}`, setting.description)
    .env(setting.variable)
    .argParser((text: string): unknown => setting.parse(text) ?? new Refused(text));
  // A flag whose value may be left out (--check-shipments) means true alone.
  if (setting.value.startsWith('[')) option.preset('true');
  return 'default' in setting ? option.default(setting.default) : option;
};

/** The flags of every setting, each `--<prefix><flag>`; those not in `shown` work but are left out of the help. */
export function sandboxFlags(prefix = '', shown?: readonly SettingName[]): Option[] {
  return SETTINGS.map((setting) => {
    const option = optionOf(setting, prefix);
    return shown && !shown.includes(setting.option) ? option.hideHelp() : option;
  });
}

/** The settings of a command that has the flags of sandboxFlags(prefix), once it has parsed its command line. */
export function sandboxSettings(
  command: { getOptionValue(key: string): unknown; getOptionValueSource(key: string): string | undefined },
  prefix = '',
): SandboxSettings {
  const settings: Record<string, unknown> = {};
  for (const setting of SETTINGS) {
    const key = optionOf(setting, prefix).attributeName();
    const value = command.getOptionValue(key);
    if (value instanceof Refused) {
      const fromVariable = command.getOptionValueSource(key) === 'env';
      const name = fromVariable ? setting.variable : `--${prefix}${setting.flag}`;
      throw new SandboxOptionsError(
        `${name} must be ${setting.expected} (got ${JSON.stringify(value.text)}).`,
        fromVariable ? { variable: name } : { option: name },
      );
    }
    if (value !== undefined) settings[setting.option] = value;
  }
  return settings as SandboxSettings;
}
