// Waiting until a condition holds: the one polling loop of the tests, which untilShown (a terminal),
// untilRefused (a port) and untilCompleted (the carrier setup lifecycle) are built on.

/** What a probe gives: a value when the condition holds, undefined or false while it does not. */
type Probe<T> = () => T | undefined | false | Promise<T | undefined | false>;

/**
 * Calls `probe` every `pauseMs` until it gives a value (neither undefined nor false), and returns
 * that value; throws, naming `what`, once `limitMs` has passed without one.
 */
export async function until<T>(what: string, probe: Probe<T>, limitMs = 5_000, pauseMs = 50): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
