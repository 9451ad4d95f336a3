// The pages' side of `npm run dev`: a stream of server-sent events (/_dev/events) that tells each open
// page which build is current and what the last save's errors are, and the script each served page
// gets for it (reload-client.js), allowed by the page's Content-Security-Policy: by its hash where
// the policy names its scripts' hashes, and with connect-src 'self' for the stream.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import type { DocsHooks } from '../../docs/server.ts';
import type { Finding } from '../../build/pipeline/findings.ts';

export const EVENTS_PATH = '/_dev/events';

const CLIENT = readFileSync(new URL('./reload-client.js', import.meta.url), 'utf8').trim();

export interface LiveState {
  /** The build the served files are: it changes when the pages are written again. */
  build: string;
  /** The errors of the last save; none when it was good. */
  findings: Finding[];
}

const hashSource = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/** The page's policy, allowing also the inline script `source` (unless inline scripts are allowed anyway) and the event stream. */
export function withLiveCsp(html: string, source: string): string {
  return html.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/,
    (_match, open: string, policy: string, close: string) => {
      const directives = policy
        .split(';')
        .map((directive) => directive.trim())
        .filter(Boolean);
      const named = (name: string) => directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
      const script = named('script-src');
      // A hash beside 'unsafe-inline' would switch 'unsafe-inline' off.
      if (script >= 0 && !directives[script]!.includes("'unsafe-inline'"))
        directives[script] = `${directives[script]} ${hashSource(source)}`;
      const connect = named('connect-src');
      if (connect < 0) directives.push("connect-src 'self'");
      else if (!directives[connect]!.split(/\s+/).includes("'self'"))
        directives[connect] = `${directives[connect]} 'self'`;
      return `${open}${directives.join('; ')}${close}`;
    },
  );
}

/** The event stream and the pages' script, for the docs server of `npm run dev`. */
export function liveReload(initial: LiveState) {
  let state = initial;
  const clients = new Set<http.ServerResponse>();
  const send = (res: http.ServerResponse) => res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
  const hooks: DocsHooks = {
    handle: (req, res) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== EVENTS_PATH) return false;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      clients.add(res);
      res.on('close', () => clients.delete(res));
      send(res);
      return true;
    },
    page: (html) => {
      const source = `\n${CLIENT.replace('__BUILD__', state.build)}\n`;
      const end = html.lastIndexOf('</body>');
      if (end < 0) return html;
      return withLiveCsp(`${html.slice(0, end)}<script>${source}</script>\n${html.slice(end)}`, source);
    },
  };
  return {
    hooks,
    /** Tells every open page the new state: a new build reloads it, findings show over it. */
    publish: (next: LiveState) => {
      state = next;
      for (const res of clients) send(res);
    },
    get state() {
      return state;
    },
  };
}
