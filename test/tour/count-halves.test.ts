import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph, countGraphOf } from '../../src/tour/count-graph.js';
import {
  boundaryTable,
  halfPlan,
  HalvesSearch,
  halvesCount,
  halvesFit,
  joinHalves,
  withEdges,
  type BoundaryTable,
} from '../../src/tour/count-halves.js';
import { finishedValue, job } from '../../src/core/job.js';
import type { StateTable } from '../../src/tour/count-table.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import { countTourShardJob, shardTourCount, type ShardedTourCount } from '../../src/tour/count-shards.js';
import { shardsTotal, type ShardCount } from '../../src/core/shards.js';
import { againstWholeBoard } from './halves-random.js';
import { countToursSync } from '../../src/tour/count.js';
import { LONG } from '../long.js';

// The halves method (two half-boards joined at their boundary) against OEIS A001230 / A175881 and against the
// whole-board frontier program, which shares the transition code but none of the split or the join.

/** Every shard of the count, counted here, and their total. */
function allShards(sc: ShardedTourCount): bigint {
  const counts = new Map<number, ShardCount>();
  for (let i = 0; i < sc.shards; i++) {
    const r = countTourShardJob(sc, i).runSync();
    if (!r.finished || 'reason' in r.value) throw new Error('unfinished');
    counts.set(i, r.value);
  }
  return shardsTotal(sc, counts);
}
describe('closed tours counted by halves', () => {
  it('6×6 = 9862 (A001230), 6×8 = 55,488,142 (A175881), 4×n = 0', () => {
    expect(halvesCount(6, 6, KNIGHT).count).toBe(9862n);
    expect(halvesCount(6, 8, KNIGHT).count).toBe(55488142n);
    expect(halvesCount(4, 6, KNIGHT).count).toBe(0n);
    expect(halvesCount(6, 4, KNIGHT).count).toBe(0n);
  });

  it('equals the whole-board program on every even board it takes up to 6×8, and for other leapers', () => {
    for (const [w, h] of [
      [4, 4],
      [4, 8],
      [6, 4],
      [2, 6],
      [6, 6],
    ] as const) {
      const whole = frontierCount(buildCountGraph(Board.of(w, h), KNIGHT), { closed: true, ends: [] });
      expect(halvesCount(w, h, KNIGHT).count, `${w}x${h}`).toBe(whole.count);
    }
  });

  it('splits the edges in two parts that the half turn swaps, every edge in exactly one (the self-image ones in the top)', () => {
    const pieces = [KNIGHT, parsePiece('1,1'), parsePiece('wazir'), parsePiece('knight+0,2')];
    for (const [w, h, piece] of [
      [6, 6, 0],
      [8, 8, 0],
      [4, 10, 0],
      [7, 8, 0],
      [5, 6, 0],
      [3, 10, 0],
      [4, 6, 1],
      [5, 6, 1],
      [5, 4, 2],
      [7, 6, 3],
    ] as const) {
      const label = `${w}x${h} ${pieces[piece].name}`;
      const plan = halfPlan(w, h, pieces[piece]);
      // The program's graph is the bottom part turned by ρ; the top part is it with the self-image edges.
      const bottomTurned = new Set<string>();
      for (let v = 0; v < plan.graph.n; v++) for (const d of plan.graph.back[v]) bottomTurned.add(`${v - d}-${v}`);
      const off = (h / 2 - 1) * w;
      const self = new Set(plan.selfImage.map(([a, b]) => `${off + a}-${off + b}`));
      const top = new Set([...bottomTurned, ...self]);
      const rho = (s: number): number => w * h - 1 - s;
      const all = buildCountGraph(Board.of(w, h), pieces[piece], w < h ? 'shorter' : 'longer');
      let edges = 0;
      for (let v = 0; v < all.n; v++) {
        for (const d of all.back[v]) {
          edges++;
          const u = v - d;
          const image = [rho(u), rho(v)].sort((a, b) => a - b).join('-');
          const inTop = top.has(`${u}-${v}`),
            inBottom = bottomTurned.has(image);
          expect(inTop !== inBottom, `${label} edge ${u}-${v}`).toBe(true);
          // An edge is its own image exactly when the plan says so.
          expect(image === `${u}-${v}`, `${label} edge ${u}-${v}`).toBe(self.has(`${u}-${v}`));
        }
      }
      expect(top.size + bottomTurned.size, label).toBe(edges);
    }
    // The knight on odd widths: two, about the middle file; on even widths none.
    expect(halfPlan(7, 8, KNIGHT).selfImage).toEqual([
      [4, 9],
      [2, 11],
    ]);
    expect(halfPlan(6, 8, KNIGHT).selfImage).toEqual([]);
  });

  it('odd widths: 5×6 = 8, 5×8 = 44,202, 5×10 = 13,311,268 (A175881, A383661), 3×10 = 16, 3×12 = 176 (A070030)', () => {
    expect(halvesCount(5, 6, KNIGHT).count).toBe(8n);
    expect(halvesCount(5, 8, KNIGHT).count).toBe(44202n);
    expect(halvesCount(5, 10, KNIGHT).count).toBe(13311268n);
    expect(halvesCount(3, 10, KNIGHT).count).toBe(16n);
    expect(halvesCount(3, 12, KNIGHT).count).toBe(176n);
    expect(halvesCount(3, 8, KNIGHT).count).toBe(0n);
  });

  it("the top part's boundary states, the self-image edges added after the program, equal a program run with them", () => {
    for (const [w, h, spec] of [
      [5, 6, 'knight'],
      [7, 4, 'knight'],
      [4, 4, 'king'],
      [3, 4, 'king'],
      [5, 4, 'wazir'],
      [3, 6, 'knight+1,1'],
    ] as const) {
      const piece = parsePiece(spec);
      const plan = halfPlan(w, h, piece);
      expect(plan.selfImage.length, `${w}x${h} ${spec}`).toBeGreaterThan(0);
      const r = frontierCount(plan.graph, { closed: true, ends: [], iface: plan.boundary });
      const added = boundaryTable(
        withEdges(r.table as StateTable, r.stored as number, plan.boundary, plan.selfImage),
        r.stored as number,
        plan.boundary,
      );
      // The same top part built as a graph with those edges, and its program's boundary states.
      const off = plan.graph.n - plan.boundary;
      const edges: Array<[number, number]> = plan.selfImage.map(([a, b]) => [off + a, off + b]);
      for (let v = 0; v < plan.graph.n; v++) for (const d of plan.graph.back[v]) edges.push([v - d, v]);
      const g = countGraphOf(plan.graph.n, w, edges);
      const direct = frontierCount({ ...g, reach: plan.graph.reach }, { closed: true, ends: [], iface: plan.boundary });
      const run = boundaryTable(direct.table as StateTable, direct.stored as number, plan.boundary);
      expect(statesOf(added), `${w}x${h} ${spec}`).toEqual(statesOf(run));
    }
  });

  it('equals the whole-board program on random boards with an even number of rows, for random leapers', () => {
    againstWholeBoard({ closed: true, maxWidth: 7, maxHalf: 4, maxCells: 24, seed: 1616, nonzero: 10 });
  });

  it('BigInt counts (a part past 2^64) give the same counts as limbs, odd widths and even', () => {
    for (const [w, h] of [
      [5, 6],
      [5, 8],
      [3, 12],
      [6, 6],
      [7, 4],
    ] as const) {
      const big = finishedValue(job((ctl) => new HalvesSearch(w, h, KNIGHT, true).steps(ctl)).runSync());
      expect(joinHalves(big, 0, 1).count, `${w}x${h}`).toBe(halvesCount(w, h, KNIGHT).count);
    }
    expect(finishedValue(countToursSync(Board.of(3, 200), { closed: true })).count).toBe(
      frontierCount(buildCountGraph(Board.of(3, 200), KNIGHT), { closed: true, ends: [] }).count,
    );
  });

  it('takes an odd number of rows from 5 (the boards one row taller and shorter must fit), not 3', () => {
    expect(halvesFit(7, 8, KNIGHT)).toBe(true);
    expect(halvesFit(8, 7, KNIGHT)).toBe(true);
    expect(halvesFit(8, 5, KNIGHT)).toBe(true);
    expect(halvesFit(8, 3, KNIGHT)).toBe(false);
    // Open tours fit 8 wide too (a window of 17, states kept by their oldest square).
    expect(halvesFit(7, 7, KNIGHT)).toBe(true);
    expect(halvesFit(8, 7, KNIGHT)).toBe(true);
    // A boundary of 2·9 squares is past the program's widest window, though the wazir's whole board is not.
    expect(halvesFit(9, 10, parsePiece('wazir'))).toBe(false);
    expect(() => new HalvesSearch(8, 3, KNIGHT)).toThrow(/at least 4 rows/);
  });

  it('odd numbers of rows: 6×7 = 1,067,638 (A175881); 5×7 = 0 as the whole-board program, and for leapers of two rows', () => {
    // 6×7 by the whole board's program too in npm run test:long (a quarter of a minute), and 6×5 by halves (4 s).
    const boards: [number, number, string][] = [
      [5, 7, 'knight'],
      [4, 7, '1,2+1,1'],
      ...(LONG
        ? [
            [6, 5, '0,2+1,0'],
            [6, 7, 'knight'],
          ]
        : []),
    ] as [number, number, string][];
    for (const [w, h, spec] of boards) {
      const whole = frontierCount(buildCountGraph(Board.of(w, h), parsePiece(spec)), { closed: true, ends: [] }).count;
      expect(halvesCount(w, h, parsePiece(spec)).count, `${w}x${h} ${spec}`).toBe(whole);
    }
    expect(halvesCount(6, 7, KNIGHT).count).toBe(1067638n);
  });

  it('equals the whole-board program on random boards with an odd number of rows, for random leapers', () => {
    againstWholeBoard({ closed: true, maxWidth: 6, maxHalf: 3, maxCells: 30, seed: 1717, nonzero: 5, odd: true });
  });

  it('shards add up to the count, whatever their number', () => {
    for (const shards of [1, 2, 7]) {
      const sc = shardTourCount({ width: 6, height: 8, piece: 'knight', closed: true }, shards);
      expect(sc.method).toBe('halves');
      expect(allShards(sc)).toBe(55488142n);
    }
    // An odd width: the shards share both parts' tables.
    const odd = shardTourCount({ width: 5, height: 8, piece: 'knight', closed: true }, 5);
    expect(odd.method).toBe('halves');
    expect(allShards(odd)).toBe(44202n);
    // Open tours split too: the shards' directed counts add up to the whole board's (twice A083386: 18,784).
    const open = shardTourCount({ width: 5, height: 6, piece: 'knight', closed: false }, 8);
    expect(open.method).toBe('halves');
    expect(allShards(open)).toBe(37568n);
    // An odd number of rows: the halves of 5×8 and 5×6, as the whole board's program.
    const odd7 = shardTourCount({ width: 5, height: 7, piece: 'knight', closed: false }, 6);
    expect(odd7.method).toBe('halves');
    expect(allShards(odd7)).toBe(1245736n);
    // A small board (25 squares): one shard on the whole board, quicker than halves.
    const whole = shardTourCount({ width: 5, height: 5, piece: 'knight', closed: false }, 8);
    expect(whole.shards).toBe(1);
    const r = countTourShardJob(whole, 0).runSync();
    expect(r.finished && 'count' in r.value && r.value.count).toBe(1728n);
  });
});

