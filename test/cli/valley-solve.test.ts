// `gridbits valley solve` as a user runs it: the JSON contract, budgets, and mistakes (exit 2, one line); and the
// answer it prints, made from the solve's outcome.
import { describe, expect, it } from 'vitest';
import { solveAnswer } from '../../src/cli/valley-solve-answer.js';
import type { RunOptions } from '../../src/core/run.js';
import { START, createEngine, parsePosition, solve, type SolveOptions } from '../../src/valley/index.js';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

describe('gridbits valley solve', () => {
  it('proves the start a win for White, with the winning first moves and the proof size', () => {
    const r = gridbitsJson(['valley', 'solve', '--table', '32']);
    expect(r).toMatchObject({
      position: 'sskss/5/5/5/SSKSS w 0',
      value: 'win',
      winner: 'white',
      exhausted: false,
      proofDepth: 13,
    });
    expect(r.moves).toContain('a1d4');
    expect(r.proofNodes as number).toBeGreaterThan(100);
    expect(r.nodes as number).toBeGreaterThan(0);
    const text = gridbits(['valley', 'solve', '--table', '32', '--shortest']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/White wins \(White to move; winning first moves: .*a1d4/);
    expect(text.stdout).toMatch(/proof: [0-9,]+ positions, the win within 13 plies/);
    expect(text.stdout).toMatch(/quickest forced win: 9 plies/);
    // The proof needs only some first moves; the text says the rest were not settled, and --all-moves settles them.
    expect(text.stdout).toMatch(/the other \d+ first moves were not settled: --all-moves settles each/);
  });

  it('answers loss and draw from the side to move, and unknown when the budget runs out', () => {
    expect(gridbitsJson(['valley', 'solve', '--position', '4k/5/5/5/1S1K1 b 5', '--table', '4'])).toMatchObject({
      value: 'loss',
      winner: 'white',
      moves: [],
    });
    expect(gridbitsJson(['valley', 'solve', '--position', 'k4/5/5/5/4K w 3', '--table', '4'])).toMatchObject({
      value: 'draw',
      winner: null,
    });
    const cut = gridbitsBudget(['valley', 'solve', '--max-nodes', '20', '--table', '4']);
    expect(cut).toMatchObject({ value: 'unknown', exhausted: true, winner: null });
    expect(gridbits(['valley', 'solve', '--max-nodes', '20', '--table', '4']).stdout).toMatch(
      /unknown: budget exhausted .*; it was still asking whether White can force a win/,
    );
    // Stopped on the second question: the first is settled (Black, to move, cannot force a win).
    const second = ['valley', 'solve', '--position', '4k/5/5/5/1S1K1 b 5', '--max-nodes', '1000', '--table', '4'];
    expect(gridbits(second).stdout).toMatch(
      /unknown: budget exhausted .*; proved that Black cannot force a win; whether White can was still open/,
    );
    expect(Object.keys(gridbitsBudget(second))).not.toContain('question');
  });

  it('refuses bad flags and positions with one line and exit 2', () => {
    expectUserError(gridbits(['valley', 'solve', '--max-nodes', '0']), /--max-nodes must be between 1/);
    expectUserError(gridbits(['valley', 'solve', '--timeout', 'soon']), /--timeout must be a duration like 250ms, 5s/);
    expectUserError(gridbits(['valley', 'solve', '--table', '0']), /--table must be between 1 and 16384/);
    expectUserError(gridbits(['valley', 'solve', '--position', 'sskss/5/5/5/SSKS w 0']), /.+/);
    expectUserError(gridbits(['valley', 'solve', 'extra']), /unexpected argument 'extra'/);
  });
});

/** The CLI's answer to solving `position` with these options. */
async function solveAnswerOf(position: string, options: SolveOptions & RunOptions) {
  return solveAnswer(position, await solve(createEngine(parsePosition(position)), options), options);
}

describe("the answer valley solve prints, from the solve's outcome", () => {
  it('a finished solve: the value, every first move with allMoves, the quickest win with shortest, nothing stopped', async () => {
    const r = await solveAnswerOf('4k/5/5/5/1S1K1 b 5', {
      tableMegabytes: 4,
      allMoves: true,
      shortest: true,
    });
    expect(r).toMatchObject({ value: 'loss', winner: 'white', exhausted: false, shortest: 18 });
    expect(r.moveValues).toEqual({ e5a5: 'loss', e5e1: 'loss', e5a1: 'loss' });
    expect(r.stopped).toBeUndefined();
  });

  it('a stopped solve answers what it proved: unknown, exhausted at a budget, stopped by the signal', async () => {
    const cut = await solveAnswerOf(START, { maxNodes: 50, tableMegabytes: 1, allMoves: true, shortest: true });
    expect(cut).toMatchObject({ value: 'unknown', winner: null, exhausted: true, stopped: 'nodes', moves: [] });
    expect(cut.nodes).toBeLessThanOrEqual(50);
    // Nothing settled: no first moves' values and no quickest win are claimed.
    expect(cut.moveValues).toBeUndefined();
    expect(cut.shortest).toBeUndefined();
    // Stopped before it began: nothing proved, not by throwing.
    const ac = new AbortController();
    ac.abort();
    expect(await solveAnswerOf(START, { signal: ac.signal, tableMegabytes: 1 })).toMatchObject({
      value: 'unknown',
      winner: null,
      exhausted: false,
      stopped: 'signal',
      nodes: 0,
    });
    const later = new AbortController();
    const mid = await solveAnswerOf(START, {
      signal: later.signal,
      tableMegabytes: 1,
      onStatus: () => later.abort(),
    });
    expect(mid).toMatchObject({ value: 'unknown', exhausted: false, stopped: 'signal', position: START });
    expect(mid.nodes).toBeGreaterThan(0);
  });
  it('prints the same JSON, byte for byte, as before its table grew as it fills (the times aside)', () => {
    // Printed by the solver whose table was allocated whole (main before the 1.0 work on the valley engine).
    const expected = [
      '{"position":"k4/3s1/5/5/K3S w 4","winner":"white","moves":["a1c3"],"proofNodes":2,"proofDepth":1,"nodes":1,"maxPly":0,"tableEntries":131072,"tableUsed":1,"value":"win","exhausted":false,"seconds":S}',
      '{"position":"sskss/5/5/5/SSKSS w 0","winner":null,"moves":[],"proofNodes":null,"proofDepth":null,"nodes":20000,"maxPly":11,"tableEntries":131072,"tableUsed":12857,"value":"unknown","exhausted":true,"stopped":"max-nodes","seconds":S,"complete":false}',
      '{"position":"sskss/5/5/5/SSKSS w 0","winner":"white","moves":["a1d4","e1b4"],"proofNodes":4177,"proofDepth":13,"nodes":27936,"maxPly":11,"tableEntries":524288,"tableUsed":18231,"value":"win","exhausted":false,"seconds":S,"shortest":9}',
    ];
    const runs = [
      ['--position', 'k4/3s1/5/5/K3S w 4', '--table', '4'],
      ['--table', '4', '--all-moves', '--max-nodes', '20000'],
      ['--table', '16', '--shortest'],
    ];
    runs.forEach((args, i) => {
      const text = gridbits(['valley', 'solve', ...args, '--json']).stdout.trim();
      expect(text.replace(/"seconds":[0-9.]+/, '"seconds":S')).toBe(expected[i]);
    });
  });
});
