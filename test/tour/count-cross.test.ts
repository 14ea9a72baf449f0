import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, KNIGHT } from '../../src/index.js';
import { finishedValue, job } from '../../src/core/job.js';
import { shardsTotal, type ShardCount } from '../../src/core/shards.js';
import { parsePiece, type Piece } from '../../src/pieces/piece.js';
import { CrossJob, crossFit, crossJoinSteps, type CrossTable } from '../../src/tour/count-cross.js';
import { frontierCount } from '../../src/tour/count-frontier.js';
import { buildCountGraph } from '../../src/tour/count-graph.js';
import { countShardJob, shardCount } from '../../src/tour/count-shards.js';
import { countToursSync } from '../../src/tour/count.js';

// Closed tours joined across the middle (two half-boards with their own edges, the edges between them chosen
// at the join) against the whole-board frontier program, which shares the top half's transitions but none of
// the join, the symmetries or the pairing ranks; and against OEIS.

function table(width: number, height: number, piece: Piece = KNIGHT, closed = true): CrossTable {
  return finishedValue(job((ctl) => new CrossJob(width, height, piece, closed).steps(ctl)).runSync());
}

/** The join's count of a table, split into `shards` shards. */
function joined(t: CrossTable, shards = 1): bigint {
  let total = 0n;
  for (let i = 0; i < shards; i++) total += finishedValue(job((ctl) => crossJoinSteps(t, i, shards, ctl)).runSync()).count;
  return total;
}

/** The whole board's program on the same layout (rows across `width`): undirected tours. */
function whole(width: number, height: number, piece: Piece, closed = true): bigint {
  return frontierCount(buildCountGraph(Board.of(width, height), piece, width <= height ? 'shorter' : 'longer'), { closed, ends: [] }).count;
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
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 3 }), fc.subarray(parts, { minLength: 1, maxLength: 2 }), fc.integer({ min: 1, max: 5 }), (w, half, chosen, shards) => {
        const h = 2 * half;
        if (w * h > 30) return;
        const piece = parsePiece(chosen.join('+'));
        if (!crossFit(w, h, piece)) return;
        const want = whole(w, h, piece);
        if (want > 0n) nonzero++;
        expect(joined(table(w, h, piece), shards), `${w}x${h} ${piece.name}`).toBe(want);
      }),
      { numRuns: 50, seed: 2027 },
    );
    expect(nonzero).toBeGreaterThan(10);
  });

  it('takes at least 4 rows, up to 8 wide (open tours 7: the window), for leapers of at most two rows', () => {
    expect(crossFit(8, 8, KNIGHT)).toBe(true);
    expect(crossFit(8, 7, KNIGHT)).toBe(true);
    expect(crossFit(8, 3, KNIGHT)).toBe(false);
    expect(crossFit(9, 8, KNIGHT)).toBe(false);
    expect(crossFit(8, 8, parsePiece('camel'))).toBe(false);
    expect(crossFit(7, 7, KNIGHT, false)).toBe(true);
    expect(crossFit(8, 8, KNIGHT, false)).toBe(false);
    expect(() => new CrossJob(8, 8, KNIGHT, false)).toThrow(/at least 4 rows, up to 8 wide \(open tours: 7\)/);
  });

  it('a stopped join has counted a lower bound; a budget on the top half stops it with none', () => {
    const t = table(6, 8);
    const seen: bigint[] = [];
    const j = job((ctl) => crossJoinSteps(t, 0, 1, ctl, () => undefined, (c) => seen.push(c)));
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
  it('gives the OEIS counts: 5×5 (A165134: 1,728 directed), 6×6 (6,637,920); 7×5 as the whole board 5×7', () => {
    expect(2n * joined(table(5, 5, KNIGHT, false))).toBe(1728n);
    const t66 = table(6, 6, KNIGHT, false);
    expect(2n * joined(t66)).toBe(6_637_920n);
    expect(2n * joined(t66, 5)).toBe(6_637_920n);
    // 5 rows of 7 (two tables: 7×3 and 7×2) against the whole board's program across its 5 files.
    expect(joined(table(7, 5, KNIGHT, false), 3)).toBe(whole(5, 7, KNIGHT, false));
  }, 240_000);

  it('equals the whole board on random leapers, open and closed, even and odd numbers of rows (seed 2028)', () => {
    const parts = ['knight', '1,1', 'wazir', '0,2', '2,2', '1,2'];
    let nonzero = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 4, max: 7 }), fc.subarray(parts, { minLength: 1, maxLength: 2 }), fc.boolean(), fc.integer({ min: 1, max: 4 }), (w, h, chosen, closed, shards) => {
        if (w * h > (closed ? 30 : 20)) return;
        const piece = parsePiece(chosen.join('+'));
        if (!crossFit(w, h, piece, closed)) return;
        const want = whole(w, h, piece, closed);
        if (want > 0n) nonzero++;
        expect(joined(table(w, h, piece, closed), shards), `${w}x${h} ${piece.name} ${closed ? 'closed' : 'open'}`).toBe(want);
      }),
      { numRuns: 80, seed: 2028 },
    );
    expect(nonzero).toBeGreaterThan(12);
  }, 120_000);

  it('7 wide open counts are joined across; 7×7 needs a budget', () => {
    expect(() => countToursSync(Board.of(7, 7))).toThrow(/limit of 42 for open tours this wide \(joined across the middle\)/);
    const stopped = countToursSync(Board.of(7, 7), { maxNodes: 20_000 });
    expect(stopped).toMatchObject({ finished: false, stopped: 'nodes', partial: { method: 'frontier', split: 'crossing', count: null } });
    expect(shardCount({ width: 7, height: 7, piece: 'knight', closed: false }, 8)).toMatchObject({ method: 'crossing', shards: 8 });
  });
});

describe('8 wide closed counts', () => {
  it('are joined across the middle: 8×6 as 6×8 (55,488,142), as shards too; 8×8 needs a budget and stops with a lower bound', () => {
    // 8×6 is counted 6 wide (by halves): the same number as the crossing join of its 8-wide layout.
    expect(finishedValue(countToursSync(Board.of(8, 6), { closed: true })).count).toBe(55_488_142n);
    expect(() => countToursSync(Board.of(8, 8), { closed: true })).toThrow(/limit of 48 for closed tours this wide/);
    const stopped = countToursSync(Board.of(8, 8), { closed: true, maxNodes: 50_000 });
    expect(stopped).toMatchObject({ finished: false, stopped: 'nodes', partial: { method: 'frontier', count: null } });
    const sc = shardCount({ width: 8, height: 8, piece: 'knight', closed: true }, 4);
    expect(sc).toMatchObject({ method: 'crossing', shards: 4 });
    const small = shardCount({ width: 8, height: 4, piece: 'knight', closed: true }, 4);
    expect(small.method).toBe('whole');
    const parts = new Map<number, ShardCount>();
    // A shard joins across the middle when its count says so, on any layout that fits: 6×8's, 6 wide.
    const halves = shardCount({ width: 6, height: 8, piece: 'knight', closed: true }, 3);
    const sc86 = { ...halves, method: 'crossing' as const, key: halves.key.replace('halves', 'crossing') };
    for (let i = 0; i < sc86.shards; i++) parts.set(i, finishedValue(countShardJob(sc86, i).runSync()));
    expect(shardsTotal(sc86, parts)).toBe(55_488_142n);
  });
});
