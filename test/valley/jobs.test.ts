// The valley engine's long calls as jobs: the same answers as before, limits that stop them with a correct
// partial, a stopped job run again gives the unbroken answer, progress that only goes forward to its total.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Progress } from '../../src/core/run.js';
import {
  START,
  createEngine,
  divideJob,
  divideSync,
  formatMove,
  match,
  matchJob,
  matchSync,
  parsePosition,
  perft,
  perftJob,
  perftSync,
  search,
  searchJob,
  searchSync,
  solve,
  solveJob,
  solveSync,
  startPosition,
  type Outcome,
} from './api.js';
import { createLabyrinthEngine } from '../../src/valley/labyrinth.js';
import { refMoves, refParse, refPerft } from './reference.js';

const start = (): ReturnType<typeof createEngine> => createEngine(startPosition());
const value = <T>(o: Outcome<T, unknown>): T => {
  if (!o.finished) throw new Error(`unfinished: ${o.stopped}`);
  return o.value;
};
/** Progress that never goes backwards; its last report is its total. */
function expectEvenProgress(seen: Progress[]): void {
  expect(seen.length).toBeGreaterThan(0);
  for (let i = 1; i < seen.length; i++) {
    expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    if (seen[i].share !== undefined) expect(seen[i].share).toBeGreaterThanOrEqual(seen[i - 1].share ?? 0);
  }
  const last = seen[seen.length - 1];
  if (last.share !== undefined) expect(last.share).toBe(1);
}

describe('valley jobs: perft and divide', () => {
  it('counts as before, sync and async, on 5×5 and Labyrinth', async () => {
    expect([0, 1, 2, 3, 4, 5].map((d) => value(perftSync(start(), d)))).toEqual([1, 10, 110, 1570, 21708, 318496]);
    expect(value(await perft(start(), 6))).toBe(4489260);
    expect([1, 2, 3].map((d) => value(perftSync(createLabyrinthEngine(), d)))).toEqual([16, 288, 5984]);
    const rows = value(divideSync(start(), 3));
    expect(rows.map(([m]) => m).sort()).toEqual(refMoves(refParse(START)).sort());
    expect(rows.reduce((s, [, n]) => s + n, 0)).toBe(1570);
  });

  it('agrees with the reference perft on random positions', () => {
    const texts = ['s1ks1/1S3/4s/1S1s1/S1K1S w 6', '1s1ss/2k2/5/S1S1s/2K1S w 10', 'ss1s1/1k1S1/5/1S1s1/S1K1S b 7'];
    for (const t of texts)
      for (const d of [1, 2, 3, 4])
        expect(value(perftSync(createEngine(parsePosition(t)), d))).toBe(refPerft(refParse(t), d));
  });

  it('stops on a node budget and a time limit with the leaves so far, and goes on to the unbroken count', () => {
    const job = perftJob(start(), 7);
    const first = job.runSync({ maxNodes: 1_000_000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    if (first.finished) return;
    expect(first.partial).toBeGreaterThan(0);
    expect(first.partial).toBeLessThan(67_433_120);
    const byTime = perftJob(start(), 8).runSync({ timeoutMs: 5 });
    expect(byTime).toMatchObject({ finished: false, stopped: 'time' });
    expect(value(job.runSync())).toBe(67_433_120);
  });

  it('pauses within its plan and within long lines: a budget stops it after at most one small part', () => {
    // Depth 10 plans 4-ply lines, each forecast by its perft 3 (at most 40³ leaves): the plan is made line by
    // line (made at once, it counted 80 M leaves before its first pause).
    const deep = perftJob(start(), 10).runSync({ maxNodes: 1000 });
    expect(deep).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(deep.nodes).toBeLessThan(1000 + 40 ** 3);
    // Depth 8 counts 6 plies below each 2-ply line, by parts of perft 5 (whole lines overshot by 2.6 M leaves).
    const eight = perftJob(start(), 8).runSync({ maxNodes: 5_000_000 });
    expect(eight.nodes - 5_000_000).toBeLessThan(1_000_000);
  });

  it('divide: a stopped run has the first moves counted so far; run again, the whole rows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (budget) => {
        const job = divideJob(start(), 4);
        const o = job.runSync({ maxNodes: budget * 50 });
        if (!o.finished)
          for (const [m, n] of o.partial ?? [])
            expect(value(divideSync(start(), 4)).find(([x]) => x === m)?.[1]).toBe(n);
        expect(value(job.runSync())).toEqual(value(divideSync(start(), 4)));
      }),
      { numRuns: 20, seed: 3 },
    );
  });

  it('leaves the engine as it was, and reports progress forward to its total', async () => {
    const e = start();
    const seen: Progress[] = [];
    value(await perft(e, 6, { onProgress: (p) => seen.push({ ...p }) }));
    expect(e.toString()).toBe(START);
    expectEvenProgress(seen);
    const last = seen[seen.length - 1];
    // Leaves counted, the share done following a forecast of the count, ending at the count and a share of 1.
    expect(last).toMatchObject({ share: 1, done: 4_489_260, unit: 'leaves' });
  });

  it('progress goes forward evenly with the work (lines weighed by a forecast of their leaves) and ends at its total', () => {
    // Lines of these positions differ a lot in size: progress counted in lines (as it was before the forecast)
    // is off by 0.036, 0.026 and 0.023 at these stops; the forecast is within 0.011, 0.004 and 0.008.
    const cases: Array<[() => ReturnType<typeof createEngine>, number]> = [
      [() => createEngine(parsePosition('1s1ss/2k2/5/S1S1s/2K1S w 10')), 6],
      [() => createEngine(parsePosition('ss1s1/1k1S1/5/1S1s1/S1K1S b 7')), 6],
      [() => createLabyrinthEngine(), 5],
    ];
    for (const [engine, depth] of cases) {
      const reports: Progress[] = [];
      const whole = perftJob(engine(), depth).runSync({ onProgress: (p) => reports.push({ ...p }) });
      expectEvenProgress(reports);
      expect(reports[0].unit).toBe('leaves');
      // Stopped at each fifth of its work (deterministic: a node budget, not the clock), the progress it
      // reports says about the same share of the work is done.
      const job = perftJob(engine(), depth);
      for (let k = 1; k <= 4; k++) {
        let last: Progress | undefined;
        const o = job.runSync({ maxNodes: Math.ceil(whole.nodes / 5), onProgress: (p) => (last = { ...p }) });
        expect(o.finished).toBe(false);
        expect(Math.abs(last!.share! - o.nodes / whole.nodes)).toBeLessThan(0.015);
      }
      expect(job.runSync()).toMatchObject({ finished: true, value: whole.finished && whole.value, nodes: whole.nodes });
    }
  });

  it("spends a node per leaf counted, the forecast's included", () => {
    const o = perftSync(start(), 6);
    expect(o.finished && o.value).toBe(4_489_260);
    // The forecast counts perft 4 and 3 below the start (21,708 + 1,570 leaves) before its first line.
    expect(o.nodes).toBe(4_489_260 + 21_708 + 1_570);
    expect(perftSync(start(), 1).nodes).toBe(10);
    expect(perftSync(start(), 2).nodes).toBe(110);
  });
});

