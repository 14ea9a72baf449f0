// What the tarball holds, from `npm pack --json`: no dependencies, every shipped module loaded by something
// (nothing twice), source maps only with their sources, the licence and the project's addresses, and a size
// within the budget.
import { readFileSync, readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, pack, type Packed } from './tarball.js';

/**
 * The most the package may weigh unpacked, the playground and its API reference included: 3.25 MiB. At 1.0 it
 * weighed 2.83 MiB; the playground's games (placing ships by hand, King's Valley's review, building a tour, the
 * animated walk) and its offline files brought it to 3.00 MiB (the playground 1.29 MB, the library 0.73 MB, the CLI
 * 0.71 MB, the types 0.37 MB). The library ships without its comments (the types keep them), and source maps or a
 * second copy of the CLI, as 0.1 shipped, would pass the budget at once.
 */
const BUDGET = 3.25 * 2 ** 20;

interface Manifest {
  license: string;
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
}

let packed: Packed;
let shipped: Set<string>;
const manifest = JSON.parse(readFileSync(`${REPO}/package.json`, 'utf8')) as Manifest;
const text = (path: string): string => readFileSync(`${REPO}/${path}`, 'utf8');

beforeAll(() => {
  packed = pack();
  shipped = new Set(packed.files.map((f) => f.path));
}, 120_000);

/** Code without its comments (which may show examples of loading, as the worker's recipe does). */
const strip = (code: string): string => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/**
 * The shipped files reached from `entries` by relative imports, re-exports, dynamic imports and
 * `new URL(…, import.meta.url)`; in declarations, './x.js' means './x.d.ts'. A file reached but not shipped fails.
 */
function reach(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const queue = entries.map((p) => posix.normalize(p));
  while (queue.length > 0) {
    const p = queue.pop()!;
    if (reached.has(p)) continue;
    expect(shipped.has(p), `${p} is loaded but does not ship`).toBe(true);
    reached.add(p);
    const declarations = p.endsWith('.d.ts');
    for (const m of strip(text(p)).matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew URL\(\s*)(['"`])(\.{1,2}\/[^'"`]+)\1/g,
    )) {
      const target = posix.normalize(posix.join(posix.dirname(p), m[2]));
      if (target.endsWith('.js')) queue.push(declarations ? target.replace(/\.js$/, '.d.ts') : target);
    }
  }
  return reached;
}

describe('the tarball', () => {
  it('depends on no package; the queue libraries are optional peers', () => {
    expect(Object.keys(manifest.dependencies ?? {})).toEqual([]);
    const peers = Object.keys(manifest.peerDependencies ?? {});
    expect(peers.sort()).toEqual(['bullmq', 'ioredis']);
    for (const p of peers) expect(manifest.peerDependenciesMeta?.[p]?.optional, p).toBe(true);
  });

  it('ships its licence and names its home', () => {
    expect(manifest.license).toBe('MIT');
    expect(shipped.has('LICENSE')).toBe(true);
    expect(text('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    const home = 'https://github.com/gridbits/gridbits';
    expect(manifest.repository?.url).toBe(`git+${home}.git`);
    expect(manifest.homepage).toMatch(new RegExp(`^${home}`));
    expect(manifest.bugs?.url).toBe(`${home}/issues`);
  });

  it('ships every module something loads, and nothing else', () => {
    // From the entry points (the export map and the bin), every module they load, and so on; the same for types.
    const targets = Object.values(manifest.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)));
    const code = reach([...targets, ...Object.values(manifest.bin)].filter((p) => p.endsWith('.js')));
    const types = reach(targets.filter((p) => p.endsWith('.d.ts')));
    const js = [...shipped].filter((p) => p.startsWith('dist/') && p.endsWith('.js'));
    // A module of types alone compiles to an empty one that nothing loads; its declarations are what count.
    const typesOnly = (p: string): boolean =>
      strip(text(p)).trim() === 'export {};' && types.has(p.replace(/\.js$/, '.d.ts'));
    expect(
      js.filter((p) => !code.has(p) && !typesOnly(p)),
      'shipped modules nothing loads',
    ).toEqual([]);
    const declarations = [...shipped].filter((p) => p.endsWith('.d.ts'));
    // The CLI is the bundle alone (main.js and the chunks it loads: scripts/bundle-cli.mjs), each of its files
    // loaded from the bin; each module of the library has its types (internal modules' types too, which the
    // public ones need not name: tsc writes them, about 60 kB).
    const cli = js.filter((p) => p.startsWith('dist/cli/'));
    expect(cli).toContain(posix.normalize(manifest.bin.gridbits));
    const fromBin = reach([manifest.bin.gridbits]);
    expect(cli.filter((p) => !fromBin.has(p))).toEqual([]);
    expect(
      readdirSync(`${REPO}/dist/cli`)
        .map((f) => `dist/cli/${f}`)
        .sort(),
    ).toEqual(cli.sort());
    expect(declarations.map((p) => p.replace(/\.d\.ts$/, '.js')).sort()).toEqual(
      js.filter((p) => !p.startsWith('dist/cli/')).sort(),
    );
  });

  it('ships source maps only with their sources', () => {
    for (const path of shipped) {
      if (!/\.(js|mjs|d\.ts|css)$/.test(path)) continue;
      for (const m of text(path).matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
        if (m[1].startsWith('data:')) continue;
        expect(shipped.has(posix.join(posix.dirname(path), m[1])), `${path} points at ${m[1]}`).toBe(true);
      }
    }
    for (const path of [...shipped].filter((p) => p.endsWith('.map'))) {
      const map = JSON.parse(text(path)) as { sources: string[]; sourceRoot?: string; sourcesContent?: unknown[] };
      if (map.sourcesContent?.length === map.sources.length) continue;
      for (const s of map.sources)
        expect(
          shipped.has(posix.normalize(posix.join(posix.dirname(path), map.sourceRoot ?? '', s))),
          `${path} names ${s}`,
        ).toBe(true);
    }
  });

  it("ships the library's code without its comments and its types with them", () => {
    const lib = [...shipped].filter((p) => p.startsWith('dist/') && !p.startsWith('dist/cli/'));
    expect(lib.filter((p) => p.endsWith('.js') && /\/\*\*|^\s*\/\/ /m.test(text(p)))).toEqual([]);
    expect(text('dist/core/job.d.ts')).toContain('/** A job from its body');
  });

  it(`weighs at most ${BUDGET / 2 ** 20} MiB unpacked`, () => {
    const parts = new Map<string, number>();
    for (const f of packed.files) {
      const part = f.path.startsWith('web/dist/')
        ? 'the playground'
        : f.path.startsWith('dist/cli/')
          ? 'the CLI'
          : f.path.endsWith('.d.ts')
            ? 'the types'
            : f.path.startsWith('dist/')
              ? 'the library'
              : 'the rest';
      parts.set(part, (parts.get(part) ?? 0) + f.size);
    }
    expect(packed.unpackedSize, JSON.stringify(Object.fromEntries(parts))).toBeLessThanOrEqual(BUDGET);
    expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(packed.unpackedSize);
  });
});
