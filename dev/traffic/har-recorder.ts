// A fetch that records each finished exchange as a HAR 1.2 entry, credentials redacted: the sandbox
// tests check a session so recorded with the contract check, and the project's own traffic
// (project-traffic.ts) is recorded with it for its coverage.
import { STATUS_CODES } from 'node:http';

export interface HarRecorder {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  har(): { log: { version: string; creator: { name: string; version: string }; entries: unknown[] } };
}

const headerList = (headers: Headers) =>
  [...headers].map(([name, value]) => ({
    name,
    value: name.toLowerCase() === 'authorization' ? `${value.split(' ')[0]} [redacted]` : value,
  }));

export function harRecorder(creator = 'sandbox test'): HarRecorder {
  const entries: unknown[] = [];
  return {
    async fetch(input, init) {
      const request = new Request(input, init);
      const requestBody = request.body ? await request.clone().text() : undefined;
      const started = new Date();
      const response = await globalThis.fetch(request);
      let text: string;
      try {
        text = await response.clone().text();
      } catch {
        // A broken-off body (cut_download) is not a finished exchange: not recorded.
        return response;
      }
      const url = new URL(request.url);
      entries.push({
        startedDateTime: started.toISOString(),
        time: Date.now() - started.getTime(),
        request: {
          method: request.method,
          url: request.url,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [{ name: 'Host', value: url.host }, ...headerList(request.headers)],
          queryString: [],
          ...(requestBody !== undefined
            ? { postData: { mimeType: request.headers.get('content-type') ?? '', text: requestBody } }
            : {}),
          headersSize: -1,
          bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
        },
        response: {
          status: response.status,
          statusText: STATUS_CODES[response.status] ?? '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: headerList(response.headers),
          content: {
            size: Buffer.byteLength(text),
            mimeType: response.headers.get('content-type') ?? '',
            ...(text ? { text } : {}),
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: Buffer.byteLength(text),
        },
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      });
      return response;
    },
    har: () => ({ log: { version: '1.2', creator: { name: creator, version: '1' }, entries } }),
  };
}
