import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, KNIGHT } from '../../src/index.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph, countGraphOf } from '../../src/tour/count-graph.js';
import { halfPlan, halvesCount, halvesFit } from '../../src/tour/count-halves.js';
import { countShardJob, shardCount } from '../../src/tour/count-shards.js';

// The halves method (two half-boards joined at their boundary) against OEIS A001230 / A175881 and against the
// whole-board frontier program, which shares the transition code but none of the split or the join.
describe('closed tours counted by halves', () => {
  it('6×6 = 9862 (A001230), 6×8 = 55,488,142 (A175881), 4×n = 0', () => {
    expect(halvesCount(6, 6, KNIGHT).count).toBe(9862n);
    expect(halvesCount(6, 8, KNIGHT).count).toBe(55488142n);
    expect(halvesCount(4, 6, KNIGHT).count).toBe(0n);
    expect(halvesCount(6, 4, KNIGHT).count).toBe(0n);
  });

  it('equals the whole-board program on every even board it takes up to 6×8, and for other leapers', () => {
    for (const [w, h] of [[4, 4], [4, 8], [6, 4], [2, 6], [6, 6]] as const) {
      const whole = frontierCount(buildCountGraph(Board.of(w, h), KNIGHT, 'longer'), { closed: true, ends: [] });
      expect(halvesCount(w, h, KNIGHT).count, `${w}x${h}`).toBe(whole.count);
    }
  });

  it('splits the edges in two parts that the half turn swaps, every edge in exactly one', () => {
    for (const [w, h] of [[6, 6], [8, 8], [4, 10]] as const) {
      const plan = halfPlan(w, h, KNIGHT);
      const top = new Set<string>();
      for (let v = 0; v < plan.graph.n; v++) for (const d of plan.graph.back[v]) top.add(`${v - d}-${v}`);
      const rho = (s: number): number => w * h - 1 - s;
      const all = buildCountGraph(Board.of(w, h), KNIGHT, w < h ? 'shorter' : 'longer');
      let edges = 0;
      for (let v = 0; v < all.n; v++) {
        for (const d of all.back[v]) {
          edges++;
          const u = v - d;
          const inTop = top.has(`${u}-${v}`);
          const image = [rho(u), rho(v)].sort((a, b) => a - b).join('-');
          expect(inTop !== top.has(image), `${w}x${h} edge ${u}-${v}`).toBe(true);
        }
      }
      expect(top.size * 2).toBe(edges);
    }
  });

  it('refuses odd sides', () => {
    expect(halvesFit(7, 8, KNIGHT)).toBe(false);
    expect(() => halfPlan(8, 7, KNIGHT)).toThrow(/even/);
  });

  it('shards add up to the count, whatever their number', () => {
    for (const shards of [1, 2, 7]) {
      const sc = shardCount({ width: 6, height: 8, piece: 'knight', closed: true }, shards);
      expect(sc.method).toBe('halves');
      let total = 0n;
      for (let i = 0; i < sc.shards; i++) {
        const r = countShardJob(sc, i).runSync();
        if (!r.finished) throw new Error('unfinished');
        total += r.value.count;
      }
      expect(total).toBe(55488142n);
    }
    const open = shardCount({ width: 5, height: 6, piece: 'knight', closed: false }, 8);
    expect(open.shards).toBe(1);
    const r = countShardJob(open, 0).runSync();
    expect(r.finished && r.value.count).toBe(37568n);
  });
});

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
      fc.property(fc.integer({ min: 18, max: 22 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 17 })), { minLength: 30, maxLength: 60 }), (n, raw) => {
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
      }),
      { numRuns: 60, seed: 16 },
    );
    // Most graphs have no cycle through every vertex; enough of them do for the check to mean something.
    expect(withCycles).toBeGreaterThan(10);
  });
  it.skipIf(!process.env.GRIDBITS_LONG)('5×8 closed counted across its longer side equals 44,202 (A175881)', { timeout: 120_000 }, () => {
    const g = buildCountGraph(Board.of(5, 8), KNIGHT, 'longer');
    expect(g.reach).toBe(17);
    expect(frontierCount(g, { closed: true, ends: [] }).count).toBe(44202n);
  });
});
