// The script `npm run dev` puts in each page it serves, and the page's Content-Security-Policy that
// must let it run and reach the event stream: in-process, on the committed pages.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveReload } from '../../dev/serve/live/reload.ts';
import { DOCS_DIR } from '../../dev/paths.ts';

const { hooks } = liveReload({ build: 'b1', findings: [] });
const policy = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!;
/** The last script of the page, the one dev puts before </body>. */
const script = (html: string) => html.slice(html.lastIndexOf('<script>') + 8, html.lastIndexOf('</script>'));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the pages as npm run dev serves them', () => {
  it("a guide page allows the script by its hash, beside its own, and the event stream by connect-src 'self'", () => {
    const page = hooks.page(readFileSync(path.join(DOCS_DIR, 'getting-started.html'), 'utf8'));
    const served = policy(page);
    expect(script(page)).toContain('/_dev/events');
    expect(script(page)).toContain("const BUILD = 'b1'");
    expect(served).toContain(sha256(script(page)));
    expect(served).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+'/);
    expect(served).toMatch(/connect-src 'self'/);
  });

  it("the reference, whose policy allows its scripts by their hashes (Try it's among them), allows this one by its hash too", () => {
    const committed = policy(readFileSync(path.join(DOCS_DIR, 'index.html'), 'utf8'));
    const page = hooks.page(readFileSync(path.join(DOCS_DIR, 'index.html'), 'utf8'));
    const served = policy(page);
    expect(script(page)).toContain('/_dev/events');
    expect(committed).not.toContain("'unsafe-inline'; style");
    expect(served).toContain(sha256(script(page)));
    expect(served.replace(` ${sha256(script(page))}`, '')).toBe(committed);
    expect(served).toMatch(/connect-src[^;]*'self'/);
  });
});
