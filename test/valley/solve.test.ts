// The King's Valley solver against exact values from plain retrograde analysis, its proofs replayed against every
// defence on the reference generator, and its budgets.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import type { RunOptions } from '../../src/core/run.js';
import {
  BOARD,
  START,
  createEngine,
  formatMove,
  formatPosition,
  legalMoves,
  parsePosition,
  play,
  solve,
  startPosition,
  type Position,
  type SolveOptions,
  type SolveResult,
} from '../../src/valley/index.js';
import { ShortestWin } from '../../src/valley/solve-short.js';
import { SolveTable } from '../../src/valley/solve-table.js';
import { refFormat } from './reference.js';
import { replayStrategy } from './solve-check.js';
import { refRetrograde } from './solve-reference.js';

/** A solve that must finish (no node, time or signal limit is given). */
const solved = async (p: Position, options: SolveOptions & RunOptions = {}): Promise<SolveResult> =>
  finishedValue(await solve(createEngine(p), options));

/** Every placement of both Kings and the given extra pieces (never on c3), either side to move, ply 1. */
function placements(extra: string[]): string[] {
  const out: string[] = [];
  const pieces = ['K', 'k', ...extra];
  const place = (i: number, used: number[]): void => {
    if (i === pieces.length) {
      const grid = Array.from({ length: 5 }, () => Array<string>(5).fill('.'));
      used.forEach((sq, j) => (grid[Math.floor(sq / 5)][sq % 5] = pieces[j]));
      for (const white of [true, false]) out.push(refFormat({ grid, white, ply: 1 }));
      return;
    }
    for (let sq = 0; sq < 25; sq++) if (sq !== 12 && !used.includes(sq)) place(i + 1, [...used, sq]);
  };
  place(0, []);
  return out;
}

function sample<T>(items: T[], n: number, seed: number): T[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => items[rng.below(items.length)]);
}

async function expectExact(
  exact: Map<string, { value: string; plies: number }>,
  positions: string[],
): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const text of positions) {
    const truth = exact.get(text);
    if (truth === undefined) throw new Error(`no exact value for ${text}`);
    const r = await solved(parsePosition(text), { tableMegabytes: 1, strategy: true, shortest: true });
    expect(r.value, text).toBe(truth.value);
    // The quickest forced win (or the longest a lost side holds out) is exactly the retrograde distance.
    if (r.value !== 'draw') expect(r.shortest, text).toBe(truth.plies);
    if (r.value !== 'draw' && seen[r.value!] === undefined) {
      // Without the proof's size the quickest win is the same, and no size is claimed.
      const lean = await solved(parsePosition(text), {
        tableMegabytes: 1,
        shortest: true,
        proofSize: false,
      });
      expect(lean).toMatchObject({ value: r.value, shortest: truth.plies, proofNodes: null });
    }
    const value = r.value!;
    seen[value] = (seen[value] ?? 0) + 1;
    if (r.value !== 'draw') {
      // The proof's length bounds the best play's; replayed on the reference generator against every defence.
      expect(r.proofDepth!, text).toBeGreaterThanOrEqual(truth.plies);
      const replay = replayStrategy(text, r.strategy!, r.value === 'win', r.proofDepth!);
      expect(replay.longest).toBeLessThanOrEqual(r.proofDepth!);
      expect(r.winner).toBe((r.value === 'win') === text.includes(' w ') ? 'white' : 'black');
    }
  }
  return seen;
}

