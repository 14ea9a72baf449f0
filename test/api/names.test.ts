// One name for one thing: a name that two subpaths of the package export (values and types alike) must be the
// same thing, declared once and re-exported, never two things that happen to share a word.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The package's subpaths and the source file behind each (package.json `exports`). */
const SUBPATHS: Record<string, string> = {
  gridbits: 'src/index.ts',
  'gridbits/core': 'src/core/index.ts',
  'gridbits/pieces': 'src/pieces/index.ts',
  'gridbits/render': 'src/render/index.ts',
  'gridbits/tour': 'src/tour/index.ts',
  'gridbits/walk': 'src/walk/index.ts',
  'gridbits/valley': 'src/valley/index.ts',
  'gridbits/fleet': 'src/fleet/index.ts',
  'gridbits/worker': 'src/worker.ts',
};

/** Where a name is declared: `file#name`, or `file#*` for a namespace of a whole module. */
type Origin = string;

function moduleFile(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = normalize(join(dirname(from), spec)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}/index.ts`].find((f) => existsSync(f)) ?? null;
}

const parsed = new Map<string, Map<string, Origin>>();

/** A module's exports, each followed through re-exports and imports to the declaration it names. */
function exportsOf(file: string): Map<string, Origin> {
  const known = parsed.get(file);
  if (known) return known;
  const out = new Map<string, Origin>();
  parsed.set(file, out);
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const imported = new Map<string, Origin>();
  const origin = (target: string, name: string): Origin => exportsOf(target).get(name) ?? `${target}#${name}`;
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = moduleFile(file, st.moduleSpecifier.text);
      const bindings = st.importClause?.namedBindings;
      if (target === null || bindings === undefined) continue;
      if (ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, `${target}#*`);
      else
        for (const el of bindings.elements)
          imported.set(el.name.text, origin(target, (el.propertyName ?? el.name).text));
    }
  }
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      const target =
        st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? moduleFile(file, st.moduleSpecifier.text) : null;
      const clause = st.exportClause;
      if (target !== null && clause === undefined) {
        for (const [n, o] of exportsOf(target)) if (n !== 'default') out.set(n, o);
      } else if (target !== null && clause && ts.isNamespaceExport(clause)) {
        out.set(clause.name.text, `${target}#*`);
      } else if (clause && ts.isNamedExports(clause)) {
        for (const el of clause.elements) {
          const local = (el.propertyName ?? el.name).text;
          out.set(el.name.text, target !== null ? origin(target, local) : (imported.get(local) ?? `${file}#${local}`));
        }
      }
      continue;
    }
    const exported =
      ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name)) out.set(d.name.text, `${file}#${d.name.text}`);
    } else if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isTypeAliasDeclaration(st) ||
        ts.isEnumDeclaration(st)) &&
      st.name
    ) {
      out.set(st.name.text, `${file}#${st.name.text}`);
    }
  }
  return out;
}

/** Every name two subpaths export as two different things: `name: subpath (origin), subpath (origin)`. */
function clashes(subpaths: Record<string, string> = SUBPATHS): string[] {
  const byName = new Map<string, Map<Origin, string[]>>();
  for (const [subpath, file] of Object.entries(subpaths)) {
    for (const [name, o] of exportsOf(file)) {
      const origins = byName.get(name) ?? new Map<Origin, string[]>();
      byName.set(name, origins);
      origins.set(o, [...(origins.get(o) ?? []), subpath]);
    }
  }
  return [...byName]
    .filter(([, origins]) => origins.size > 1)
    .map(([name, origins]) => `${name}: ${[...origins].map(([o, subs]) => `${subs.join(' ')} (${o})`).join(', ')}`)
    .sort();
}

describe('one name for one thing across the subpaths', () => {
  it('reads the exports of every subpath, through re-exports, down to their declarations', () => {
    const root = exportsOf(SUBPATHS.gridbits);
    expect(root.get('Bitboard')).toBe('src/core/bitboard.ts#Bitboard');
    expect(root.get('BoardSize')).toBe('src/core/board.ts#BoardSize');
    expect(root.get('walk')).toBe('src/walk/index.ts#*');
    expect(exportsOf(SUBPATHS['gridbits/walk']).get('simulateWalks')).toBe('src/walk/simulate.ts#simulateWalks');
    expect(exportsOf(SUBPATHS['gridbits/worker']).get('JOBS')).toBe('src/jobs.ts#JOBS');
    expect(exportsOf(SUBPATHS['gridbits/pieces']).get('Piece')).toBe('src/pieces/piece.ts#Piece');
  });

  it('finds a clash where there is one, and none where a name is re-exported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridbits-names-'));
    try {
      const file = (name: string, text: string): string => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const a = file('a.ts', 'export interface Thing { a: number }\nexport const size = 3;\n');
      const b = file(
        'b.ts',
        "import { size } from './a.js';\nexport { size };\nexport type { Thing } from './a.js';\n",
      );
      const c = file('c.ts', "export * from './b.js';\nexport type Thing = string;\n");
      const d = file('d.ts', "export * as a from './a.js';\nexport function size(): number {\n  return 4;\n}\n");
      expect(clashes({ a, b })).toEqual([]);
      expect(clashes({ a, c })).toEqual([`Thing: a (${a}#Thing), c (${c}#Thing)`]);
      expect(clashes({ b, d })).toEqual([`size: b (${a}#size), d (${d}#size)`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no name means two things in two subpaths', () => {
    expect(clashes(), 'names that mean two things').toEqual([]);
  });
});