describe('valley jobs: search', () => {
  it('finds the win in 1 and says it is proven', () => {
    const e = createEngine(parsePosition('k4/3s1/5/5/K3S w 4'));
    const r = value(searchSync(e, { depth: 4 }));
    expect(formatMove(r.move!, e.board)).toBe('a1c3');
    expect(r).toMatchObject({ winner: 'white', winInPlies: 1, ended: 'proven' });
  });

  it('a time limit stops it with the deepest finished iteration as its partial', async () => {
    const e = start();
    const o = await search(e, { timeoutMs: 60 });
    expect(o).toMatchObject({ finished: false, stopped: 'time' });
    if (o.finished) return;
    expect(o.partial!.depth).toBeGreaterThanOrEqual(1);
    expect(refMoves(refParse(START))).toContain(formatMove(o.partial!.move!, e.board));
    expect(e.toString()).toBe(START);
  });

  it('a node budget stops it; run again it reaches the same answer as an unbroken search', () => {
    const job = searchJob(start(), { depth: 7 });
    const first = job.runSync({ maxNodes: 2000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    let o = first;
    while (!o.finished) o = job.runSync({ maxNodes: 3000 });
    const whole = value(searchSync(start(), { depth: 7 }));
    expect(o.value).toMatchObject({ move: whole.move, score: whole.score, depth: 7, pv: whole.pv });
  });

  it('progress is in plies, forward to the depth asked', () => {
    const seen: Progress[] = [];
    const o = searchJob(start(), { depth: 6 }).runSync({ onProgress: (p) => seen.push({ ...p }) });
    expect(o.finished).toBe(true);
    expectEvenProgress(seen);
    expect(seen[seen.length - 1]).toMatchObject({ share: 1, done: 6, unit: 'plies' });
  });
});

describe('valley jobs: solve', () => {
  it('proves a win in 1 and a draw-free start as before', async () => {
    expect(value(solveSync(createEngine(parsePosition('k4/3s1/5/5/K3S w 4')), { tableMegabytes: 1 }))).toMatchObject({
      value: 'win',
      moves: ['a1c3'],
      winner: 'white',
    });
    const r = value(await solve(createEngine(startPosition()), { tableMegabytes: 16 }));
    expect(r).toMatchObject({ value: 'win', winner: 'white', proofDepth: 13 });
  });

  it('stopped, it has no value yet; run again, the unbroken answer', () => {
    const job = solveJob(createEngine(startPosition()), { tableMegabytes: 16 });
    const first = job.runSync({ maxNodes: 2000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    if (!first.finished) expect(first.partial).toMatchObject({ moves: [], winner: null });
    expect(first.finished || first.partial?.value === undefined).toBe(true);
    const o = job.runSync();
    const whole = value(solveSync(createEngine(startPosition()), { tableMegabytes: 16 }));
    expect(value(o)).toMatchObject({ value: whole.value, moves: whole.moves, proofDepth: whole.proofDepth });
  });

  it('pauses inside its slices of work without changing the search: stopped on any node count, the same proof', () => {
    const whole = solveSync(createEngine(startPosition()), { tableMegabytes: 16 });
    const job = solveJob(createEngine(startPosition()), { tableMegabytes: 16 });
    let o = job.runSync({ maxNodes: 777 });
    let stops = 1;
    while (!o.finished) {
      // Stopped exactly on the budget, inside a slice of 5,000 nodes (not at its end, as when slices ran whole).
      expect(o.nodes).toBe(777 * stops);
      o = job.runSync({ maxNodes: 777 });
      stops++;
    }
    expect(stops).toBeGreaterThan(10);
    expect(o.nodes).toBe(whole.nodes);
    expect(value(o)).toMatchObject({
      proofNodes: value(whole).proofNodes,
      tableUsed: value(whole).tableUsed,
      moves: value(whole).moves,
    });
  });

  it('with allMoves stopped while settling first moves, the partial holds the value and the moves settled so far', () => {
    // Ten first moves, all winning: the root is proved first, then its moves are settled one by one.
    const p = parsePosition('5/3k1/K4/5/1S3 w 1');
    const whole = value(solveSync(createEngine(p), { tableMegabytes: 4, allMoves: true }));
    expect(Object.keys(whole.moveValues!)).toHaveLength(10);
    const job = solveJob(createEngine(p), { tableMegabytes: 4, allMoves: true });
    let settled: string[] = [];
    let between = 0;
    for (;;) {
      const o = job.runSync({ maxNodes: 50 });
      if (o.finished) break;
      const part = o.partial!;
      expect([undefined, whole.value]).toContain(part.value);
      const now = Object.keys(part.moveValues ?? {});
      // Settled moves stay settled, with the value the whole run gives them.
      expect(now).toEqual(expect.arrayContaining(settled));
      for (const m of now) expect(part.moveValues![m], m).toBe(whole.moveValues![m]);
      if (now.length > 0) expect(part.value).toBe(whole.value);
      if (now.length > 0 && now.length < 10) between++;
      settled = now;
    }
    expect(between).toBeGreaterThan(0);
  });

  it('refuses a position whose side to move already has its King on the valley', () => {
    expect(() =>
      createEngine({ men: [0b11111 ^ (1 << 2) ^ (1 << 12), 0b11111 << 20], kings: [12, 22], side: 'white', ply: 4 }),
    ).toThrow(/King on the valley c3/);
  });
});

describe('valley jobs: match', () => {
  it('plays its games; the partial of a stopped match is the games so far', async () => {
    const opts = { games: 6, a: { kind: 'greedy' as const }, b: { kind: 'random' as const }, alternate: true, seed: 4 };
    const whole = value(matchSync(opts));
    expect(whole.games).toBe(6);
    expect(whole.aWins + whole.bWins + whole.draws).toBe(6);
    const job = matchJob(opts);
    const first = job.runSync({ maxNodes: 20 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    if (!first.finished) expect(first.partial!.games).toBeLessThan(6);
    expect(value(job.runSync())).toEqual(whole);
    const ac = new AbortController();
    ac.abort();
    // Stopped before its first game, a match still answers a tally: no games yet.
    expect(await match(opts, { signal: ac.signal })).toMatchObject({
      finished: false,
      stopped: 'signal',
      partial: { games: 0, aWins: 0, bWins: 0 },
    });
  });
});
