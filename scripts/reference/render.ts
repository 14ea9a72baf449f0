// The reference's pages: the guide (docs/library.md), one page per subpath with every export on it, an index of
// every name; each export with its signature, its documentation and its examples.
import type { JSONOutput } from 'typedoc';
import { Markdown } from './markdown.js';
import { KIND, kindWord, type Page, type Reference } from './model.js';
import { TypeWriter, escapeHtml } from './types.js';

type Declaration = JSONOutput.DeclarationReflection;
type Signature = JSONOutput.SignatureReflection;
type Comment = JSONOutput.Comment;

export interface RenderOptions {
  /** Link back to the playground (the reference served beside it at /api/). */
  playground: boolean;
}

/** Section titles for the kinds, in the order a page shows them. */
const SECTIONS: [number, string][] = [
  [KIND.function, 'Functions'],
  [KIND.class, 'Classes'],
  [KIND.interface, 'Interfaces'],
  [KIND.typeAlias, 'Types'],
  [KIND.variable, 'Constants'],
];

/** Headings for block tags; `@param` and `@returns` are shown with the signature. */
const TAG_TITLES: Record<string, string> = {
  '@example': 'Example',
  '@see': 'See also',
  '@remarks': 'Remarks',
  '@throws': 'Throws',
  '@deprecated': 'Deprecated',
  '@returns': 'Returns',
};

export class Renderer {
  private readonly md: Markdown;
  private readonly tw: TypeWriter;

  constructor(
    private readonly ref: Reference,
    private readonly options: RenderOptions,
  ) {
    this.md = new Markdown(ref);
    this.tw = new TypeWriter(ref);
  }

  /** Every page by file name. */
  pages(): Map<string, string> {
    const out = new Map<string, string>();
    out.set('index.html', this.guide());
    for (const page of this.ref.pages) out.set(page.file, this.subpath(page));
    out.set('names.html', this.names());
    return out;
  }

  private guide(): string {
    const rows = this.ref.pages
      .map(
        (p) =>
          `<tr><td><a href="${p.file}"><code>${p.path}</code></a></td><td>${this.md.first(p.module.comment?.summary)}</td></tr>`,
      )
      .join('\n');
    const body =
      `${this.md.blocks(this.ref.project.readme)}\n<h2 id="subpaths">Subpaths</h2>\n` +
      `<p>Each subpath's page shows every name it exports; <a href="names.html">all names</a> are indexed A–Z.</p>\n` +
      `<table class="subpaths">\n${rows}\n</table>`;
    return this.layout('gridbits API reference', 'index.html', body, '');
  }

  private subpath(page: Page): string {
    const sections: string[] = [];
    const toc: string[] = [];
    for (const [kind, title] of SECTIONS) {
      const decls = page.decls.filter((d) => d.kind === kind);
      if (decls.length === 0) continue;
      const id = title.toLowerCase();
      sections.push(`<h2 id="${id}">${title}</h2>\n${decls.map((d) => this.declaration(d)).join('\n')}`);
      toc.push(
        `<li><a href="#${id}">${title}</a><ul>${decls.map((d) => `<li><a href="#${d.name}">${d.name}</a></li>`).join('')}</ul></li>`,
      );
    }
    const elsewhere = this.elsewhere(page);
    if (elsewhere) toc.unshift('<li><a href="#also">Also exported</a></li>');
    const imported = page.module.name === 'worker' ? `import '${page.path}';` : `import { … } from '${page.path}';`;
    const body =
      `<h1>${page.path}</h1>\n<pre class="import"><code>${escapeHtml(imported)}</code></pre>\n` +
      `${this.md.blocks(page.module.comment?.summary, 1)}\n${elsewhere}${sections.join('\n')}`;
    const side = `<details class="toc"><summary>On this page</summary><ul>${toc.join('')}</ul></details>`;
    return this.layout(`${page.path} — gridbits API`, page.file, body, side);
  }

