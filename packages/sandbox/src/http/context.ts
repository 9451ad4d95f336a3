// What every route of the sandbox is given: the options, the store, the metrics, what it keeps for
// itself (no two sandboxes in one process share anything), and its own origin.
import type { FastifyRequest } from 'fastify';
import type { SandboxMetrics } from './metrics.ts';
import type { ResolvedOptions } from '../config/options.ts';
import type { StatusBodies } from '../service/status-bodies.ts';
import type { SandboxStore, Snapshot } from '../store/types.ts';

/** Where the API lives on the sandbox, as on the real service. */
export const BASE_PATH = '/api/public/v3';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account as read at the start of an API request; a change is made against it. */
    account: Snapshot | undefined;
  }
  interface FastifyContextConfig {
    /** What the route index says of a route. */
    description?: string;
    /** The contract's schema of a creation's body, named in a refusal. */
    contractSchema?: string;
  }
}

export interface SandboxContext {
  options: ResolvedOptions;
  store: SandboxStore;
  /** Counts what /_sandbox/metrics shows beside the requests: generations started, store errors. */
  metrics: Pick<SandboxMetrics, 'generationStarted' | 'storeError'>;
  /** The COMPLETED status bodies this sandbox has made. */
  statusBodies: StatusBodies;
  /** http://host:port of the sandbox, for the absolute file address. */
  origin(request: FastifyRequest): string;
}
