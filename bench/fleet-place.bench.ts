// Sea Battle placement benchmarks: rails layouts per second (classic, 10x10), impossibility proofs (classic on
// 6x6, german on 8x8), against a plain version of the seed's shuffled odometer and a dancing-links exact cover.
import { finishedValue } from '../src/core/job.js';
import { createRng, type Rng } from '../src/core/prng.js';
import { fleetProblem } from '../src/fleet/fleets.js';
import { FleetPlacer } from '../src/fleet/place.js';
import type { FleetProblem } from '../src/fleet/problem.js';
import { checkLayout } from '../test/reference/fleet.js';
import { fmtMs, median, medianPair } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

/**
 * The seed's method written plainly: for each ship in fleet order, every (row, column, turn) key on a freshly
 * shuffled rail, tried in turn against a 2-D grid (the key must fit, and no cell may touch a placed ship);
 * backtracking when a rail runs out. Returns a layout's ships as cell lists, null when none exists, or
 * 'budget' past `maxNodes`.
 */
function plainRails(p: FleetProblem, rng: Rng, maxNodes = Infinity): number[][] | null | 'budget' {
  const { width: w, height: h } = p;
  const ships = p.kinds.flatMap((k) => Array.from({ length: k.count }, () => k.orientations));
  const grid: number[][] = Array.from({ length: h }, () => new Array<number>(w).fill(-1));
  const reach = p.touch === 'none' ? 2 : p.touch === 'corner' ? 1 : 0;
  const placed: number[][] = [];
  let nodes = 0;
  const fits = (cells: Array<[number, number]>): boolean =>
    cells.every(([x, y]) => {
      if (x < 0 || y < 0 || x >= w || y >= h || grid[y][x] !== -1 || p.forbidden[y * w + x]) return false;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const d = Math.abs(dx) + Math.abs(dy);
          if (d === 0 || d > reach || x + dx < 0 || y + dy < 0 || x + dx >= w || y + dy >= h) continue;
          if (grid[y + dy][x + dx] !== -1) return false;
        }
      }
      return true;
    });
  const go = (i: number): boolean | 'budget' => {
    if (i === ships.length) return true;
    const keys: Array<[number, number, number]> = [];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) for (let t = 0; t < ships[i].length; t++) keys.push([x, y, t]);
    for (let j = keys.length - 1; j > 0; j--) {
      const k = rng.below(j + 1);
      [keys[j], keys[k]] = [keys[k], keys[j]];
    }
    for (const [x, y, t] of keys) {
      const cells = ships[i][t].map(([dx, dy]) => [x + dx, y + dy] as [number, number]);
      if (!fits(cells)) continue;
      if (++nodes > maxNodes) return 'budget';
      for (const [cx, cy] of cells) grid[cy][cx] = i;
      placed.push(cells.map(([cx, cy]) => cy * w + cx));
      const r = go(i + 1);
      if (r !== false) return r;
      placed.pop();
      for (const [cx, cy] of cells) grid[cy][cx] = -1;
    }
    return false;
  };
  const r = go(0);
  return r === 'budget' ? 'budget' : r ? placed : null;
}

/**
 * A dancing-links baseline (Knuth's Algorithm X): one primary column per ship, and secondary columns for
 * the points of the field grown one cell right and up (no touching: two ships keep apart iff their grown
 * cells are disjoint; corners allowed: grown right, and separately up; touching allowed: the cells). Each
 * row is one ship at one placement. Returns whether a layout exists (null past `maxNodes`), and the nodes visited.
 */
