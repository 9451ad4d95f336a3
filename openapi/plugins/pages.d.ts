// Types of pages.js, for the scripts and tests that import it.
export interface ProductName {
  /** The product's name: the description's title with the API's version, "Shipping Service Public API v3". */
  name: string;
  /** The contract's version, "contract 5.0.0". */
  version: string;
  /** Both, as Redoc writes its heading: "Shipping Service Public API v3 (contract 5.0.0)". */
  title: string;
}
export declare function productName(document: {
  info: { title: string; version: string };
  servers?: { url?: string }[];
}): ProductName;
/** The first level-1 heading of a Markdown text, without code marks, or `fallback`. */
export declare function pageTitle(markdown: string, fallback: string): string;
export interface Guide {
  /** The Markdown file, relative to the repository: docs/<name>.md. */
  markdown: string;
  /** Its page, under docs/: <name>.html. */
  page: string;
  /** Its level-1 heading. */
  title: string;
  /** What the README's list of guides says of it, or "". */
  about: string;
}
/** Every guide, in the order of the README's list of guides; one it does not list comes after, by name. */
export declare function guides(root?: string): Guide[];