// Open tours by halves: the apex joined to every square makes each path a cycle (see count-halves.ts). Checked
// against OEIS and against the whole-board program, whose open-path code it shares but not the split or the join.
describe('open tours counted by halves', () => {
  const open = (w: number, h: number, spec = 'knight'): bigint => halvesCount(w, h, parsePiece(spec), false).count;

  it('3×n (A169696), 4×n (A079137) and 5×6 (A083386: 18,784), undirected', () => {
    expect([4, 6, 8, 10, 12].map((h) => open(3, h))).toEqual([8n, 0n, 396n, 3048n, 57248n]);
    expect([4, 6, 8, 10].map((h) => open(4, h))).toEqual([0n, 744n, 31088n, 1213112n]);
    expect(open(5, 6)).toBe(18784n);
  });

  it('equals the whole-board program on random boards with an even number of rows, for random leapers', () => {
    againstWholeBoard({ closed: false, maxWidth: 6, maxHalf: 3, maxCells: 16, seed: 2016, nonzero: 8 });
  });

  it('odd numbers of rows: 5×5 = 864 undirected (A165134: 1,728 directed), 6×5, 4×9, 3×9 as the whole-board program', () => {
    expect(open(5, 5)).toBe(864n);
    // 5×7 (the whole board's program takes several seconds) in count.long.test.ts; 6×5 (4 s by halves) in test:long.
    for (const [w, h] of [...(LONG ? [[6, 5]] : []), [4, 9], [3, 9]] as const) {
      const whole = frontierCount(buildCountGraph(Board.of(w, h), KNIGHT), { closed: false, ends: [] }).count;
      expect(open(w, h), `${w}x${h}`).toBe(whole);
    }
  });

  it('equals the whole-board program on random boards with an odd number of rows, for random leapers', () => {
    againstWholeBoard({ closed: false, maxWidth: 4, maxHalf: 2, maxCells: 20, seed: 2017, nonzero: 5, odd: true });
  });

  it('open tours on graphs whose half turn maps some edges onto themselves, against a plain search', () => {
    for (const [w, h, spec] of [
      [5, 4, 'knight'],
      [3, 4, 'king'],
      [5, 4, 'wazir'],
      [3, 4, 'knight+1,1'],
    ] as const) {
      const piece = parsePiece(spec);
      expect(halfPlan(w, h, piece).selfImage.length, `${w}x${h} ${spec}`).toBeGreaterThan(0);
      expect(open(w, h, spec), `${w}x${h} ${spec}`).toBe(BigInt(pathsByHand(Board.of(w, h), piece)));
    }
  });

  it("the top part's boundary states with open ends, the self-image edges added after the program, equal a program run with them", () => {
    for (const [w, h, spec] of [
      [5, 4, 'knight'],
      [3, 6, 'knight+1,1'],
      [3, 4, 'king'],
      [5, 4, 'wazir'],
    ] as const) {
      const piece = parsePiece(spec);
      const plan = halfPlan(w, h, piece);
      const r = frontierCount(plan.graph, { closed: false, ends: [], iface: plan.boundary });
      const added = boundaryTable(
        withEdges(r.table as StateTable, r.stored as number, plan.boundary, plan.selfImage),
        r.stored as number,
        plan.boundary,
      );
      const off = plan.graph.n - plan.boundary;
      const edges: Array<[number, number]> = plan.selfImage.map(([a, b]) => [off + a, off + b]);
      for (let v = 0; v < plan.graph.n; v++) for (const d of plan.graph.back[v]) edges.push([v - d, v]);
      const g = countGraphOf(plan.graph.n, w, edges);
      const direct = frontierCount(
        { ...g, reach: plan.graph.reach },
        { closed: false, ends: [], iface: plan.boundary },
      );
      const run = boundaryTable(direct.table as StateTable, direct.stored as number, plan.boundary);
      // Some states have a path running to an end off the boundary (mate APEX).
      expect(
        Array.from(run.rooted).some((x) => x >= 0),
        `${w}x${h} ${spec}`,
      ).toBe(true);
      expect(statesOf(added), `${w}x${h} ${spec}`).toEqual(statesOf(run));
    }
  });

  it('BigInt counts give the same open counts as limbs', () => {
    for (const [w, h] of [
      [5, 4],
      [3, 12],
      [4, 8],
    ] as const) {
      const big = finishedValue(job((ctl) => new HalvesSearch(w, h, KNIGHT, true, false).steps(ctl)).runSync());
      expect(joinHalves(big, 0, 1).count, `${w}x${h}`).toBe(open(w, h));
    }
  });

  it('takes a window of 17 squares at most: a knight 8 wide, not 9', () => {
    expect(halvesFit(8, 8, KNIGHT)).toBe(true);
    expect(halvesFit(9, 8, parsePiece('wazir'))).toBe(false);
    expect(halvesFit(8, 6, parsePiece('wazir'))).toBe(true);
    expect(() => halfPlan(9, 8, KNIGHT)).toThrow(/got 9×8/);
  });

  it('countTours: open tours of boards with an even side by halves (directed), with `from` on the whole board', () => {
    const r = countToursSync(Board.of(6, 5));
    expect(r.finished && r.value).toMatchObject({ count: 37568n, split: 'halves', directed: true });
    const from = countToursSync(Board.of(6, 5), { from: 0, to: 29 });
    expect(from.finished && from.value.split).toBeUndefined();
    expect(from.finished && from.value.count).toBeGreaterThan(0n);
  });
});

