// The guides in docs/: linked from the README, their links resolve, the commands they name exist,
// and they name no host that the specification does not give.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_JSON, root } from '../../dev/paths.ts';

// Every Markdown page of docs/ is a guide: a new one is checked without being listed here.
const GUIDES = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort();
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
  [
    ...markdown
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map((m) => m[1]!)
    .filter((link) => !/^[a-z]+:/.test(link));

const DOCS_PAGE_FILE = 'docs/index.html';

/** Paragraphs that name 401 or 416 without saying the code is HTTP's rule or the mock's answer. */
const unattributedStatusCodes = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .filter((paragraph) => /\b(401|416)\b/.test(paragraph) && !/RFC \d+|\bmock\b|\bsandbox\b/.test(paragraph));

/** Paragraphs and table rows that give throttling a status code without saying whose it is. */
const unattributedThrottling = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .flatMap((paragraph) => (/^\|/m.test(paragraph) ? paragraph.split('\n') : [paragraph]))
    .filter(
      (unit) =>
        /throttl/i.test(unit) &&
        /\b[45]\d\d\b/.test(unit) &&
        !/\bsandbox\b|not specified|shows no|does not (?:say|show)|RFC \d+|HTTP's/i.test(unit),
    );

/** The relative links of `markdown`, found in `document`, whose file or Markdown heading is missing. */
function brokenLinks(markdown: string, document: string): string[] {
  return relativeLinks(markdown).filter((link) => {
    const [file, anchor] = link.split('#');
    const target = file ? path.join(path.dirname(document), file) : document;
    if (!existsSync(path.join(root, target))) return true;
    return Boolean(anchor) && target.endsWith('.md') && !anchors(read(target)).includes(anchor!);
  });
}

describe('guides', () => {
  it.each(GUIDES)('%s is linked from the README', (guide) => {
    expect(read('README.md')).toContain(`](docs/${guide})`);
  });

  it.each(DOCUMENTS)('the relative links of %s resolve, anchors included', (document) => {
    expect(brokenLinks(read(document), document)).toEqual([]);
  });

  it.each(DOCUMENTS)('every npm script that %s names exists (of CHANGELOG.md, the unreleased changes)', (document) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts);
    // The released sections of the changelog tell of the scripts of their day.
    const text = document === 'CHANGELOG.md' ? read(document).split(/^## \[\d/m)[0]! : read(document);
    for (const [, name] of text.matchAll(/npm run ([\w:-]+)/g))
      expect(scripts, `${document}: npm run ${name}`).toContain(name);
  });

  it.each(GUIDES)('%s names no host but loopback and placeholders (the host is not specified)', (guide) => {
    const hosts = [...read(`docs/${guide}`).matchAll(/https?:\/\/([^/\s"'`),;]+)/g)].map((m) => m[1]!);
    expect(
      hosts.filter((host) => !/^(127\.0\.0\.1(:\d+)?|(<host>|\{host\})(<prefix>|\{prefix\})?)$/.test(host)),
    ).toEqual([]);
  });

  // The specification gives no status codes: a guide that names 401 or 416 says, in the same
  // paragraph, that HTTP fixes it (RFC 9110, RFC 7617), or that it is the mock's or the sandbox's answer. The client
  // guide is left out: it says what the client does with an answer, not how the API answers.
  it.each(GUIDES.filter((guide) => guide !== 'client.md'))("%s states no status code as the API's own", (guide) => {
    expect(unattributedStatusCodes(read(`docs/${guide}`))).toEqual([]);
  });

  // Section 7: how a throttled request is answered is not shown. A guide that names a status code
  // beside throttling says, in the same paragraph or table row, that the specification shows none,
  // that it is HTTP's or that it is the sandbox's. The sandbox guide is left out: every answer it
  // describes is the sandbox's.
  it.each(GUIDES.filter((guide) => guide !== 'sandbox.md'))(
    '%s gives throttling no status code as the API’s',
    (guide) => {
      expect(unattributedThrottling(read(`docs/${guide}`))).toEqual([]);
    },
  );

  it('the throttling check finds a status code given to throttling', () => {
    expect(
      unattributedThrottling(
        '| **not judged** | any error status (`7.errors-not-shown`, such as the `429` of throttling) |\n| b | c |\n\nThe sandbox throttles with `429`.',
      ),
    ).toEqual(['| **not judged** | any error status (`7.errors-not-shown`, such as the `429` of throttling) |']);
  });

  it("the status-code check finds a status code stated as the API's", () => {
    expect(
      unattributedStatusCodes(
        'A request without credentials is answered `401`.\n\nHTTP Basic (RFC 7617) answers `401`.',
      ),
    ).toEqual(['A request without credentials is answered `401`.']);
  });

  it('the relative links in the descriptions of the bundle resolve from docs/index.html', () => {
    const descriptions = [...readFileSync(BUNDLE_JSON, 'utf8').matchAll(/"description":\s*("(?:[^"\\]|\\.)*")/g)].map(
      (m) => JSON.parse(m[1]!) as string,
    );
    // A link that is only an anchor points into the page itself, whose anchors are Redoc's.
    expect(
      descriptions.flatMap((text) => brokenLinks(text, DOCS_PAGE_FILE)).filter((link) => !link.startsWith('#')),
    ).toEqual([]);
  });

  it('the link checker finds a broken link', () => {
    expect(
      brokenLinks(
        '[a](missing.md) `[b](code.md)` [c](https://x.test/) [d](getting-started.md) [e](getting-started.md#nowhere)',
        DOCS_PAGE_FILE,
      ),
    ).toEqual(['missing.md', 'getting-started.md#nowhere']);
    expect(slug('Migrating off the `partner_id` body field')).toBe('migrating-off-the-partner_id-body-field');
  });
});

// An imported shipment created under a Partner ID is attributed to the partner (section 1; the body
// field works there, 5.2.4); whether it stores one given alone is open. The guide says both.
describe('the partner attribution guide on imported shipments', () => {
  const says = (markdown: string) =>
    /An imported shipment created with a Partner ID, in the header or in the deprecated body field\s+\(which still works there\), is attributed to the partner/.test(
      markdown,
    ) &&
    /\*Not specified:\* whether a Partner ID given alone[\s\S]{0,80}is stored\s+on the imported shipment/.test(
      markdown,
    );

  it('[4.5.partner-attribution] says an imported shipment is attributed to the partner, and leaves its storage open', () => {
    const guide = read('docs/partner-attribution.md');
    expect(says(guide)).toBe(true);
    expect(says(guide.replace(/An imported shipment created with a Partner ID[^.]*\./, ''))).toBe(false);
  });
});

// The contract requires HTTPS (5.1.3) and names no exception; a tool of this repository that sends
// the credentials over plain HTTP to a loopback host says, in its own guide, that this is its policy,
// and that it takes the host from the parsed URL, not from a match on the text.
describe("the tools' loopback policy, each in its guide", () => {
  const POLICY = /\*\*(?:The client's|the workflow's|Try it's) own policy\b/;
  const PARSED = /the parsed URL names|the URL names once parsed/;
  const states = (markdown: string) => {
    const text = markdown.replace(/\s+/g, ' ');
    return POLICY.test(text) && PARSED.test(text) && /never a match on (?:its|the) text/.test(text);
  };

  it.each(['client.md', 'try-it.md'])('%s says its loopback exception is its own, on a parsed host', (guide) => {
    const markdown = read(`docs/${guide}`);
    expect(states(markdown)).toBe(true);
    expect(states(markdown.replace(/never a match on (?:its|the) text/g, ''))).toBe(false);
  });

  // An Arazzo criterion cannot parse a URL: the workflow says its match is on the text, anchored on
  // the whole authority, so that user information or a longer host name never passes as loopback.
  it('workflows.md says its loopback exception is its own, matched on the whole authority', () => {
    const says = (markdown: string) => {
      const text = markdown.replace(/\s+/g, ' ');
      return (
        /the workflow's own policy/.test(text) &&
        /whole authority/.test(text) &&
        /user information .{0,300}never passes as loopback/.test(text)
      );
    };
    const markdown = read('docs/workflows.md');
    expect(says(markdown)).toBe(true);
    expect(says(markdown.replace(/never passes as loopback/g, 'passes'))).toBe(false);
  });
});

// A user guide says what is true now: how a figure came about, when it was measured and what it
// was before belong to dev/bench/README.md, and what changed between releases to CHANGELOG.md.
// Each marker is something only a history says; code (blocks and spans) is left out, where a date or
// a time of day is an example.
const HISTORY: Array<[RegExp, string]> = [
  [/\b20\d\d-\d\d-\d\d\b/, 'a date'],
  [/\b\d{1,2}:\d\d(:\d\d)?\b/, 'a time of day'],
  [/\b(previously|formerly|until now)\b/i, 'a change over time'],
  [/\bbefore\b[^.;:]{0,60}\b(was|were|had)\b/i, 'a state before a change'],
  [/\b(was|were) (made|changed|rewritten|removed|replaced|added|dropped|simplified|moved)\b/i, 'a change made'],
  [/\b(as it is now|the \w+ now|now (comes|takes|uses|is|are|does))\b/i, 'a change over time ("now")'],
  [/\b\d+\.(\d+\.)?(\d+|x)\b[^.]{0,40}\b(brought|took|had|was|were)\b/i, 'an earlier version compared'],
  [/\bthis project's\b|\bbuild machine\b|\bon this machine\b/i, "the project's own machine"],
];

/** The lines of `markdown` that tell a history: `<line>: <what> "<words>"`. */
function historyIn(markdown: string): string[] {
  const prose = markdown
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, '``');
  return prose.split('\n').flatMap((text, i) =>
    HISTORY.flatMap(([marker, what]) => {
      const found = marker.exec(text)?.[0];
      return found === undefined ? [] : [`${i + 1}: ${what} "${found}"`];
    }),
  );
}

describe('the user guides say what is true now', () => {
  it.each([...GUIDES.map((guide) => `docs/${guide}`), 'README.md'])(
    '%s tells no history of measurements or changes (that is dev/bench/README.md and CHANGELOG.md)',
    (document) => {
      expect(historyIn(read(document))).toEqual([]);
    },
  );

  it('the history check finds what a history says, and leaves examples and the present alone', () => {
    const history = [
      "Run on 2026-11-25 from 14:13 UTC on this project's build machine.",
      'Before the download was made simpler, it took 1.02x.',
      'The byte offset now comes from a decoder; previously a scanner gave it.',
      'Installing 5.x brought 84 packages.',
    ];
    expect(historyIn(history.join('\n'))).toEqual([
      '1: a date "2026-11-25"',
      '1: a time of day "14:13"',
      '1: the project\'s own machine "this project\'s"',
      '2: a state before a change "Before the download was"',
      '2: a change made "was made"',
      '3: a change over time "previously"',
      '3: a change over time ("now") "now comes"',
      '4: an earlier version compared "5.x brought"',
    ]);
    const present = [
      'Download `url` before `expires_at`; the credentials were refused when it answers 401.',
      '```text\nnext poll at 16:48:42 UTC, expires 2026-11-25\n```',
      'The address expires now (`410`), and the sandbox keeps what was sent.',
    ];
    expect(historyIn(present.join('\n'))).toEqual([]);
  });
});

describe('the README tells the truth', () => {
  it('holds to 150 lines, says what the EBADENGINE lines mean right after npm install, and names npm run dev', () => {
    const readme = read('README.md');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    const quickStart = readme.slice(
      readme.indexOf('\n## Quick start\n'),
      readme.indexOf('\n### Installing the packages'),
    );
    expect(quickStart).toMatch(/\n```sh\nnpm install\n```\n\n[^\n]*`npm warn EBADENGINE`/);
    expect(quickStart).toMatch(/^npm run dev +#/m);
  });

  it('names every port flag and its variable', () => {
    const readme = read('README.md');
    for (const name of ['--docs-port', 'DOCS_PORT', '--port', 'MOCK_PORT', '--sandbox-port', 'SANDBOX_PORT'])
      expect(readme, name).toContain(name);
  });

  it('says how to install the packages in one place, and no guide contradicts it', () => {
    expect(read('README.md')).toContain('### Installing the packages');
    expect(read('README.md')).toMatch(
      /npm pack --workspaces[\s\S]*npm install \/path\/to\/shipping-api-v3-contract-<version>\.tgz \/path\/to\/shipping-api-v3-client-<version>\.tgz/,
    );
    for (const guide of ['docs/getting-started.md', 'docs/client.md']) {
      expect(read(guide), guide).not.toMatch(/not published|npm pack/);
      expect(read(guide), guide).toContain('Installing the packages');
    }
  });
});

describe("the sandbox guide's table of settings", () => {
  it('has a row for every setting, with its flag and its variable, and no other', async () => {
    const { SETTINGS } = await import('shipping-api-v3-sandbox/settings');
    const rows = [...read('docs/sandbox.md').matchAll(/^\| `--([a-z-]+)` \| `(SANDBOX_[A-Z_]+)` \|/gm)].map(
      ([, flag, variable]) => `${flag} ${variable}`,
    );
    expect(rows.sort()).toEqual(SETTINGS.map((setting) => `${setting.flag} ${setting.variable}`).sort());
  });

  it("gives each setting's default as the table of the code does (off for false)", async () => {
    const { SETTINGS } = await import('shipping-api-v3-sandbox/settings');
    const defaults = new Map(
      [...read('docs/sandbox.md').matchAll(/^\| `--([a-z-]+)` \| `SANDBOX_[A-Z_]+` \| ([^|]+) \|/gm)].map(
        ([, flag, value]) => [flag, value!.replaceAll('`', '').trim()],
      ),
    );
    for (const setting of SETTINGS)
      if ('default' in setting)
        expect(defaults.get(setting.flag), setting.flag).toBe(
          setting.default === false ? 'off' : String(setting.default),
        );
  });
});

// The guides say what the specification says, and no more: the base URL keeps the path the
// specification allows in front of /api/public/v3, and a lifetime of a file address that is the
// sandbox's default is not given as the API's.
describe('the guides state the specification, not more', () => {
  it("[0.base-url] getting-started's base URL is the bundle's server URL, with its {prefix}", () => {
    const server = (JSON.parse(read(path.relative(root, BUNDLE_JSON))) as { servers: { url: string }[] }).servers[0]!;
    expect(server.url).toContain('{prefix}');
    const guide = read('docs/getting-started.md');
    const base = /\*\*The base URL\*\*: `([^`]+)`/.exec(guide)?.[1];
    expect(base).toBe(server.url);
    expect(guide).not.toMatch(/https:\/\/(?:\{host\}|<host>)\/api\/public\/v3/);
  });

  // A placeholder base URL with a host placeholder and no prefix placeholder drops the path the
  // specification allows in front of /api/public/v3.
  const withoutPrefix = (text: string) =>
    [...text.matchAll(/https?:\/\/(?:\{host\}|<host>)[^\s`'")]*\/api\/public\/v3/g)]
      .map(([url]) => url)
      .filter((url) => !/\{prefix\}|<prefix>/.test(url));
  it('[0.base-url] every guide that writes the base URL with a host placeholder writes its prefix too', () => {
    const found = [...GUIDES.map((guide) => `docs/${guide}`), 'README.md', 'CONTRIBUTING.md'].flatMap((file) =>
      withoutPrefix(read(file)).map((url) => `${file}: ${url}`),
    );
    expect(found).toEqual([]);
    expect(withoutPrefix('--server https://<host>/api/public/v3 and http://{host}/api/public/v3')).toEqual([
      'https://<host>/api/public/v3',
      'http://{host}/api/public/v3',
    ]);
    expect(withoutPrefix("'https://<host><prefix>/api/public/v3' https://{host}{prefix}/api/public/v3")).toEqual([]);
  });

  // A measured figure comes after the `npm run bench` command that produces it; a figure before the
  // command is an estimate, and says so.
  // A number, a word or two, then a unit of rate or time: 42,000 req/s, 100,000 simple operations a second.
  const FIGURE = /\d[\d,.]*(?:\s+[a-z]+){0,2}\s*(?:req\/s|requests a second|operations a second|µs|ms\b)/;
  const unsourcedFigures = (section: string) => {
    const blocks = section.split(/\n\s*\n/);
    const command = blocks.findIndex(
      (block) => /^```sh\nnpm run bench\b/m.test(block) || /`npm run bench\b/.test(block),
    );
    return blocks
      .filter((block, i) => FIGURE.test(block) && (command === -1 || i < command) && !/\bestimate\b/i.test(block))
      .map((block) => block.split('\n')[0]!);
  };
  const scales = (text: string) => /^### What scales\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? '';

  it("the sandbox guide's What scales gives a measured figure after the bench command, and calls an estimate one", () => {
    const section = scales(read('docs/sandbox.md'));
    expect(section).toMatch(/npm run bench -- --part sandbox/);
    expect(FIGURE.test(section)).toBe(true);
    expect(unsourcedFigures(section)).toEqual([]);
    expect(
      unsourcedFigures(
        'One Redis answers 100,000 simple operations a second.\n\n```sh\nnpm run bench\n```\n\n42,000 req/s',
      ),
    ).toEqual(['One Redis answers 100,000 simple operations a second.']);
    expect(
      unsourcedFigures('An estimate: 100,000 operations a second.\n\n```sh\nnpm run bench\n```\n\n42,000 req/s'),
    ).toEqual([]);
  });

  it("[8.url-lifetime] a lifetime in minutes of a file address is said to be the sandbox's, not the API's", () => {
    for (const guide of GUIDES) {
      const text = read(`docs/${guide}`).replace(/\s+/g, ' ');
      for (const [sentence] of text.matchAll(/[^.]*\b\d+ minutes a file address lives[^.]*\./g))
        expect(sentence, guide).toMatch(/sandbox/);
    }
    expect(read('docs/workflows.md').replace(/\s+/g, ' ')).toMatch(
      /15 minutes a file address lives in the sandbox by default/,
    );
  });
});
