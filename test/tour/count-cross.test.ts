import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue, job, type Outcome } from '../../src/core/job.js';
import { shardsTotal, type ShardCount } from '../../src/core/shards.js';
import { KNIGHT, parsePiece, type Piece } from '../../src/pieces/piece.js';
import {
  CrossSearch,
  crossFit,
  crossJoinSteps,
  CrossParts,
  endsClasses,
  mirrorPart,
  type CrossTable,
  type EndsClass,
} from '../../src/tour/count-cross.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph, vertexOf } from '../../src/tour/count-graph.js';
import { CLASS_SHARDS, countTourShardJob, shardTourCount, type ShardOutOfReach } from '../../src/tour/count-shards.js';
import { countToursSync } from '../../src/tour/count.js';
import { LONG, runs } from '../long.js';

const RUNS_2027 = runs(25, 100);

// Closed tours joined across the middle (two half-boards with their own edges, the edges between them chosen
// at the join) against the whole-board frontier program, which shares the top half's transitions but none of
// the join, the symmetries or the pairing ranks; and against OEIS.

/** A shard's count, which must be one (not out of the counter's reach). */
function shardOf(out: Outcome<ShardCount | ShardOutOfReach, unknown>): ShardCount {
  const a = finishedValue(out);
  if ('reason' in a) throw new Error(a.reason);
  return a;
}

function table(width: number, height: number, piece: Piece = KNIGHT, closed = true, ends?: EndsClass): CrossTable {
  return finishedValue(job((ctl) => new CrossSearch(width, height, piece, closed, ends).steps(ctl)).runSync());
}

/** Undirected open tours as the sum over the classes of their ends, each class's join split into `shards`. */
function byClasses(width: number, height: number, piece: Piece = KNIGHT, shards = 1): bigint {
  let total = 0n;
  for (const { ends, times } of endsClasses(width, height, piece))
    total += BigInt(times) * joined(table(width, height, piece, false, ends), shards);
  return total;
}

/** The join's count of a table, split into `shards` shards. */
function joined(t: CrossTable, shards = 1): bigint {
  let total = 0n;
  for (let i = 0; i < shards; i++)
    total += finishedValue(job((ctl) => crossJoinSteps(t, i, shards, ctl)).runSync()).count;
  return total;
}

/** The whole board's program on the same layout (rows across `width`): undirected tours. */
function whole(width: number, height: number, piece: Piece, closed = true): bigint {
  return frontierCount(buildCountGraph(Board.of(width, height), piece, width <= height ? 'shorter' : 'longer'), {
    closed,
    ends: [],
  }).count;
}

/**
 * Open paths of the knight between two squares, (file, row) each, by the whole board's program. Squares named in
 * the parts: the top's as on the board; the bottom's turned by the half turn.
 */
function paths(w: number, h: number, a: [number, number], b: [number, number]): bigint {
  const board = Board.of(w, h),
    g = buildCountGraph(board, KNIGHT);
  return frontierCount(g, { closed: false, ends: [a, b].map(([f, r]) => vertexOf(board, g, board.index(f, r))) }).count;
}

