// The guides in docs/: linked from the README, their links resolve, the commands they name exist,
// and they name no host that the specification does not give.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/tools.ts';

const GUIDES = ['getting-started.md', 'carrier-setup-file.md', 'partner-attribution.md', 'contract-testing.md'];
const DOCUMENTS = [...GUIDES.map((guide) => `docs/${guide}`), 'README.md', 'CHANGELOG.md'];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchors = (markdown: string) => [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!));

/** The relative links of a Markdown document, without those inside code. */
const relativeLinks = (markdown: string) =>
  [...markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((link) => !/^[a-z]+:/.test(link));

describe('guides', () => {
  it.each(GUIDES)('%s is linked from the README', (guide) => {
    expect(read('README.md')).toContain(`](docs/${guide})`);
  });

  it.each(DOCUMENTS)('the relative links of %s resolve, anchors included', (document) => {
    const links = relativeLinks(read(document));
    for (const link of links) {
      const [file, anchor] = link.split('#');
      const target = file ? path.join(path.dirname(document), file) : document;
      expect(existsSync(path.join(root, target)), `${document}: ${link}`).toBe(true);
      if (anchor && target.endsWith('.md')) expect(anchors(read(target)), `${document}: ${link}`).toContain(anchor);
    }
  });

  it.each(DOCUMENTS)('every npm script that %s names exists', (document) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    for (const [, name] of read(document).matchAll(/npm run ([\w:-]+)/g)) expect(scripts, `${document}: npm run ${name}`).toContain(name);
  });

  it.each(GUIDES)('%s names no host but loopback and placeholders (the host is not specified)', (guide) => {
    const hosts = [...read(`docs/${guide}`).matchAll(/https?:\/\/([^/\s"'`),;]+)/g)].map((m) => m[1]!);
    expect(hosts.filter((host) => !/^(127\.0\.0\.1(:\d+)?|<host>|\{host\})$/.test(host))).toEqual([]);
  });

  it('the link checker finds a broken link', () => {
    expect(relativeLinks('[a](missing.md) `[b](code.md)` [c](https://x.test/)')).toEqual(['missing.md']);
    expect(slug('Migrating off the `partner_id` body field')).toBe('migrating-off-the-partner_id-body-field');
  });
});
