// Decorators for the rendered reference only (the API shipping@v3-docs in redocly.yaml): the bundle under generated/ is
// built without them. Redoc does not show vendor extensions by default, so every open point that
// the contract marks with x-unspecified, and every status code marked x-http-standard, is written
// into the description of the object carrying it, under a label that a reader learns to look for;
// the guides' Markdown links point at their pages; the guides are listed in Redoc's menu; and the
// reference names the product and its version as the guide pages do (pages.js).
import { guides, productName } from './pages.js';

export const LABEL = 'Not specified:';

// A status code that HTTP fixes, not the specification (x-http-standard), says so in the page.
export const HTTP_LABEL = 'Status code from HTTP:';

function appendNote(node, note) {
  const description = typeof node.description === 'string' ? node.description.trimEnd() : '';
  if (description.includes(note)) return; // A node reached twice through $refs is labelled once.
  node.description = description ? `${description}\n\n${note}` : note;
}

function appendOpenPoint(node, text, markdown = true) {
  appendNote(node, markdown ? `**${LABEL}** ${text}` : `${LABEL} ${text}`);
}

const OPERATIONS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function NotSpecified() {
  return {
    any: {
      enter(node) {
        if (node && typeof node === 'object' && typeof node['x-http-standard'] === 'string') {
          appendNote(node, `**${HTTP_LABEL}** ${node['x-http-standard']}. The specification gives no status codes.`);
        }
        if (node && typeof node === 'object' && typeof node['x-unspecified'] === 'string') {
          appendOpenPoint(node, node['x-unspecified']);
        }
      },
    },
    // Redoc shows neither path item nor server variable descriptions: their open points are
    // repeated where it does show them, on the operations and on the server.
    PathItem: {
      enter(pathItem) {
        const text = pathItem['x-unspecified'];
        if (typeof text !== 'string') return;
        for (const method of OPERATIONS) if (pathItem[method]) appendOpenPoint(pathItem[method], text);
      },
    },
    // A server's description is shown as plain text, not Markdown.
    Server: {
      enter(server) {
        for (const variable of Object.values(server.variables ?? {})) {
          if (typeof variable['x-unspecified'] === 'string') appendOpenPoint(server, variable['x-unspecified'], false);
        }
      },
    },
  };
}

// The guides are published as pages beside the reference (docs/<name>.html, npm run docs): a relative
// link to a guide's Markdown in a description points at its page in the rendered reference, where
// a browser would otherwise show the Markdown as raw text.
export function guideLinksToPages(text) {
  return text.replace(
    /\]\((?![a-z][a-z0-9+.-]*:|#|\/)([^)\s#]+)\.md(#[^)\s]*)?\)/gi,
    (_, file, anchor = '') => `](${file}.html${anchor})`,
  );
}

function GuideLinks() {
  return {
    any: {
      enter(node) {
        if (node && typeof node === 'object' && typeof node.description === 'string') {
          node.description = guideLinksToPages(node.description);
        }
      },
    },
  };
}

// Redoc renders only the operations under `paths`. The download lives at no path in the contract
// (components.pathItems, reached from a link): the reference lists it under the address it is
// requested at, the `url` of a COMPLETED status, written as the specification writes it.
export const DOWNLOAD_IN_REFERENCE = '{url}';

function PathItemsInReference() {
  return {
    Root: {
      leave(root) {
        for (const [name, pathItem] of Object.entries(root.components?.pathItems ?? {})) {
          if (name !== 'CarrierSetupFile') continue;
          root.paths = { ...root.paths, [DOWNLOAD_IN_REFERENCE]: pathItem };
        }
      },
    },
  };
}

// The reference names itself as the guide pages name it: Redoc's heading is "<title> (<version>)",
// here "Shipping Service Public API v3 (contract 5.0.0)", and its menu starts with the title.
function ProductName() {
  return {
    Root: {
      leave(root) {
        const { name, version } = productName(root);
        root.info.title = name;
        root.info.version = version;
      },
    },
  };
}

// Redoc turns the headings of info.description into entries of its menu: a level-1 heading a group,
// the headings under it its entries. One section, Guides, holds an entry per guide, in the README's
// order, whose text links the guide's page (relative: it works wherever the folder is published).
// Each entry's id is its page, so that its route in the reference is #/section/guides/<page>; the
// page's script (dev/docs/guide-links.js) opens the page itself when the menu entry is chosen.
export const GUIDES_HEADING = 'Guides';

/** The Markdown of the Guides section of the reference, for the guides given. */
export function guidesSection(list) {
  const entries = list.map(
    ({ page, title, about }) => `## ${title} {% id="${page}" %}\n\n[${title}](${page})${about ? `: ${about}` : '.'}`,
  );
  const intro = 'Each guide is a page of its own, published beside this reference.';
  return [`# ${GUIDES_HEADING}`, intro, ...entries].join('\n\n');
}

function GuidesInSidebar() {
  return {
    Root: {
      leave(root) {
        // The bundle's one-line list of the guides ("**Guides.** …") gives way to the section.
        const paragraphs = (root.info.description ?? '')
          .trimEnd()
          .split(/\n\s*\n/)
          .filter((paragraph) => !paragraph.startsWith('**Guides.**'));
        root.info.description = [...paragraphs, guidesSection(guides())].join('\n\n');
      },
    },
  };
}

export default function docsPlugin() {
  return {
    id: 'docs',
    decorators: {
      oas3: {
        'not-specified': NotSpecified,
        'guide-links': GuideLinks,
        'path-items-in-reference': PathItemsInReference,
        'product-name': ProductName,
        'guides-in-sidebar': GuidesInSidebar,
      },
    },
  };
}