describe('closed tours joined across the middle', () => {
  it('gives the OEIS counts: 5×6, 6×6 (A001230: 9,862), 6×8 (A175881: 55,488,142), and none on 4 rows', () => {
    expect(joined(table(5, 6))).toBe(8n);
    expect(joined(table(6, 6))).toBe(9862n);
    const t68 = table(6, 8);
    expect(joined(t68)).toBe(55_488_142n);
    // Shards split the top's degree vectors: any split adds up to the same count.
    expect(joined(t68, 7)).toBe(55_488_142n);
    expect(joined(table(8, 4))).toBe(0n);
  });

  it('equals the whole board on random leapers that move at most two rows (seed 2027)', () => {
    const parts = ['knight', '1,1', 'wazir', '0,2', '2,2'];
    let nonzero = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 2, max: 3 }),
        fc.subarray(parts, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 5 }),
        (w, half, chosen, shards) => {
          const h = 2 * half;
          if (w * h > 30) return;
          const piece = parsePiece(chosen.join('+'));
          if (!crossFit(w, h, piece)) return;
          const want = whole(w, h, piece);
          if (want > 0n) nonzero++;
          expect(joined(table(w, h, piece), shards), `${w}x${h} ${piece.name}`).toBe(want);
        },
      ),
      { numRuns: RUNS_2027, seed: 2027 },
    );
    // A fifth of the cases at least have tours (the others check that none is counted).
    expect(nonzero).toBeGreaterThan(RUNS_2027 / 5);
  });

  it('takes at least 4 rows, up to 8 wide (open tours 7: the window), for leapers of at most two rows', () => {
    expect(crossFit(8, 8, KNIGHT)).toBe(true);
    expect(crossFit(8, 7, KNIGHT)).toBe(true);
    expect(crossFit(8, 3, KNIGHT)).toBe(false);
    expect(crossFit(9, 8, KNIGHT)).toBe(false);
    expect(crossFit(8, 8, parsePiece('camel'))).toBe(false);
    expect(() => new CrossSearch(9, 8, KNIGHT, false)).toThrow(/at least 4 rows, up to 8 wide/);
    expect(() => new CrossSearch(8, 8, KNIGHT, true, { top: [0], bottom: [] })).toThrow(/for open tours/);
  });

  it('a stopped join has counted a lower bound; a budget on the top half stops it with none', () => {
    const t = table(6, 8);
    const seen: bigint[] = [];
    const j = job((ctl) =>
      crossJoinSteps(
        t,
        0,
        1,
        ctl,
        () => undefined,
        (c) => seen.push(c),
      ),
    );
    let out = j.runSync({ maxNodes: 20_000 });
    expect(out.finished).toBe(false);
    while (!out.finished) out = j.runSync({ maxNodes: 20_000 });
    expect(out.value.count).toBe(55_488_142n);
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i] >= seen[i - 1]).toBe(true);
    expect(seen[seen.length - 1] <= 55_488_142n).toBe(true);
  });
});

describe('open tours joined across the middle (cycles through an apex joined to every square)', () => {
  it('gives the OEIS counts: 5×5 (A165134: 1,728 directed)', () => {
    expect(2n * joined(table(5, 5, KNIGHT, false))).toBe(1728n);
  });

  // Half a minute; count.long.test.ts also checks it against the whole board's program.
  it.runIf(LONG)('gives 7×5 (A083386: 622,868 undirected) from two tables (7×3 and 7×2)', () => {
    expect(joined(table(7, 5, KNIGHT, false), 3)).toBe(622_868n);
  });

  it('equals the whole board on random leapers, open and closed, even and odd numbers of rows (seed 2028)', () => {
    const parts = ['knight', '1,1', 'wazir', '0,2', '2,2', '1,2'];
    let nonzero = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 4, max: 7 }),
        fc.subarray(parts, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        (w, h, chosen, closed, shards) => {
          if (w * h > (closed ? 30 : 20)) return;
          const piece = parsePiece(chosen.join('+'));
          if (!crossFit(w, h, piece)) return;
          const want = whole(w, h, piece, closed);
          if (want > 0n) nonzero++;
          expect(
            joined(table(w, h, piece, closed), shards),
            `${w}x${h} ${piece.name} ${closed ? 'closed' : 'open'}`,
          ).toBe(want);
        },
      ),
      { numRuns: 80, seed: 2028 },
    );
    expect(nonzero).toBeGreaterThan(12);
  }, 120_000);

  it('7 wide open counts are joined across; 7×7 needs a budget', () => {
    expect(() => countToursSync(Board.of(7, 7))).toThrow(
      /limit of 42 for open tours this wide \(joined across the middle\)/,
    );
    const stopped = countToursSync(Board.of(7, 7), { maxNodes: 20_000 });
    expect(stopped).toMatchObject({
      finished: false,
      stopped: 'nodes',
      partial: { method: 'frontier', split: 'crossing', count: null },
    });
    expect(shardTourCount({ width: 7, height: 7, piece: 'knight', closed: false }, 8)).toMatchObject({
      method: 'crossing',
      shards: 8,
    });
  });
});

