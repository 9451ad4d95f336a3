// What every route of the sandbox is given: the options, the state, and its own origin.
import type { FastifyRequest } from 'fastify';
import type { ResolvedOptions } from './options.ts';
import type { SandboxState } from './state.ts';

/** Where the API lives on the sandbox, as on the real service. */
export const BASE_PATH = '/api/public/v3';

export interface SandboxContext {
  options: ResolvedOptions;
  state: SandboxState;
  /** http://host:port of the sandbox, for the absolute file address. */
  origin(request: FastifyRequest): string;
}
