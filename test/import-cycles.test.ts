// No module of src/ or web/src imports itself back, however far round: every import (static, type-only,
// `export … from`, and `import()` of a string) is an edge, and a cycle fails the test, named file by file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

type Graph = Map<string, string[]>;

const ROOTS = ['src', 'web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module specifier a file names: imports, re-exports, `import()` and `import('…')` types. */
function specifiers(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) {
      if (ts.isStringLiteral(n.moduleSpecifier)) found.push(n.moduleSpecifier.text);
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = n.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      found.push(n.argument.literal.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** The file a specifier names among `files`; null for a package; throws on a relative one that names none. */
function resolve(from: string, spec: string, files: Set<string>): string | null {
  let base: string;
  if (spec === 'gridbits') base = 'src/index';
  else if (spec === 'gridbits/worker') base = 'src/worker';
  else if (spec.startsWith('gridbits/')) base = `src/${spec.slice('gridbits/'.length)}/index`;
  else if (spec.startsWith('.')) base = normalize(join(dirname(from), spec)).replace(/\.js$/, '');
  else return null;
  if (/\.css$/.test(base)) return null;
  const hit = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => files.has(c));
  if (hit === undefined) throw new Error(`${from} imports '${spec}', which is no file of ${ROOTS.join(' or ')}`);
  return hit;
}

function importGraph(): Graph {
  const files = ROOTS.flatMap(sourceFiles);
  const set = new Set(files);
  return new Map(
    files.map((f) => [f, [...new Set(specifiers(f).flatMap((s) => resolve(f, s, set) ?? []))]] as [string, string[]]),
  );
}

/** One cycle per strongly connected component (Tarjan's algorithm), each as a path that ends where it starts. */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.add(w);
    } while (w !== v);
    if (component.size > 1 || (graph.get(v) ?? []).includes(v)) found.push(cycleThrough(v, component, graph));
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The shortest way from v back to v inside its component (breadth first). */
function cycleThrough(v: string, component: Set<string>, graph: Graph): string[] {
  const from = new Map<string, string>();
  const queue = [v];
  for (let i = 0; i < queue.length; i++) {
    for (const w of graph.get(queue[i]) ?? []) {
      if (!component.has(w)) continue;
      if (w === v) {
        const path = [v];
        for (let u = queue[i]; u !== v; u = from.get(u)!) path.push(u);
        return [v, ...path.slice(1).reverse(), v];
      }
      if (!from.has(w)) {
        from.set(w, queue[i]);
        queue.push(w);
      }
    }
  }
  throw new Error(`${v} is in a component with no way back`);
}

describe('import cycles', () => {
  it('finds and names a cycle in a made-up graph, and none in a tree', () => {
    const g: Graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(g)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(
      cycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every kind of import of a file', () => {
    const g = importGraph();
    // src/cli/fleet-run.ts loads its sharded count with import(); src/index.ts re-exports with `export … from`.
    expect(g.get('src/cli/fleet-run.ts')).toContain('src/cli/fleet-count-shards.ts');
    expect(g.get('src/index.ts')).toContain('src/core/index.ts');
    expect(g.get('web/src/pages.ts')).toContain('web/src/pages/tours/ToursPage.tsx');
    expect(g.size).toBeGreaterThan(200);
  });

  it('src/ and web/src have none', () => {
    const found = cycles(importGraph()).map((c) => c.join(' → '));
    expect(found, `import cycles:\n${found.join('\n')}`).toEqual([]);
  });
});
