import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

interface CountJson {
  board: { width: number; height: number };
  closed: boolean;
  count: string;
  directed: boolean;
  complete: boolean;
  lowerBound: boolean;
  convention: string;
  method: string;
  from?: string;
  undirectedCount?: string;
  reason?: string;
}

describe('gridbits tour-count', () => {
  it('keeps the contract: 5x5 → "1728" as a decimal string', () => {
    const j = gridbitsJson<CountJson>(['tour-count', '5x5']);
    expect(j.board).toEqual({ width: 5, height: 5 });
    expect(j.closed).toBe(false);
    expect(j.count).toBe('1728');
    expect(j.directed).toBe(true);
    expect(j.undirectedCount).toBe('864');
    expect(j.complete).toBe(true);
    expect(j.lowerBound).toBe(false);
    expect(j.convention).toMatch(/A165134/);
  });

  it('open tours of a board with an even side: by halves, as shards, the same count as from the whole board', () => {
    const j = gridbitsJson<CountJson & { split?: string; shards: number; shardsDone: number }>(['tour-count', '5x6']);
    expect(j).toMatchObject({
      count: '37568',
      undirectedCount: '18784',
      directed: true,
      complete: true,
      method: 'frontier',
      split: 'halves',
    });
    expect(j.shards).toBeGreaterThan(1);
    expect(j.shardsDone).toBe(j.shards);
    // With a start square the whole board's program counts.
    const b = gridbitsJson<CountJson & { split?: string }>(['tour-count', '5x6', '--from', 'a1']);
    expect(b.split).toBeUndefined();
    expect(BigInt(b.count)).toBeGreaterThan(0n);
    // 6x8 open is taken by halves only: from a square (or from each) it is past the whole board's limit.
    expectUserError(gridbits(['tour-count', '6x8', '--from', 'a1']), /limit of 36 .*--max-nodes or --timeout/);
    expectUserError(gridbits(['tour-count', '6x8', '--each']), /limit of 36/);
  });

  it('closed counts, start squares, rectangles and other leapers', () => {
    expect(gridbitsJson<CountJson>(['tour-count', '6x6', '--closed']).count).toBe('9862');
    expect(gridbitsJson<CountJson>(['tour-count', '10x3', '--closed']).count).toBe('16');
    const from = gridbitsJson<CountJson>(['tour-count', '5x5', '--from', 'a1']);
    expect(from.count).toBe('304');
    expect(from.from).toBe('a1');
    expect(gridbitsJson<CountJson>(['tour-count', '4x3']).count).toBe('16');
    expect(gridbitsJson<CountJson>(['tour-count', '4x5', '--from', 'a1', '--to', 'd5']).complete).toBe(true);
    expect(gridbitsJson<CountJson>(['tour-count', '3x3', '--piece', 'wazir']).count).toBe('40');
  });

  it('--each: the table of counts from every square, rank 1 first', () => {
    const j = gridbitsJson<CountJson & { each: string[][] }>(['tour-count', '5x5', '--each']);
    expect(j.count).toBe('1728');
    expect(j.each[0]).toEqual(['304', '0', '56', '0', '304']);
    expect(j.each[2][2]).toBe('64');
    expectUserError(
      gridbits(['tour-count', '5x5', '--each', '--closed']),
      /--each does not go with --closed \(it counts open tours\)/,
    );
  });

  it('a count a theorem rules out is 0 at once, whatever the board, with the theorem; the methods agree where they can run', () => {
    const j = gridbitsJson<CountJson & { theorem?: string; nodes: number }>(['tour-count', '99x99', '--closed']);
    expect(j).toMatchObject({ count: '0', complete: true, method: 'theorem', nodes: 0 });
    expect(j.theorem).toMatch(/both sides are odd/);
    const camel = gridbitsJson<CountJson & { theorem?: string }>(['tour-count', '8x8', '--piece', 'camel']);
    expect(camel).toMatchObject({ count: '0', method: 'theorem' });
    expect(camel.theorem).toMatch(/never changes colour/);
    expect(gridbits(['tour-count', '7x7', '--closed']).stdout).toMatch(
      /^0 closed knight tours of the 7x7 board\n.*none by theorem: Schwenk/,
    );
    // A start square of the minority colour, and 4×4, which has no open tour: the frontier program says 0 too.
    expect(gridbitsJson<CountJson>(['tour-count', '5x5', '--from', 'b1'])).toMatchObject({
      count: '0',
      method: 'theorem',
    });
    expect(gridbitsJson<CountJson>(['tour-count', '4x4'])).toMatchObject({ count: '0', method: 'theorem' });
  });

  it('prints a sentence with the convention in text mode', () => {
    const r = gridbits(['tour-count', '3x4']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^16 directed open knight tours of the 3x4 board/);
    expect(r.stdout).toMatch(/A165134/);
  });

  it('refuses boards out of reach with one line naming the limit, unless given a budget', () => {
    expectUserError(gridbits(['tour-count', '9x9']), /too wide to count exactly.*limit is 13/);
    // 8x8 open is joined across the middle class by class of its ends: weeks of work, refused without a budget,
    // with the estimate and the way to share it among machines. So are counts past what this machine was measured
    // to finish (7x8 open, past the 7x7 open taken; 6x12 open, whose tables outgrow the memory).
    expectUserError(
      gridbits(['tour-count', '8x8']),
      /8x8 has 64 squares, over the exact counter's limit of 42 for open tours this wide \(joined across the middle\) \(about 232 hours on one machine like this one\); give a budget.*--queue redis:\/\/HOST:PORT/,
    );
    // The estimate is the knight's: another leaper's count is refused without it.
    const zebra = gridbits(['tour-count', '8x8', '--piece', 'zebra']);
    expectUserError(zebra, /too wide to count exactly/);
    expect(zebra.stderr).not.toMatch(/hours/);
    expectUserError(gridbits(['tour-count', '7x8']), /7x8 has 56 squares, over the exact counter's limit of 42/);
    expectUserError(gridbits(['tour-count', '6x12']), /6x12 has 72 squares/);
    // On a queue, a count that splits into shards is taken however long (here the queue is not there); one that does
    // not split is refused.
    expectUserError(
      gridbits(['tour-count', '8x8', '--queue', 'redis://127.0.0.1:1']),
      /cannot reach the job queue at redis:\/\/127\.0\.0\.1:1/,
    );
    expectUserError(
      gridbits(['tour-count', '9x9', '--queue', 'redis://127.0.0.1:1']),
      /limit is 13.*a queued count has no budget, and this one does not split into shards/,
    );
    const j = gridbitsBudget<CountJson>(['tour-count', '9x9', '--max-nodes', '20000']);
    expect(j.complete).toBe(false);
    expect(j.lowerBound).toBe(true);
    expect(j.reason).toMatch(/budget exhausted/);
    expect(BigInt(j.count) >= 0n).toBe(true);
    const t = gridbitsBudget<CountJson>(['tour-count', '6x6', '--timeout', '50']);
    expect(t.complete).toBe(false);
    const text = gridbits(['tour-count', '9x9', '--max-nodes', '20000']);
    expect(text.stdout).toMatch(/^at least .* \(a lower bound: budget exhausted/);
  });

  it('8x8 closed is joined across the middle: a time limit runs it as shards on every core and stops with a lower bound', () => {
    const j = gridbitsBudget<
      CountJson & { bound: string; split: string; shards: number; shardsDone: number; threads: number; seconds: number }
    >(['tour-count', '8x8', '--closed', '--timeout', '2s']);
    expect(j).toMatchObject({
      complete: false,
      lowerBound: true,
      bound: 'lower',
      reason: 'budget exhausted after 2000 ms',
      method: 'frontier',
      split: 'crossing',
      shards: 16,
    });
    expect(j.shardsDone).toBeLessThan(16);
    expect(j.threads).toBe(Math.min(16, availableParallelism()));
    expect(j.seconds).toBeLessThan(30);
    // The process's peak memory, its threads' tables included.
    expect((j as unknown as { peakMemoryBytes: number }).peakMemoryBytes).toBeGreaterThan(10_000_000);
    const text = gridbits(['tour-count', '8x8', '--closed', '--timeout', '1s']);
    expect(text.code).toBe(3);
    expect(text.stdout).toMatch(
      /^at least 0 closed knight tours of the 8x8 board \(a lower bound: budget exhausted after 1000 ms, 0 of 16 shards done\)\n.*joined through the moves between them, 16 shards on \d threads?, .* s, [0-9.]+ [MG]B of memory at most\n$/,
    );
    // With a node budget the count runs in this process: the top half's program stops with no bound yet.
    const n = gridbitsBudget<CountJson & { bound: string; split: string; shards: number }>([
      'tour-count',
      '8x8',
      '--closed',
      '--max-nodes',
      '20000',
    ]);
    expect(n).toMatchObject({ complete: false, bound: 'none', count: '0', split: 'crossing', shards: 1 });
  });

  it('a stopped frontier count says it has no bound (not "at least 0") and how far it got; its JSON keeps every field', () => {
    const j = gridbitsBudget<
      CountJson & { bound: string; squaresAdded: number; squares: number; shareDone: number; nodes: number }
    >(['tour-count', '7x7', '--max-nodes', '20000']);
    expect(j.method).toBe('frontier');
    expect(j.count).toBe('0');
    expect(j.complete).toBe(false);
    expect(j.lowerBound).toBe(false);
    expect(j.bound).toBe('none');
    expect(j.reason).toMatch(/budget exhausted after 20000 nodes/);
    expect(j.nodes).toBe(20_000);
    expect(j.squares).toBe(49);
    expect(j.squaresAdded > 0 && j.squaresAdded < 49).toBe(true);
    expect(j.shareDone > 0 && j.shareDone < 1).toBe(true);
    expect(j.convention).toMatch(/A165134/);
    const text = gridbits(['tour-count', '7x7', '--max-nodes', '20000']);
    expect(text.code).toBe(3);
    expect(text.stdout).not.toMatch(/at least/);
    expect(text.stdout).toMatch(
      /^the number of directed open knight tours of the 7x7 board is not known, not even a lower bound \(budget exhausted after 20000 nodes: .*added \d+ of the 49 squares/,
    );
    // Backtracking's stop is a real lower bound, and says so; a finished count is exact.
    const b = gridbitsBudget<CountJson & { bound: string }>(['tour-count', '9x9', '--max-nodes', '20000']);
    expect([b.bound, b.lowerBound, BigInt(b.count) > 0n]).toEqual(['lower', true, true]);
    expect(gridbitsJson<CountJson & { bound: string }>(['tour-count', '5x5']).bound).toBe('exact');
  });

  it('bad input: one line, exit 2', () => {
    // No board: 8x8, whose open count is refused here (it is for the queue).
    expectUserError(gridbits(['tour-count']), /8x8/);
    expectUserError(gridbits(['tour-count', '0x5']), /board/);
    expectUserError(gridbits(['tour-count', '5x5', '--from', 'z9']), /off the 5x5 board/);
    expectUserError(gridbits(['tour-count', '5x5', '--from', 'a1', '--to', 'a1']), /differ/);
    expectUserError(gridbits(['tour-count', '5x5', '--piece', 'rook']), /leapers only/);
    expectUserError(gridbits(['tour-count', '5x5', '--max-nodes', 'lots']), /--max-nodes must be a whole number/);
    expectUserError(
      gridbits(['tour-count', '10000x10000', '--max-nodes', '5']),
      /up to 1,000,000 squares even with a budget/,
    );
  });
});