describe("open tours counted by the classes of their ends (the parts' tables of those ends only)", () => {
  it('add up to the OEIS counts: 5×5 (1,728 directed), 6×6 (6,637,920); 5×6 (two tables) as 6×5 (one, turned)', () => {
    expect(2n * byClasses(5, 5)).toBe(1728n);
    expect(2n * byClasses(6, 6, KNIGHT, 3)).toBe(6_637_920n);
    const c56 = byClasses(5, 6);
    expect(c56).toBe(byClasses(6, 5));
    expect(c56).toBe(whole(5, 6, KNIGHT, false));
  }, 120_000);

  it("are one of each orbit under the join's symmetries, with its size: 8×8 has 81 standing for 289 (1 + 32 + 256)", () => {
    const c = endsClasses(8, 8, KNIGHT);
    expect(c.length).toBe(81);
    // No end inside the parts; one of 32 squares; two of opposite colours (64 + 64 in one part, 128 across).
    expect(c.reduce((s, x) => s + x.times, 0)).toBe(1 + 32 + 256);
    expect(c[0]).toEqual({ ends: { top: [], bottom: [] }, times: 1 });
    // An odd number of rows: the mirror only.
    expect(endsClasses(6, 7, KNIGHT).reduce((s, x) => s + x.times, 0)).toBeGreaterThan(
      endsClasses(6, 7, KNIGHT).length,
    );
  });

  it('equal the whole board on random leapers, even and odd numbers of rows and files (seed 2029)', () => {
    const parts = ['knight', '1,1', 'wazir', '0,2', '2,2', '1,2'];
    let nonzero = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 4, max: 7 }),
        fc.subarray(parts, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 3 }),
        (w, h, chosen, shards) => {
          if (w * h > 20) return;
          const piece = parsePiece(chosen.join('+'));
          if (!crossFit(w, h, piece)) return;
          const want = whole(w, h, piece, false);
          if (want > 0n) nonzero++;
          expect(byClasses(w, h, piece, shards), `${w}x${h} ${piece.name}`).toBe(want);
        },
      ),
      { numRuns: 60, seed: 2029 },
    );
    expect(nonzero).toBeGreaterThan(12);
  }, 120_000);

  it('split into shards class by class: 8×8 in 81 classes; 6×6 so adds up to 6,637,920', () => {
    const sc = shardTourCount({ width: 8, height: 8, piece: 'knight', closed: false }, 100);
    expect(sc).toMatchObject({ method: 'crossing', shards: 81 * CLASS_SHARDS, classes: 81 });
    expect(sc.key).toMatch(new RegExp(`crossing ${81 * CLASS_SHARDS} in 81 classes of ends, keys in order$`));
    expect(shardTourCount({ width: 8, height: 8, piece: 'knight', closed: false }, 81 * CLASS_SHARDS + 1).shards).toBe(
      81 * (CLASS_SHARDS + 1),
    );
    expect(shardTourCount({ width: 8, height: 8, piece: 'knight', closed: true }, 100)).not.toHaveProperty('classes');
    const n = endsClasses(6, 6, KNIGHT).length;
    const base = shardTourCount({ width: 6, height: 6, piece: 'knight', closed: false }, 1);
    const sc66 = { ...base, method: 'crossing' as const, shards: 2 * n, classes: n, key: 'tour-count 6x6 by classes' };
    const parts = new Map<number, ShardCount>();
    for (let i = 0; i < sc66.shards; i++) parts.set(i, shardOf(countTourShardJob(sc66, i).runSync()));
    expect(shardsTotal(sc66, parts)).toBe(6_637_920n);
    expect(() => countTourShardJob({ ...sc66, classes: n + 1 }, 0).runSync()).toThrow(
      /classes of ends are not those of 6×6/,
    );
  });

  it('a class of two ends inside the parts counts the paths between them: 8×5, against the whole board from one to the other', () => {
    // 8×5: two ends in the top's first row (the top part 8×3, a window of 17 squares).
    expect(joined(table(8, 5, KNIGHT, false, { top: [3, 4], bottom: [] }))).toBe(paths(8, 5, [3, 0], [4, 0]));
  });
});

