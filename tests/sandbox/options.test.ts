// The sandbox's options: checked when it is made, each refusal naming the option.
import { describe, expect, it } from 'vitest';
import { createSandbox, SandboxOptionsError } from 'shipping-api-v3-sandbox';
import {
  parseBoolean,
  parseDuration,
  parsePort,
  parseSeconds,
  parseWholeNumber,
} from 'shipping-api-v3-contract/internal';

it('refuses an option out of range, or a setup file that cannot be read, naming it', () => {
  for (const [options, name] of [
    [{ generationMs: -1 }, 'generationMs'],
    [{ urlTtlMs: 0 }, 'urlTtlMs'],
    [{ minPollMs: 1.5 }, 'minPollMs'],
    [{ bodyLimit: '1MB' }, 'bodyLimit'],
    [{ setupFile: '/nonexistent/setup.json' }, '/nonexistent/setup.json'],
  ] as const) {
    expect(() => createSandbox(options as never), name).toThrow(SandboxOptionsError);
    expect(() => createSandbox(options as never), name).toThrow(name);
  }
});

it('takes the defaults of the interface', async () => {
  const { DEFAULTS } = await import('shipping-api-v3-sandbox');
  expect(DEFAULTS).toEqual({ generationMs: 3000, urlTtlMs: 900_000, minPollMs: 1000, bodyLimit: 1024 * 1024 });
});

describe('the parsers of every command line: whole numbers, ports, durations, booleans', () => {
  it.each([
    [
      'parseWholeNumber',
      (t: string) => parseWholeNumber(t, 1),
      ['1', ' 42 ', '9007199254740991'],
      ['0', '-1', '1.5', '1e3', '', '0x10', '9007199254740992'],
    ],
    ['parsePort', (t: string) => parsePort(t), ['0', '4020', '65535'], ['65536', '-1', 'http', '80.0', '']],
    ['parseDuration', (t: string) => parseDuration(t, 1), ['1', '900000'], ['0', '1.5', '1s', '']],
    [
      'parseSeconds',
      (t: string) => parseSeconds(t),
      ['15', '0.05', '.5', '2.'],
      ['0', '-1', '1e3', 'soon', '', 'Infinity'],
    ],
    [
      'parseBoolean',
      (t: string) => parseBoolean(t),
      ['true', 'FALSE', '1', '0', ' true '],
      ['yes', 'no', 'on', '', '2'],
    ],
  ] as const)('%s', (_, parse, taken, refused) => {
    for (const text of taken) expect(parse(text), text).not.toBeUndefined();
    for (const text of refused) expect(parse(text), text).toBeUndefined();
  });

  it('reads a boolean as its word says', () => {
    expect(['true', 'false', '1', '0'].map(parseBoolean)).toEqual([true, false, true, false]);
    expect(parseSeconds('0.05')).toBe(50);
  });
});