export function dlxExists(p: FleetProblem, maxNodes = Infinity): { exists: boolean | null; nodes: number } {
  const { width: w, height: h } = p;
  const grids: Array<Array<[number, number]>> =
    p.touch === 'none'
      ? [
          [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ],
        ]
      : p.touch === 'corner'
        ? [
            [
              [0, 0],
              [1, 0],
            ],
            [
              [0, 0],
              [0, 1],
            ],
          ]
        : [[[0, 0]]];
  const ships = p.kinds.flatMap((k) => Array.from({ length: k.count }, () => k.orientations));
  const gridSize = (w + 1) * (h + 1);
  const primary = ships.length,
    columns = primary + grids.length * gridSize;
  const L: number[] = [],
    R: number[] = [],
    U: number[] = [],
    D: number[] = [],
    C: number[] = [];
  const S = new Array<number>(columns + 1).fill(0);
  // Node 0 is the root; nodes 1..columns are the column headers; primary headers are linked to the root.
  for (let i = 0; i <= columns; i++) {
    L[i] = i;
    R[i] = i;
    U[i] = i;
    D[i] = i;
    C[i] = i;
  }
  for (let i = 1; i <= primary; i++) {
    L[i] = i - 1;
    R[i - 1] = i;
    R[i] = 0;
    L[0] = i;
  }
  const addRow = (cols: number[]): void => {
    let first = -1;
    for (const c of cols) {
      const n = L.length;
      C[n] = c;
      S[c]++;
      U[n] = U[c];
      D[n] = c;
      D[U[c]] = n;
      U[c] = n;
      if (first < 0) {
        first = n;
        L[n] = n;
        R[n] = n;
      } else {
        L[n] = L[first];
        R[n] = first;
        R[L[first]] = n;
        L[first] = n;
      }
    }
  };
  ships.forEach((orientations, i) => {
    for (const o of orientations) {
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (!o.every(([dx, dy]) => x + dx < w && y + dy < h && !p.forbidden[(y + dy) * w + x + dx])) continue;
          const cols = new Set<number>([i + 1]);
          grids.forEach((grow, g) => {
            for (const [dx, dy] of o)
              for (const [gx, gy] of grow) cols.add(primary + 1 + g * gridSize + (y + dy + gy) * (w + 1) + x + dx + gx);
          });
          addRow([...cols]);
        }
      }
    }
  });
  const cover = (c: number): void => {
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    for (let i = D[c]; i !== c; i = D[i]) {
      for (let j = R[i]; j !== i; j = R[j]) {
        U[D[j]] = U[j];
        D[U[j]] = D[j];
        S[C[j]]--;
      }
    }
  };
  const uncover = (c: number): void => {
    for (let i = U[c]; i !== c; i = U[i]) {
      for (let j = L[i]; j !== i; j = L[j]) {
        S[C[j]]++;
        U[D[j]] = j;
        D[U[j]] = j;
      }
    }
    L[R[c]] = c;
    R[L[c]] = c;
  };
  let nodes = 0;
  const search = (): boolean => {
    if (R[0] === 0) return true;
    if (nodes > maxNodes) return false;
    let c = R[0];
    for (let j = R[c]; j !== 0; j = R[j]) if (S[j] < S[c]) c = j;
    if (S[c] === 0) return false;
    cover(c);
    for (let r = D[c]; r !== c; r = D[r]) {
      nodes++;
      for (let j = R[r]; j !== r; j = R[j]) cover(C[j]);
      const found = search();
      for (let j = L[r]; j !== r; j = L[j]) uncover(C[j]);
      if (found) {
        uncover(c);
        return true;
      }
    }
    uncover(c);
    return false;
  };
  const exists = search();
  return { exists: exists ? true : nodes > maxNodes ? null : false, nodes };
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const classic = fleetProblem({ width: 10, height: 10, fleet: 'classic' });

  // Rails layouts per second, every one re-checked by the reference before timing starts.
  const placer = new FleetPlacer(classic);
  const rng = createRng(1),
    rngPlain = createRng(1);
  for (let i = 0; i < 200; i++) {
    const r = finishedValue(placer.placeSync({ method: 'rails', rng }));
    if (!r.exists || checkLayout(classic, r.layout) !== null) throw new Error('bad rails layout');
  }
  const rails = (): unknown => placer.placeSync({ method: 'rails', rng });
  const plain = (): unknown => plainRails(classic, rngPlain);
  const pair = medianPair(rails, plain, 31);
  const perSecond = 1000 / pair.f;
  rows.push({
    name: 'classic on 10x10, no touching: one layout by rails (seeded shuffle)',
    medianMs: pair.f,
    baseline: { name: 'plain shuffled odometer (2-D grid, full shuffle per ship)', medianMs: pair.baseline },
    target: '≥ 50,000 layouts/s',
    met: perSecond >= 50_000,
    note: `${Math.round(perSecond).toLocaleString('en')} layouts/s; plain ${Math.round(1000 / pair.baseline).toLocaleString('en')}/s`,
  });
  const search = new FleetPlacer(classic);
  const srng = createRng(2);
  const searchMs = median(() => search.placeSync({ method: 'search', rng: srng }), { samples: 15, inner: 20 });
  rows.push({
    name: 'classic on 10x10: one layout by the look-ahead search (seeded)',
    medianMs: searchMs,
    note: `${Math.round(1000 / searchMs).toLocaleString('en')} layouts/s`,
  });

  // Impossibility proofs, set-up included (a fresh placer each time).
  const six = fleetProblem({ width: 6, height: 6, fleet: 'classic' });
  const proveSix = (): unknown => {
    const r = finishedValue(new FleetPlacer(six).placeSync());
    if (r.exists !== false) throw new Error('classic fits 6x6?');
    return r;
  };
  const sixMs = median(proveSix, { samples: 15, inner: 5 });
  let t0 = performance.now();
  const plainSix = plainRails(six, createRng(3), 2_000_000);
  const plainSixMs = performance.now() - t0;
  let dlxSix = dlxExists(six);
  const dlxSixMs = median(
    () => {
      dlxSix = dlxExists(six);
      if (dlxSix.exists !== false) throw new Error('dancing links: classic fits 6x6?');
    },
    { samples: 3, inner: 1, warmup: 1 },
  );
  rows.push({
    name: 'classic on 6x6, no touching: proved impossible',
    medianMs: sixMs,
    baseline: {
      name: 'dancing links (exact cover, ships as primary columns, grown cells secondary)',
      medianMs: dlxSixMs,
    },
    target: '< 1 s',
    met: sixMs < 1000,
    note: `the capacity bound (ships grown one cell right and up must fit the grown field) settles it before any ship is placed; dancing links visits ${dlxSix.nodes.toLocaleString('en')} nodes; the plain odometer ${plainSix === 'budget' ? 'stopped unfinished after 2,000,000 nodes' : 'finished'} in ${fmtMs(plainSixMs)}`,
  });

  const german8 = fleetProblem({ width: 8, height: 8, fleet: 'german' });
  let nodes = 0;
  const germanMs = median(
    () => {
      const r = finishedValue(new FleetPlacer(german8).placeSync());
      if (r.exists !== false) throw new Error('german fits 8x8?');
      nodes = r.nodes;
    },
    { samples: 3, inner: 1, warmup: 1 },
  );
  t0 = performance.now();
  const dlxGerman = dlxExists(german8, 2_000_000);
  const dlxGermanMs = performance.now() - t0;
  rows.push({
    name: 'german on 8x8, no touching: proved impossible by search',
    medianMs: germanMs,
    baseline: {
      name: `dancing links${dlxGerman.exists === null ? ', stopped after 2,000,000 nodes unfinished' : ''}`,
      medianMs: dlxGermanMs,
    },
    note: `${nodes.toLocaleString('en')} search nodes (most constrained kind first, identical ships in placement order, capacity bounds)`,
  });
  const rss = process.memoryUsage().rss / 2 ** 20;
  notes.push(
    `Peak memory: this process's resident set after the runs is ${rss.toFixed(0)} MiB (placement tables are a few thousand entries).`,
  );
  notes.push(
    'Board limit (FLEET_MAX_SIDE = 400, was 100), measured 2026-12-01 with `/usr/bin/time -v node dist/cli/main.js fleet place --board SxS --fleet classic --seed 1 --json` on the shared 2-core machine (other work running): uniform 300×300 18.7 s, 432 MiB; uniform 400×400 30.9 s, 652 MiB; rails (--method rails) 200×200 3.7 s, 217 MiB; 300×300 8.7 s, 338 MiB; 400×400 15.6 s, 571 MiB; 100×100 3.5 s, 113 MiB. `fleet heat --board 300x300 --fleet classic` (auto: exact refused, then 10,000 samples) 10.5 s, 325 MiB.',
  );
  notes.push(
    'The plain odometer and dancing links have no symmetry breaking: they revisit every order of identical ships (4! × 3! × 2! orders for the classic fleet), which the search avoids by placing identical ships in increasing placement order.',
  );
  return { title: 'Sea Battle: placement (rails, search, impossibility proofs)', rows, notes };
}
