// HTTP Basic authentication with @fastify/basic-auth, in one of two modes: without an accounts file,
// any API user with a non-empty API key (startSandbox keeps that mode on loopback); with one, only
// its API users, each with its key (accounts/). Either way the API user is the account. A refusal is
// 401 with the Basic challenge, and never repeats the credentials.
import fastifyBasicAuth from '@fastify/basic-auth';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Accounts } from './file.ts';
import type { KeyHasher } from './key-hash.ts';
import { LiveAccounts } from './live.ts';
import { SandboxProblem } from '../http/problems.ts';

const REALM = 'sandbox';
const CHALLENGE = `Basic realm="${REALM}"`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Basic user name of the request: its account. */
    sandboxUser: string;
  }
}

/** Who the sandbox admits, said to a client: in the index and in every 401. */
export function admitted(accounts: Accounts | undefined): string {
  return accounts
    ? "only the API users listed in the sandbox's accounts file, each with its own API key; each API user is an account of its own"
    : 'any API user with a non-empty API key; each API user is an account of its own';
}

function refusal(accounts: Accounts | undefined, reason: string): SandboxProblem {
  return new SandboxProblem(
    401,
    `${reason} Send HTTP Basic credentials: Authorization: Basic base64(<API user>:<API key>). The sandbox accepts ${admitted(accounts)}.`,
    [
      {
        header: 'Authorization',
        message: accounts
          ? 'must carry the HTTP Basic credentials of an API user of the accounts file'
          : 'must carry HTTP Basic credentials with a non-empty API key',
      },
    ],
  );
}

export interface AuthOptions {
  /** The accounts file as read at start; without it, any API user with a non-empty key. */
  accounts?: Accounts;
  /** The scrypt of the key checks; node:crypto's unless given. */
  keyHasher?: KeyHasher;
  /** Where a line about the accounts file goes (the sandbox's log); stderr unless given. */
  notice?: (line: string) => void;
}

/** Checks every request of `app` (an onRequest hook) before its routes run. */
export async function registerAuth(
  app: FastifyInstance,
  { accounts, keyHasher, notice }: AuthOptions = {},
): Promise<void> {
  const live = accounts && new LiveAccounts(accounts, keyHasher, notice);
  if (live) {
    live.watch();
    app.addHook('onClose', async () => live.close());
  }
  app.decorateRequest('sandboxUser', '');
  await app.register(fastifyBasicAuth, {
    authenticate: false,
    // RFC 9110 lets more than one space stand between "Basic" and the credentials.
    strictCredentials: false,
    // A callback, not an async function: without accounts, no promise per request on the hot path.
    validate(user, key, request, _reply, done) {
      if (key === '') return done(refusal(accounts, 'The API key (the password of the Basic credentials) is empty.'));
      if (!live) {
        request.sandboxUser = user;
        return done();
      }
      checked(live.verify(request.headers.authorization ?? '', user, key)).then((accepted) => {
        if (!accepted) return done(refusal(accounts, 'The API user or the API key is not accepted.'));
        request.sandboxUser = user;
        done();
      }, done);
    },
  });
  const basicAuth = app.basicAuth as onRequestHookHandler;
  app.addHook('onRequest', function authenticate(request, reply, done) {
    basicAuth.call(this, request, reply, (error?: Error) => {
      if (error === undefined) return done();
      const problem =
        error instanceof SandboxProblem
          ? error
          : (error as { code?: string }).code === 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER'
            ? refusal(accounts, 'Missing or malformed Authorization header.')
            : undefined;
      if (problem) reply.header('WWW-Authenticate', CHALLENGE);
      done(problem ?? error);
    });
  });
}

/** A check that fails (not a refusal) is a fault of the sandbox: 500, not the 401 the plugin would make of it. */
async function checked(verdict: Promise<boolean>): Promise<boolean> {
  try {
    return await verdict;
  } catch (error) {
    throw Object.assign(error as Error, { statusCode: 500 });
  }
}
