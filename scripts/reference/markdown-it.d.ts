// The part of markdown-it (which TypeDoc brings) the reference uses: a parser with a code highlighter.
declare module 'markdown-it' {
  interface Options {
    html?: boolean;
    linkify?: boolean;
    highlight?: (code: string, lang: string) => string;
  }
  export default class MarkdownIt {
    constructor(options?: Options);
    render(text: string): string;
    renderInline(text: string): string;
  }
}