  /** What a subpath exports from elsewhere: the root's engines (as namespaces) and the core's names. */
  private elsewhere(page: Page): string {
    if (page.elsewhere.length === 0) return '';
    const modules = page.elsewhere.filter((e) => this.ref.reflection(e.id)?.kind === KIND.module);
    const names = page.elsewhere.filter((e) => this.ref.reflection(e.id)?.kind !== KIND.module);
    const link = (e: { name: string; id: number }): string =>
      `<a href="${this.ref.href(e.id) ?? '#'}"><code>${escapeHtml(e.name)}</code></a>`;
    let html = '<h2 id="also">Also exported</h2>\n';
    if (modules.length > 0) {
      html += '<p>Each engine, as a namespace (<code>tour.countTours</code>):</p>\n<ul class="modules">';
      for (const e of modules) {
        const m = this.ref.pages.find((p) => p.module.id === e.id);
        html += `<li>${link(e)} — <a href="${m?.file}">${m?.path}</a>: ${this.md.first(m?.module.comment?.summary)}</li>`;
      }
      html += '</ul>\n';
    }
    if (names.length > 0) {
      const from = [...new Set(names.map((e) => this.ref.href(e.id)?.split('.html')[0]))];
      const path = this.ref.pages.find((p) => from.length === 1 && p.file === `${from[0]}.html`)?.path;
      html += `<p>${path ? `The names of <code>${path}</code>` : 'These names'}, documented there:</p>\n`;
      html += `<p class="names">${names.map(link).join(' ')}</p>\n`;
    }
    return html;
  }

  /** One export: its heading, its signature or shape, its documentation, its members. */
  private declaration(d: Declaration): string {
    const head = `<h3 id="${d.name}"><a class="self" href="#${d.name}">${d.name}</a> <small>${kindWord(d.kind)}</small></h3>`;
    let body = '';
    const tps = this.tw.typeParameters(d.typeParameters);
    switch (d.kind) {
      case KIND.function:
        body = (d.signatures ?? []).map((s) => this.signatureBlock(s)).join('\n');
        break;
      case KIND.class:
      case KIND.interface: {
        const word = d.kind === KIND.class ? 'class' : 'interface';
        const ext = d.extendedTypes?.length ? ` extends ${d.extendedTypes.map((t) => this.tw.type(t)).join(', ')}` : '';
        const impl = d.implementedTypes?.length
          ? ` implements ${d.implementedTypes.map((t) => this.tw.type(t)).join(', ')}`
          : '';
        body = `<pre class="sig">${word} <b>${d.name}</b>${tps}${ext}${impl}</pre>\n${this.comment(d.comment)}`;
        body += this.members(d.children ?? [], d.name);
        break;
      }
      case KIND.typeAlias:
      case KIND.variable: {
        const t = d.type;
        const shape = t?.type === 'reflection' && !t.declaration.signatures?.length ? t.declaration : undefined;
        const word = d.kind === KIND.typeAlias ? 'type' : 'const';
        const sep = d.kind === KIND.typeAlias ? ' = ' : ': ';
        const value =
          d.kind === KIND.variable &&
          d.defaultValue &&
          d.defaultValue !== '...' &&
          t?.type !== 'literal' &&
          d.defaultValue.length <= 60
            ? ` = ${escapeHtml(d.defaultValue)}`
            : '';
        body =
          `<pre class="sig">${word} <b>${d.name}</b>${tps}${sep}${shape ? '{ … }' : this.tw.type(t)}${value}</pre>\n` +
          this.comment(d.comment);
        if (shape) body += this.members(shape.children ?? [], d.name);
        break;
      }
    }
    return `<section class="decl">\n${head}\n${body}\n</section>`;
  }

  /** A signature, then its documentation: summary, parameters, the other tags. */
  private signatureBlock(s: Signature): string {
    return `<pre class="sig">${this.tw.signature(s)}</pre>\n${this.comment(s.comment, this.paramList(s))}`;
  }

  /** A comment's summary, then (after `between`) its block tags under their headings. */
  private comment(c: Comment | undefined, between = ''): string {
    if (!c) return between;
    let html = this.md.blocks(c.summary, 3) + between;
    for (const tag of c.blockTags ?? []) {
      const title = TAG_TITLES[tag.tag] ?? tag.tag.slice(1);
      html += `<div class="tag"><h4>${title}</h4>${this.md.blocks(tag.content, 4)}</div>`;
    }
    return html;
  }

