// The Content-Security-Policy of the rendered reference, written into its <meta> once the page is
// complete: every inline script allowed by its sha256 and nothing else (no 'unsafe-inline', no
// eval), styles inline, images and fonts as data: URIs, and requests only to the page's own origin
// (Try it's proxies under `npm start`) and the one hosted sandbox the page was built for.
import { createHash } from 'node:crypto';

const POLICY_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*" \/>/;
const SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

/** The inline scripts a browser runs: no src, and no data type such as application/json. */
function runs(attributes: string): boolean {
  if (/\ssrc=/.test(attributes)) return false;
  const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
  return type === undefined || type === 'module' || /^(text|application)\/javascript$/.test(type);
}

/** The sources of the policy's script-src: each inline script's sha256, as the browser hashes its text. */
export function scriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(SCRIPT)]
    .filter(([, attributes = '']) => runs(attributes))
    .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** The page with its policy: its scripts by hash, and requests to itself and to `connect` (origins) only. */
export function withPolicy(html: string, connect: readonly string[]): string {
  if (!POLICY_META.test(html))
    throw new Error('The rendered reference has no Content-Security-Policy <meta> to fill in.');
  const policy = [
    "default-src 'none'",
    `script-src ${scriptHashes(html).join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'worker-src blob:',
    `connect-src 'self' blob: data:${connect.map((origin) => ` ${origin}`).join('')}`,
  ].join('; ');
  return html.replace(POLICY_META, `<meta http-equiv="Content-Security-Policy" content="${policy}" />`);
}