describe('open tours 8 wide (a window of 17 squares: states kept by their oldest square)', () => {
  it("the whole board's program across 8 files gives what it gives across the short side: 8×3", () => {
    for (const piece of [KNIGHT]) {
      expect(
        frontierCount(buildCountGraph(Board.of(8, 3), piece, 'longer'), { closed: false, ends: [] }).count,
        piece.name,
      ).toBe(whole(3, 8, piece, false));
    }
    // From a fixed start square too (a1, then h1 at the far end of the first row).
    const board = Board.of(8, 3);
    const g8 = buildCountGraph(board, KNIGHT, 'longer'),
      g3 = buildCountGraph(board, KNIGHT, 'shorter');
    for (const from of [0, 7]) {
      const want = frontierCount(g3, { closed: false, ends: [vertexOf(board, g3, from)] }).count;
      expect(want).toBeGreaterThan(0n);
      expect(frontierCount(g8, { closed: false, ends: [vertexOf(board, g8, from)] }).count).toBe(want);
    }
  });

  it('joined across the middle: 8×4 as the whole board (62,176 directed)', () => {
    expect(2n * joined(table(8, 4, KNIGHT, false))).toBe(62_176n);
    expect(2n * byClasses(8, 4)).toBe(62_176n);
  });
});

describe('8 wide closed counts', () => {
  it('are joined across the middle: 8×6 as 6×8 (55,488,142), as shards too; 8×8 needs a budget and stops with a lower bound', () => {
    // 8×6 is counted 6 wide (by halves): the same number as the crossing join of its 8-wide layout.
    expect(finishedValue(countToursSync(Board.of(8, 6), { closed: true })).count).toBe(55_488_142n);
    expect(() => countToursSync(Board.of(8, 8), { closed: true })).toThrow(/limit of 48 for closed tours this wide/);
    const stopped = countToursSync(Board.of(8, 8), { closed: true, maxNodes: 50_000 });
    expect(stopped).toMatchObject({ finished: false, stopped: 'nodes', partial: { method: 'frontier', count: null } });
    const sc = shardTourCount({ width: 8, height: 8, piece: 'knight', closed: true }, 4);
    expect(sc).toMatchObject({ method: 'crossing', shards: 4 });
    const small = shardTourCount({ width: 8, height: 4, piece: 'knight', closed: true }, 4);
    expect(small.method).toBe('whole');
    const parts = new Map<number, ShardCount>();
    // A shard joins across the middle when its count says so, on any layout that fits: 6×8's, 6 wide.
    const halves = shardTourCount({ width: 6, height: 8, piece: 'knight', closed: true }, 3);
    const sc86 = { ...halves, method: 'crossing' as const, key: halves.key.replace('halves', 'crossing') };
    for (let i = 0; i < sc86.shards; i++) parts.set(i, shardOf(countTourShardJob(sc86, i).runSync()));
    expect(shardsTotal(sc86, parts)).toBe(55_488_142n);
  });
});

describe('parts kept for the classes that share them', () => {
  it('a mirrored part is the part built for the mirrored ends, and classes counted with kept parts add up to OEIS on 6×6', () => {
    const mirror = Int8Array.from({ length: 12 }, (_, j) => (j < 6 ? 5 - j : 17 - j));
    const rows = (p: CrossTable['top']): string[] => {
      const out: string[] = [];
      const { keys, starts, ends, at } = p.groups;
      for (let g = 0; g < keys.length; g++) {
        expect(at.get(keys[g])).toBe(g);
        for (let s = starts[g]; s < ends[g]; s++)
          out.push(`${keys[g]}:${Array.from(p.mates.subarray(s * 12, s * 12 + 12)).join(',')}:${p.counts[s]}`);
      }
      return out.sort();
    };
    const a = table(6, 6, KNIGHT, false, { top: [0], bottom: [] }).top;
    const b = table(6, 6, KNIGHT, false, { top: [5], bottom: [] }).top;
    expect(rows(mirrorPart(a, mirror))).toEqual(rows(b));
    const parts = new CrossParts(2 ** 30);
    let total = 0n;
    for (const c of endsClasses(6, 6, KNIGHT)) {
      const t = finishedValue(job((ctl) => new CrossSearch(6, 6, KNIGHT, false, c.ends, parts).steps(ctl)).runSync());
      total += 2n * BigInt(c.times) * finishedValue(job((ctl) => crossJoinSteps(t, 0, 1, ctl)).runSync()).count;
    }
    expect(total).toBe(6637920n);
    expect(parts.size).toBeGreaterThan(1);
  });
});