  /** A class's, interface's or object type's members, each with its own anchor ('Board.parse'). */
  private members(children: Declaration[], owner: string): string {
    const shown = children.filter((m) => !m.flags.isExternal);
    if (shown.length === 0) return '';
    const items = shown.map((m) => {
      const id = `${owner}.${m.name}`;
      let sigs: string;
      let doc: string;
      if (m.signatures?.length) {
        const st = m.flags.isStatic ? 'static ' : '';
        sigs = m.signatures
          .map((s) => {
            const text = this.tw.signature(s);
            return `<pre>${st}${m.kind === KIND.constructor ? `new ${text}` : text}</pre>`;
          })
          .join('');
        doc = m.signatures.map((s) => this.comment(s.comment, this.paramList(s))).join('');
      } else if (m.getSignature) {
        sigs = `<pre>${m.setSignature ? '' : 'readonly '}<b>${m.name}</b>: ${this.tw.type(m.getSignature.type)}</pre>`;
        doc = this.comment(m.getSignature.comment ?? m.comment);
      } else {
        sigs = `<pre>${this.tw.property(m)}</pre>`;
        doc = this.comment(m.comment);
      }
      return `<div class="member" id="${escapeHtml(id)}">${sigs}${doc}</div>`;
    });
    return `<div class="members">\n${items.join('\n')}\n</div>`;
  }

  private paramList(s: Signature): string {
    const params = (s.parameters ?? []).filter((p) => p.comment?.summary.length);
    if (!params.length) return '';
    return `<dl class="params">${params.map((p) => `<dt><code>${escapeHtml(p.name)}</code></dt><dd>${this.md.inline(p.comment?.summary)}</dd>`).join('')}</dl>`;
  }

  /** Every page's names A–Z, with their kind and subpath. */
  private names(): string {
    const top = this.ref.entries.filter((e) => !e.name.includes('.'));
    top.sort(
      (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.page.path.localeCompare(b.page.path),
    );
    let letter = '';
    const items: string[] = [];
    for (const e of top) {
      const first = e.name[0].toUpperCase();
      if (first !== letter) {
        if (letter) items.push('</ul>');
        letter = first;
        items.push(`<h2 id="${letter}">${letter}</h2><ul class="az">`);
      }
      items.push(`<li><a href="${e.href}">${e.name}</a> <small>${e.page.module.name}</small></li>`);
    }
    items.push('</ul>');
    const body =
      '<h1>Every name</h1>\n<p class="lead">Every export of every subpath, A–Z, with the subpath it comes from; the ' +
      `search box above finds members too.</p>\n${items.join('\n')}`;
    return this.layout('Every name — gridbits API', 'names.html', body, '');
  }

  /**
   * A code span that is just a documented name (`countToursJob`, `Board.parse`, `solve()`) links to it: this page's
   * name first, else the one name of that spelling in the package. Spans already in a link stay as they are.
   */
  private linkCode(html: string, file: string): string {
    return html.replace(
      /(?<!<a href="[^"]*">)<code>([A-Za-z_$][\w$]*(?:\.[\w$]+)?)(\(\))?<\/code>/g,
      (span, name: string) => {
        const found = this.ref.entries.filter((e) => e.name === name);
        const here = found.find((e) => e.page.file === file);
        const href = here?.href ?? (found.length === 1 ? found[0].href : undefined);
        return href ? `<a href="${href}">${span}</a>` : span;
      },
    );
  }

  private layout(title: string, file: string, body: string, side: string): string {
    const nav = this.ref.pages
      .map((p) => `<a href="${p.file}"${p.file === file ? ' aria-current="page"' : ''}>${p.module.name}</a>`)
      .join('');
    const playground = this.options.playground ? '<a class="out" href="../index.html">playground</a>' : '';
    // Names in code spans link to their place; links within the page need no file name.
    body = this.linkCode(body, file).replaceAll(`href="${file}#`, 'href="#');
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="style.css">
<script src="search.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="top">
<a class="brand" href="index.html">gridbits <span>API</span></a>
<nav aria-label="Subpaths">${nav}<a href="names.html"${file === 'names.html' ? ' aria-current="page"' : ''}>A–Z</a></nav>
<div class="search"><input id="q" type="search" placeholder="Search names ( / )" aria-label="Search names" autocomplete="off"><ul id="hits" role="listbox" hidden></ul></div>
${playground}
</header>
<div class="wrap">${side}<main id="main">
${body}
</main></div>
</body>
</html>
`;
  }
}
