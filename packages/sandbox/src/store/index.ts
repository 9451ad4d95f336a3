// The sandbox's store, chosen by --store / SANDBOX_STORE: `memory` (one process, the default) or
// `redis://host:port[/db]` (shared by every instance). See docs/sandbox.md, "Hosting the sandbox".
import { MemoryStore } from './memory.ts';
import { RedisStore } from './redis.ts';
import type { SandboxStore } from './types.ts';

export { type SandboxStore, StoreUnavailable } from './types.ts';

export function openStore(spec: URL | 'memory', onError?: (error: Error) => void): SandboxStore {
  return spec === 'memory' ? new MemoryStore() : new RedisStore(spec, onError);
}
