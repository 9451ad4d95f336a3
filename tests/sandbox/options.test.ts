// The sandbox's options: checked when it is made, each refusal naming the option.
import { expect, it } from 'vitest';
import { createSandbox, SandboxOptionsError } from 'shipping-api-v3-sandbox';

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
