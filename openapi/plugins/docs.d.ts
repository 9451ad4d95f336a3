// Types of docs.js, for the tests that import it.
/** The label under which the rendered reference shows every open point. */
export declare const LABEL: string;
/** The label under which the rendered reference names the RFC of a status code that HTTP fixes. */
export declare const HTTP_LABEL: string;
/** `text` with its relative links to guides' Markdown (`x.md`, `x.md#a`) pointing at their pages (`x.html`). */
export declare function guideLinksToPages(text: string): string;
/** The heading of the reference's section that lists the guides, a group of Redoc's menu. */
export declare const GUIDES_HEADING: string;
/** The Markdown of that section: a heading per guide, with the id of its page, and a link to it. */
export declare function guidesSection(list: { page: string; title: string; about: string }[]): string;
declare function docsPlugin(): { id: string; decorators: { oas3: Record<string, () => object> } };
export default docsPlugin;
