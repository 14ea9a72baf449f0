// Doc comments to HTML: their Markdown (markdown-it), {@link} tags as links into the reference, code coloured.
// markdown-it ships no types; its declaration is beside this file, outside any tsconfig's folders.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./markdown-it.d.ts" />
import MarkdownIt from 'markdown-it';
import type { JSONOutput } from 'typedoc';
import type { Reference } from './model.js';
import { escapeHtml } from './types.js';

type Part = JSONOutput.CommentDisplayPart;

const KEYWORDS = new Set(
  (
    'as async await break case catch class const continue default do else export extends false finally for from ' +
    'function if import in instanceof let new null of return static switch this throw true try type typeof ' +
    'undefined void while yield'
  ).split(' '),
);

/** TypeScript, JavaScript or shell code with its comments, strings and keywords marked (`c`, `s`, `k`). */
function highlight(code: string, lang: string): string {
  if (!/^(ts|js|typescript|javascript)$/.test(lang)) return escapeHtml(code);
  const token =
    /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|([A-Za-z_$][\w$]*)/g;
  let out = '',
    at = 0;
  for (const m of code.matchAll(token)) {
    out += escapeHtml(code.slice(at, m.index));
    const [text, comment, string, word] = m;
    if (comment) out += `<span class="c">${escapeHtml(comment)}</span>`;
    else if (string) out += `<span class="s">${escapeHtml(string)}</span>`;
    else if (KEYWORDS.has(word) && code[m.index - 1] !== '.') out += `<span class="k">${word}</span>`;
    else out += escapeHtml(text);
    at = m.index + text.length;
  }
  return out + escapeHtml(code.slice(at));
}

const md = new MarkdownIt({
  html: false,
  linkify: false,
  highlight: (code, lang) => `<pre><code>${highlight(code.replace(/\n$/, ''), lang)}</code></pre>`,
});

/** Private-use characters around a link's number: Markdown leaves them alone, and no comment holds them. */
const OPEN = '\uE000',
  CLOSE = '\uE001';

export class Markdown {
  constructor(private readonly ref: Reference) {}

  /** Comment parts as block HTML (paragraphs, lists, tables, code). */
  blocks(parts: Part[] | undefined, shift = 0): string {
    return this.render(parts, false, shift);
  }

  /** Comment parts as one line of HTML (no paragraph around it). */
  inline(parts: Part[] | undefined): string {
    return this.render(parts, true, 0);
  }

  /** The first paragraph of a comment, as one line: the summary shown in lists. */
  first(parts: Part[] | undefined): string {
    const kept: Part[] = [];
    for (const p of parts ?? []) {
      if (p.kind === 'code' && p.text.startsWith('```')) break;
      const end = p.kind === 'text' ? p.text.indexOf('\n\n') : -1;
      if (end >= 0) {
        kept.push({ kind: 'text', text: p.text.slice(0, end) });
        break;
      }
      kept.push(p);
    }
    return this.inline(kept);
  }

  /** `shift` lowers Markdown headings (a comment's `#` under a page's own headings). */
  private render(parts: Part[] | undefined, inline: boolean, shift: number): string {
    const links: string[] = [];
    let text = '';
    for (const p of parts ?? []) {
      if (p.kind === 'inline-tag' && (p.tag === '@link' || p.tag === '@linkcode' || p.tag === '@linkplain')) {
        links.push(this.link(p));
        text += `${OPEN}${links.length - 1}${CLOSE}`;
      } else text += p.text;
    }
    if (shift > 0) text = text.replace(/^(#{1,5}) /gm, (h) => '#'.repeat(Math.min(6, h.length - 1 + shift)) + ' ');
    const html = inline ? md.renderInline(text) : md.render(text);
    return html.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'), (_: string, i: string) => links[Number(i)]);
  }

  private link(p: JSONOutput.InlineTagDisplayPart): string {
    // `{@link core!Job}` shows as Job; `{@link Job | the job}` as its own words.
    const words = p.text.trim();
    const label = words.includes('!') ? words.slice(words.lastIndexOf('!') + 1) : words;
    const href =
      typeof p.target === 'number'
        ? this.ref.href(p.target)
        : typeof p.target === 'string' && /^https?:/.test(p.target)
          ? p.target
          : undefined;
    const shownLabel = /^[\w$.]+(\(\))?$/.test(label) ? `<code>${escapeHtml(label)}</code>` : escapeHtml(label);
    return href ? `<a href="${escapeHtml(href)}">${shownLabel}</a>` : shownLabel;
  }
}
