// HTTP Basic authentication with @fastify/basic-auth: any user name with a non-empty API key is
// accepted, and the user name is the account. A refusal is 401 with the Basic challenge; the
// answer never repeats the credentials.
import fastifyBasicAuth from '@fastify/basic-auth';
import type { FastifyInstance } from 'fastify';

export const REALM = 'sandbox';
export const CHALLENGE = `Basic realm="${REALM}"`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Basic user name of the request: its account. */
    sandboxUser: string;
  }
}

class EmptyApiKey extends Error {
  readonly statusCode = 401;
  readonly code = 'SANDBOX_EMPTY_API_KEY';
}

export const AUTH_HINT =
  'Send HTTP Basic credentials: Authorization: Basic base64(<API user>:<API key>). The sandbox accepts any API user with a non-empty API key; each API user is an account of its own.';

export async function registerAuth(app: FastifyInstance): Promise<void> {
  app.decorateRequest('sandboxUser', '');
  await app.register(fastifyBasicAuth, {
    authenticate: false,
    validate(username, password, request, _reply, done) {
      if (password === '')
        return done(new EmptyApiKey('The API key (the password of the Basic credentials) is empty.'));
      request.sandboxUser = username;
      done();
    },
  });
}