// A plain Hamiltonian path counter for a small board and leaper: depth-first from every square, each path found
// once from each end (undirected: halved).
function pathsByHand(board: Board, piece: ReturnType<typeof parsePiece>): number {
  const n = board.cells;
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (let s = 0; s < n; s++) {
    const x = s % board.width,
      y = Math.floor(s / board.width);
    for (const [dx, dy] of piece.leaps) {
      const nx = x + dx,
        ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < board.width && ny < board.height) adj[s].push(ny * board.width + nx);
    }
  }
  const seen = new Array<boolean>(n).fill(false);
  let found = 0;
  const go = (v: number, depth: number): void => {
    if (depth === n) {
      found++;
      return;
    }
    for (const u of adj[v]) {
      if (seen[u]) continue;
      seen[u] = true;
      go(u, depth + 1);
      seen[u] = false;
    }
  };
  for (let s = 0; s < n; s++) {
    seen[s] = true;
    go(s, 1);
    seen[s] = false;
  }
  return found / 2;
}

// A table's states as sorted text (degrees, mates, count), for comparing two tables built differently.
function statesOf(t: BoundaryTable): string[] {
  const degrees = new Map<number, number>();
  const { keys, starts, ends, at } = t.groups;
  expect(at.size).toBe(keys.length);
  for (let g = 0; g < keys.length; g++) {
    // Groups in the order of their keys, each found by its key.
    if (g > 0) expect(keys[g]).toBeGreaterThan(keys[g - 1]);
    expect(at.get(keys[g])).toBe(g);
    for (let i = starts[g]; i < ends[g]; i++) degrees.set(i, keys[g]);
  }
  const out: string[] = [];
  for (let s = 0; s < t.states; s++)
    out.push(
      `${Array.from(t.mates.subarray(s * t.B, (s + 1) * t.B)).join(',')} ${degrees.get(s)} ${t.big ? t.countsBig[s] : t.counts[s]}`,
    );
  return out.sort();
}

