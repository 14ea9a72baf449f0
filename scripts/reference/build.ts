// The API reference built from the sources: TypeDoc reads them (typedoc.json, every warning an error) and the
// reference's own renderer writes a few compact pages from what it found.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Application, LogLevel, normalizePath } from 'typedoc';
import { Reference, kindWord } from './model.js';
import { Renderer, type RenderOptions } from './render.js';

/** The reference's files by name (relative to its folder), for the sources in `root`. */
export async function referenceFiles(root: string, options: RenderOptions): Promise<Map<string, string>> {
  const app = await Application.bootstrapWithPlugins({
    options: join(root, 'typedoc.json'),
    entryPoints: entryPoints(root),
    logLevel: LogLevel.Warn,
  });
  const project = await app.convert();
  if (project) app.validate(project);
  // TypeDoc has printed each problem with its place; a reference with holes in it is not built.
  const problems = app.logger.errorCount + app.logger.warningCount;
  if (!project || problems > 0)
    throw new Error(`the API reference has ${problems} problems (TypeDoc's messages above)`);
  const ref = new Reference(app.serializer.projectToObject(project, normalizePath(root)));
  const files = new Renderer(ref, options).pages();
  files.set('style.css', readFileSync(join(root, 'scripts/reference/style.css'), 'utf8'));
  files.set('search.js', searchScript(root, ref));
  return files;
}

/**
 * The source of each subpath the package exports (package.json `exports`: ./dist/tour/index.d.ts is
 * src/tour/index.ts), so a new subpath gets its page without a list to keep.
 */
function entryPoints(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.values(pkg.exports)
    .map((v) => (typeof v === 'object' && v !== null && 'types' in v ? String(v.types) : ''))
    .filter((types) => types.startsWith('./dist/'))
    .map((types) => join(root, types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')));
}

/** The search box's code, after the names it searches: [name, kind, page], kind and page as indices. */
function searchScript(root: string, ref: Reference): string {
  const pages = ref.pages.map((p) => [p.file, p.path]);
  const kinds = [...new Set(ref.entries.map((e) => e.kind))];
  const names = ref.entries.map((e) => [e.name, kinds.indexOf(e.kind), ref.pages.indexOf(e.page)]);
  return (
    `const PAGES = ${JSON.stringify(pages)};\nconst KINDS = ${JSON.stringify(kinds.map(kindWord))};\n` +
    `const NAMES = ${JSON.stringify(names)};\n${readFileSync(join(root, 'scripts/reference/search.js'), 'utf8')}`
  );
}
