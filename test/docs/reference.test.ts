// The API reference as the playground's build ships it (web/dist/api/, served at /api/): a page per subpath of
// the package with an entry for every name the subpath exports (read here from the built declarations with the
// TypeScript compiler, not from the reference's own model), links that all lead somewhere inside the folder, and
// a size that keeps the package small.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, WEB_DIST, ensureWebBuilt } from '../web/build.js';

const API = join(WEB_DIST, 'api');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types?: string }>;
};

/** Each subpath ('gridbits', 'gridbits/tour', …) with its declarations file in dist/. */
const subpaths = Object.entries(pkg.exports)
  .filter(([key, v]) => key !== './package.json' && typeof v === 'object' && v.types)
  .map(([key, v]) => ({
    path: key === '.' ? 'gridbits' : `gridbits/${key.slice(2)}`,
    page: key === '.' ? 'gridbits.html' : `${key.slice(2)}.html`,
    types: join(REPO, (v as { types: string }).types),
  }));

/** The names each declarations file exports, as the compiler sees them. */
function exportedNames(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const names = new Map<string, string[]>();
  for (const f of files) {
    const source = program.getSourceFile(f);
    const symbol = source && checker.getSymbolAtLocation(source);
    names.set(f, symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
  }
  return names;
}

const pages = new Map<string, string>();
const read = (file: string): string => {
  if (!pages.has(file)) pages.set(file, readFileSync(join(API, file), 'utf8'));
  return pages.get(file)!;
};
const hasId = (html: string, id: string): boolean => html.includes(`id="${id}"`);

beforeAll(() => {
  ensureWebBuilt();
}, 600_000);

describe('the API reference', () => {
  it('has a page for every subpath of the package, and a start page', () => {
    expect(subpaths.length).toBeGreaterThanOrEqual(9);
    expect(existsSync(join(API, 'index.html'))).toBe(true);
    for (const s of subpaths) {
      expect(existsSync(join(API, s.page)), s.page).toBe(true);
      expect(read(s.page)).toContain(`<h1>${s.path}</h1>`);
    }
  });

  it('has an entry for every export of every subpath', () => {
    const names = exportedNames(subpaths.map((s) => s.types));
    let checked = 0;
    for (const s of subpaths) {
      const html = read(s.page);
      for (const name of names.get(s.types)!) {
        checked++;
        if (hasId(html, name)) continue;
        // A name documented on another page (the root's core names, its engine namespaces) links there.
        const link = new RegExp(`<a href="([^"#]+)(?:#([^"]+))?"><code>${name.replace(/\$/g, '\\$')}</code></a>`).exec(
          html,
        );
        expect(link, `${s.path} exports ${name}: no entry on ${s.page}`).not.toBeNull();
        const [, file, id] = link!;
        expect(existsSync(join(API, file)), `${s.path}: ${name} links to ${file}`).toBe(true);
        if (id) expect(hasId(read(file), id), `${s.path}: ${name} links to ${file}#${id}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('links only inside its folder, each link to a page and place that exist', () => {
    for (const file of readdirSync(API).filter((f) => f.endsWith('.html'))) {
      const html = read(file);
      for (const [, attr, target] of html.matchAll(/\b(href|src)="([^"]*)"/g)) {
        if (/^https?:/.test(target)) continue;
        expect(target.startsWith('/'), `${file}: ${attr}="${target}" is not relative`).toBe(false);
        if (target === '../index.html') continue; // the playground, beside the reference
        const [path, id] = target.split('#');
        const to = path === '' ? file : path;
        expect(existsSync(join(API, to)), `${file} links to ${target}`).toBe(true);
        if (id) expect(hasId(read(to), id), `${file} links to ${target}`).toBe(true);
      }
    }
  });

  it('reads without script: the entries are in the page, under headings and landmarks', () => {
    for (const s of subpaths) {
      const html = read(s.page);
      expect(html).toMatch(/<html lang="en">/);
      for (const tag of ['<header', '<nav', '<main id="main">', '<h1>', 'href="#main"'])
        expect(html, `${s.page} ${tag}`).toContain(tag);
    }
    // The search box's index names the documented names too.
    const search = readFileSync(join(API, 'search.js'), 'utf8');
    expect(search).toContain('"countTours"');
  });

  it('stays small: at most 0.7 MiB in all', () => {
    const bytes = readdirSync(API).reduce((sum, f) => sum + statSync(join(API, f)).size, 0);
    expect(bytes).toBeLessThanOrEqual(0.7 * 1024 * 1024);
  });
});