// A plain Hamiltonian cycle counter for any small graph: depth-first from vertex 0, each cycle found twice.
function cyclesByHand(n: number, edges: Array<[number, number]>): number {
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    adj[a].push(b);
    adj[b].push(a);
  }
  const seen = new Array<boolean>(n).fill(false);
  let found = 0;
  const go = (v: number, depth: number): void => {
    if (depth === n) {
      if (adj[v].includes(0)) found++;
      return;
    }
    for (const u of adj[v]) {
      if (seen[u]) continue;
      seen[u] = true;
      go(u, depth + 1);
      seen[u] = false;
    }
  };
  seen[0] = true;
  go(0, 1);
  return n > 2 ? found / 2 : 0;
}

describe('a window of 17 squares (a knight 8 wide): the oldest square left out of the stored state', () => {
  it('closed counts of random graphs whose edges span up to 17 equal a plain search', () => {
    let withCycles = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 18, max: 22 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 17 })), { minLength: 30, maxLength: 60 }),
        (n, raw) => {
          const edges: Array<[number, number]> = [[0, 17]];
          for (const [a, d] of raw) {
            const u = a % (n - d);
            edges.push([u, u + d]);
          }
          const g = countGraphOf(n, 8, edges);
          expect(g.reach).toBe(17);
          const unique = new Set(edges.map(([a, b]) => `${a}-${b}`));
          const list = [...unique].map((k) => k.split('-').map(Number) as [number, number]);
          const want = cyclesByHand(n, list);
          if (want > 0) withCycles++;
          expect(frontierCount(g, { closed: true, ends: [] }).count).toBe(BigInt(want));
        },
      ),
      { numRuns: 60, seed: 16 },
    );
    // Most graphs have no cycle through every vertex; enough of them do for the check to mean something.
    expect(withCycles).toBeGreaterThan(10);
  });
  it.skipIf(!process.env.GRIDBITS_LONG)(
    '5×8 closed counted across its longer side equals 44,202 (A175881)',
    { timeout: 120_000 },
    () => {
      const g = buildCountGraph(Board.of(5, 8), KNIGHT, 'longer');
      expect(g.reach).toBe(17);
      expect(frontierCount(g, { closed: true, ends: [] }).count).toBe(44202n);
    },
  );
});
