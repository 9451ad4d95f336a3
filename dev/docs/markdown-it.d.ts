// The part of markdown-it (a CommonJS package without its own types) that the guide pages use.
declare module 'markdown-it' {
  interface Token {
    type: string;
    tag: string;
    content: string;
    attrs: [string, string][] | null;
    children: Token[] | null;
    attrGet(name: string): string | null;
    attrSet(name: string, value: string): void;
  }
  interface StateCore {
    tokens: Token[];
  }
  interface Options {
    html?: boolean;
    linkify?: boolean;
    typographer?: boolean;
  }
  class MarkdownIt {
    constructor(options?: Options);
    core: { ruler: { push(name: string, rule: (state: StateCore) => void): void } };
    render(source: string): string;
  }
  export default MarkdownIt;
}
