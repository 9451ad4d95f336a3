// "Copy as": the request exactly as it was sent, with the credentials and the Partner ID as the
// project's variables ($SHIPPING_USER, $SHIPPING_API_KEY, $SHIPPING_PARTNER_ID), never their values.
import type { TryRequest } from './request.ts';

/** A word for a POSIX shell: single-quoted, a quote inside written '\''. */
const shellWord = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

const SECRET_HEADERS = new Set(['authorization', 'partner-id']);

/** curl for the request: -u with the variables, Partner-ID from its variable, the body as sent. */
export function curlSnippet(request: TryRequest): string {
  const lines = [
    `curl -u "$SHIPPING_USER:$SHIPPING_API_KEY"${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellWord(request.url)}`,
  ];
  if ('Partner-ID' in request.headers) lines.push(`-H "Partner-ID: $SHIPPING_PARTNER_ID"`);
  for (const [name, value] of Object.entries(request.headers))
    if (!SECRET_HEADERS.has(name.toLowerCase())) lines.push(`-H ${shellWord(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data-binary ${shellWord(request.body)}`);
  return lines.join(' \\\n  ');
}

/** The body as a TypeScript value: its JSON, or the text as sent when it is not JSON. */
function bodyValue(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2).replaceAll('\n', '\n  ');
  } catch {
    return `JSON.parse(${JSON.stringify(body)})`;
  }
}

/** The TypeScript client (shipping-api-v3-client) making the request; fetch with Basic for the download. */
export function clientSnippet(request: TryRequest, baseUrl: string, path: string): string {
  const partner = 'Partner-ID' in request.headers ? ', partnerId: Number(process.env.SHIPPING_PARTNER_ID)' : '';
  if (path === '{url}') {
    const headers = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal, made when it runs
      'Authorization: `Basic ${btoa(`${process.env.SHIPPING_USER}:${process.env.SHIPPING_API_KEY}`)}`',
      ...('Partner-ID' in request.headers ? ["'Partner-ID': process.env.SHIPPING_PARTNER_ID!"] : []),
      ...('Range' in request.headers ? [`Range: ${JSON.stringify(request.headers.Range)}`] : []),
    ];
    return [
      '// The carrier setup file at url, with the same credentials (fetchCarrierSetup of the client does the whole workflow).',
      `const response = await fetch(${JSON.stringify(request.url)}, {`,
      `  headers: { ${headers.join(', ')} },`,
      '});',
    ].join('\n');
  }
  const call =
    request.method === 'GET'
      ? `await client.GET(${JSON.stringify(path)})`
      : `await client.POST(${JSON.stringify(path)}, {\n  body: ${bodyValue(request.body ?? '')},\n})`;
  return [
    "import { createShippingClient } from 'shipping-api-v3-client';",
    '',
    `const client = createShippingClient({ baseUrl: ${JSON.stringify(baseUrl)}, username: process.env.SHIPPING_USER!, apiKey: process.env.SHIPPING_API_KEY!${partner} });`,
    `const { data, error, response } = ${call};`,
  ].join('\n');
}
