// A setup file of every test file: a DeprecationWarning raised in a test worker fails the file it
// was raised in, naming the warning, so that none reaches the test output. The client's own warning
// for the partner_id body field is the one exception: it is tested as an event
// (tests/client/deprecation.integration.test.ts) and silenced in the workers (vitest.config.ts).
import { afterAll } from 'vitest';

const OWN = 'SHIPPING_API_PARTNER_ID_BODY';
const LISTENING = Symbol.for('shipping-api.tests.deprecations');
type Listening = typeof process & { [LISTENING]?: Error[] };

const worker = process as Listening;
// One listener per worker process: with isolate: false, this file runs again for each test file.
if (!worker[LISTENING]) {
  const seen: Error[] = [];
  worker[LISTENING] = seen;
  process.on('warning', (warning: Error & { code?: string }) => {
    if (warning.name === 'DeprecationWarning' && warning.code !== OWN) seen.push(warning);
  });
}

afterAll(async () => {
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  const seen = worker[LISTENING]!.splice(0);
  if (seen.length > 0)
    throw new Error(
      `This file raised ${seen.length} DeprecationWarning(s): ${seen
        .map(
          (w) =>
            `${(w as { code?: string }).code ?? '(no code)'} ${w.message}\n${w.stack?.split('\n').slice(1, 4).join('\n')}`,
        )
        .join('; ')}`,
    );
});
