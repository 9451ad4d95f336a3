// What the rendered reference (the decorators of docs.js) and the guide pages (dev/docs/pages.ts)
// share, so that they agree by construction: the name the product goes by, with the version of its
// contract, and the guides, docs/*.md, in the order of the README's list of guides.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The product's name and version, from a description's info and servers: the API's own version is
 * the last segment of its server URL (`…/api/public/v3`), the version is the contract's.
 */
export function productName({ info, servers = [] }) {
  const api = servers.map((server) => /\/(v\d+)\/?$/.exec(server.url ?? '')?.[1]).find(Boolean);
  const name = api && !info.title.endsWith(` ${api}`) ? `${info.title} ${api}` : info.title;
  const version = `contract ${info.version}`;
  // As Redoc writes the title and version of a description in its heading.
  return { name, version, title: `${name} (${version})` };
}

/** The first level-1 heading of a Markdown text, without code marks, or `fallback`. */
export const pageTitle = (markdown, fallback) => /^# (.+)$/m.exec(markdown)?.[1]?.replace(/`/g, '') ?? fallback;

/**
 * Every guide, docs/*.md, in the order of the README's list of guides (a guide it does not list comes
 * after, by name): its Markdown file, its page, its title, and the README's words about it.
 */
export function guides(root = ROOT) {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8').split('## Guides')[1] ?? '';
  const place = (name) => {
    const at = readme.indexOf(`](docs/${name})`);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  return readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort((a, b) => place(a) - place(b) || a.localeCompare(b))
    .map((name) => {
      const markdown = `docs/${name}`;
      const about = new RegExp(`\\]\\(docs/${name.replace(/\./g, '\\.')}\\): (.+)$`, 'm').exec(readme)?.[1] ?? '';
      return {
        markdown,
        page: name.replace(/\.md$/, '.html'),
        title: pageTitle(readFileSync(path.join(root, markdown), 'utf8'), name),
        about,
      };
    });
}