describe("King's Valley solver", () => {
  it('finds the exact values of Kings-only positions (draws among them)', async () => {
    const all = placements([]);
    const exact = refRetrograde(all);
    const seen = await expectExact(exact, sample(all, 60, 1));
    expect(seen.draw).toBeGreaterThan(0);
  });

  it('finds the exact values of Kings-and-one-soldier positions, with proofs that replay', async () => {
    const all = [...placements(['S']), ...placements(['s'])];
    const exact = refRetrograde(all);
    const seen = await expectExact(exact, sample(all, 50, 2));
    expect(seen.win).toBeGreaterThan(10);
    expect(seen.loss).toBeGreaterThan(10);
  });

  it('gives the same values with and without symmetry folding', async () => {
    for (const text of sample(placements(['S']), 10, 3)) {
      const a = await solved(parsePosition(text), { tableMegabytes: 1 });
      const b = await solved(parsePosition(text), { tableMegabytes: 1, symmetry: false });
      expect(b.value, text).toBe(a.value);
    }
  });

  it('proves the start a win for White (a1d4 or its mirror e1b4 first), and the proof replays against every defence', async () => {
    const r = await solved(startPosition(), { tableMegabytes: 16, strategy: true, shortest: true });
    expect(r).toMatchObject({
      position: START,
      value: 'win',
      winner: 'white',
      proofDepth: 13,
      shortest: 9,
    });
    expect(r.moves.length).toBeGreaterThan(0);
    for (const m of r.moves) expect(['a1d4', 'b1b4', 'd1d4', 'e1b4']).toContain(m);
    const replay = replayStrategy(START, r.strategy!, true, 13);
    expect(replay.longest).toBeLessThanOrEqual(13);
    expect(r.proofNodes).toBeGreaterThan(100);
    // Black starting is the same game mirrored.
    const b = await solved(startPosition('black'), { tableMegabytes: 16 });
    expect(b).toMatchObject({ value: 'win', winner: 'black', proofDepth: 13 });
  });

  it('refutes a losing first move, and the refutation replays against every defence', async () => {
    // After 1. d1e2 Black wins within 5 plies (after 1. a1d4 White does: the proof above).
    const after = 'sskss/5/5/4S/SSK1S b 1';
    const r = await solved(parsePosition(after), { tableMegabytes: 16, strategy: true });
    expect(r).toMatchObject({ value: 'win', winner: 'black' });
    expect(r.proofDepth!).toBeLessThanOrEqual(5);
    expect(replayStrategy(after, r.strategy!, true, r.proofDepth!).longest).toBeLessThanOrEqual(5);
  });

  it('settles every move with allMoves, as the retrograde values of the positions after them say', async () => {
    const exact = refRetrograde([...placements(['S']), ...placements([])]);
    for (const text of ['5/3k1/K4/5/1S3 w 1', '4k/5/5/5/1S1K1 b 5', 'k4/5/5/5/4K w 3']) {
      const p = parsePosition(text);
      const r = await solved(p, { tableMegabytes: 4, allMoves: true });
      const moves = legalMoves(p).map((m) => formatMove(m, BOARD));
      expect(Object.keys(r.moveValues!).sort()).toEqual([...moves].sort());
      for (const m of moves) {
        const next = formatPosition(play(p, m)).replace(/ \d+$/, ' 1');
        // The exact value after the move is the opponent's: their loss is our win.
        const truth = exact.get(next)!.value;
        expect(r.moveValues![m], `${text} ${m}`).toBe(truth === 'loss' ? 'win' : truth === 'win' ? 'loss' : 'draw');
      }
      expect(r.moves).toEqual(moves.filter((m) => r.moveValues![m] === 'win').sort());
    }
  });

  it('finds the same quickest win when its search pauses every few nodes and resumes (as it does to yield)', () => {
    const p = startPosition();
    const args = [p.men[0], p.men[1], p.kings[0], p.kings[1], 1] as const;
    const answers = (pauseEvery: number): boolean[] => {
      const sw = new ShortestWin(new SolveTable(8, true), 9);
      const out: boolean[] = [];
      for (let r = 1; r <= 9; r += 2) {
        for (;;) {
          sw.paused = false;
          sw.pauseAt = sw.nodes + pauseEvery;
          const yes = sw.wins(...args, r);
          if (!sw.paused) {
            out.push(yes);
            break;
          }
        }
      }
      return out;
    };
    // No forced win within 7 plies, one within 9 (the start's quickest win, as the full solve says).
    expect(answers(Infinity)).toEqual([false, false, false, false, true]);
    expect(answers(200)).toEqual(answers(Infinity));
  });

  it('stops the quickest-win search on a signal between its slices', async () => {
    // After b1b4 (Black to move) White wins; its quickest win (12 plies) takes the search several slices to find.
    const ac = new AbortController();
    let slices = 0;
    const run = solve(createEngine(parsePosition('sskss/1S3/5/5/S1KSS b 1')), {
      tableMegabytes: 64,
      shortest: true,
      signal: ac.signal,
      onStatus: (s) => {
        if (s.question === 'shortest' && ++slices === 1) ac.abort();
      },
    });
    expect(await run).toMatchObject({ finished: false, stopped: 'signal' });
    expect(slices).toBe(1);
  });

  it('answers finished games at once', async () => {
    expect(await solved(parsePosition('ks3/ss3/5/5/4K b 5'))).toMatchObject({
      value: 'loss',
      winner: 'white',
      nodes: 0,
    });
    expect(await solved(parsePosition('4k/5/2K2/5/5 b 5'))).toMatchObject({
      value: 'loss',
      winner: 'white',
    });
  });

  it('stops at its budget, its time limit or the signal, with what it had proved', async () => {
    const r = await solve(createEngine(startPosition()), { maxNodes: 50, tableMegabytes: 1 });
    expect(r).toMatchObject({ finished: false, stopped: 'nodes', partial: { winner: null, moves: [] } });
    expect(r.finished ? undefined : r.partial?.value).toBeUndefined();
    expect(r.nodes).toBeLessThanOrEqual(50);
    const t = await solve(createEngine(startPosition()), { timeoutMs: 1, tableMegabytes: 1 });
    expect(t.finished || t.stopped === 'time').toBe(true);
    const ac = new AbortController();
    ac.abort();
    expect(await solve(createEngine(startPosition()), { signal: ac.signal, tableMegabytes: 1 })).toMatchObject({
      finished: false,
      stopped: 'signal',
      nodes: 0,
    });
    const later = new AbortController();
    const mid = await solve(createEngine(startPosition()), {
      signal: later.signal,
      tableMegabytes: 1,
      onStatus: () => later.abort(),
    });
    expect(mid).toMatchObject({ finished: false, stopped: 'signal', partial: { position: START, winner: null } });
    expect(mid.nodes).toBeGreaterThan(0);
    const refused = (options: SolveOptions & RunOptions) =>
      expect(Promise.resolve().then(() => solve(createEngine(startPosition()), options))).rejects.toMatchObject({
        code: 'BAD_ARGUMENT',
      });
    await refused({ tableMegabytes: 0 });
    await refused({ maxNodes: 0 });
  });
});
