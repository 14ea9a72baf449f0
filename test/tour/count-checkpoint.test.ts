import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, isGridbitsError } from '../../src/core/index.js';
import { countCheckpoint, countToursJob, type CountCheckpoint } from '../../src/tour/count.js';
import { checkpointBytes, checkpointSnapshot, readCheckpointHead } from '../../src/tour/count-checkpoint.js';
import { runs } from '../long.js';
import { joinParts } from './checkpoint-bytes.js';

function readBack(bytes: Uint8Array): CountCheckpoint {
  const { head, tablesAt } = readCheckpointHead(bytes);
  expect(bytes.length).toBe(checkpointBytes(head, tablesAt));
  const words = (from: number, n: number): Uint32Array => new Uint32Array(bytes.slice(from, from + 16 * n).buffer);
  return {
    head,
    cur: words(tablesAt, head.curEntries),
    next: words(tablesAt + 16 * head.curEntries, head.nextEntries),
  };
}

/** Counts with stops after the given node budgets, each time saving, reading back and resuming in a new job. */
function countWithStops(w: number, h: number, closed: boolean, budgets: number[]): { count: bigint; nodes: number } {
  let resume: CountCheckpoint | undefined;
  for (const b of budgets) {
    const j = countToursJob(Board.of(w, h), { closed, resume, pastLimit: true });
    const out = j.runSync({ maxNodes: b });
    if (out.finished && out.value.complete) return { count: out.value.count, nodes: out.value.nodes };
    const parts = countCheckpoint(j);
    expect(parts).not.toBeNull();
    resume = readBack(joinParts(parts as Uint8Array[]));
  }
  const out = countToursJob(Board.of(w, h), { closed, resume }).runSync();
  if (!out.finished || !out.value.complete) throw new Error('unfinished');
  return { count: out.value.count, nodes: out.value.nodes };
}

describe('counts that survive interruption', () => {
  it('stopped at random points, saved, read back and resumed: the same count and the same work as one run', () => {
    const whole = countToursJob(Board.of(5, 5)).runSync();
    const wholeClosed = countToursJob(Board.of(6, 6), { closed: true }).runSync();
    if (!whole.finished || !wholeClosed.finished) throw new Error('unfinished');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (budgets, closed) => {
          const r = closed ? countWithStops(6, 6, true, budgets) : countWithStops(5, 5, false, budgets);
          const want = closed ? wholeClosed.value : whole.value;
          expect(r.count).toBe(want.count);
          expect(r.nodes).toBe(want.nodes);
        },
      ),
      { numRuns: 25, seed: 7 },
    );
    expect(whole.value.count).toBe(1728n);
    expect(wholeClosed.value.count).toBe(9862n);
  });

  it('an odd number of rows by halves (5×7 open: two programs, the shorter board run again on resuming): the same count and work', () => {
    const whole = countToursJob(Board.of(5, 7)).runSync();
    if (!whole.finished) throw new Error('unfinished');
    expect(whole.value).toMatchObject({ count: 1245736n, split: 'halves' });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 1, maxLength: 3 }), (budgets) => {
        const r = countWithStops(5, 7, false, budgets);
        expect(r.count).toBe(1245736n);
        expect(r.nodes).toBe(whole.value.nodes);
      }),
      { numRuns: runs(3, 12), seed: 8 },
    );
  });

  it('a checkpoint of another question, or a damaged one, is refused in words', () => {
    const j = countToursJob(Board.of(5, 5));
    const out = j.runSync({ maxNodes: 5000 });
    if (out.finished) throw new Error('finished too soon');
    const bytes = joinParts(countCheckpoint(j) as Uint8Array[]);
    const refuse = (f: () => unknown, pattern: RegExp): void => {
      try {
        f();
        throw new Error('not refused');
      } catch (e) {
        expect(isGridbitsError(e) && e.code === 'BAD_INPUT', String(e)).toBe(true);
        expect(String((e as Error).message)).toMatch(pattern);
      }
    };
    refuse(
      () => countToursJob(Board.of(5, 6), { resume: readBack(bytes) }),
      /checkpoint is of directed open knight tours of the 5x5 board, not of directed open knight tours of the 5x6 board/,
    );
    refuse(
      () => countToursJob(Board.of(5, 5), { resume: readBack(bytes), from: 0 }),
      /not of directed open knight tours of the 5x5 board from a1/,
    );
    const damaged = bytes.slice();
    damaged[damaged.length - 3] ^= 0x40;
    refuse(() => countToursJob(Board.of(5, 5), { resume: readBack(damaged) }), /damaged/);
    refuse(() => readBack(bytes.slice(0, 10)), /damaged or not a gridbits count checkpoint/);
    refuse(
      () => readBack(new TextEncoder().encode('hello world, this is not a checkpoint at all')),
      /not a gridbits count checkpoint/,
    );
  });
});

describe('a sealed checkpoint: every byte is checked', () => {
  /** True when reading the bytes back and resuming the count from them is refused as damaged input. */
  const refused = (resume: () => unknown): boolean => {
    try {
      resume();
      return false;
    } catch (e) {
      return isGridbitsError(e) && e.code === 'BAD_INPUT';
    }
  };

  it('any change to one byte (each bit of every header byte, a bit of every table byte) is refused, never resumed', () => {
    const j = countToursJob(Board.of(5, 5));
    if (j.runSync({ maxNodes: 200 }).finished) throw new Error('finished too soon');
    const bytes = joinParts(countCheckpoint(j) as Uint8Array[]);
    const { head, tablesAt } = readCheckpointHead(bytes);
    // The intact bytes resume (else every refusal below would prove nothing).
    expect(refused(() => countToursJob(Board.of(5, 5), { resume: readBack(bytes) }))).toBe(false);
    // The magic line, the length and the header: each of the 8 bits of each byte, through the whole resume.
    const missed: string[] = [];
    for (let i = 0; i < tablesAt; i++) {
      for (let bit = 0; bit < 8; bit++) {
        bytes[i] ^= 1 << bit;
        if (!refused(() => countToursJob(Board.of(5, 5), { resume: readBack(bytes) }))) missed.push(`${i}:${bit}`);
        bytes[i] ^= 1 << bit;
      }
    }
    // The tables: one bit of each byte (a different bit from byte to byte), against the check sum.
    const { cur, next } = readBack(bytes);
    for (const [name, table] of [
      ['cur', cur],
      ['next', next],
    ] as const) {
      const view = new Uint8Array(table.buffer, table.byteOffset, table.byteLength);
      for (let i = 0; i < view.length; i++) {
        view[i] ^= 1 << (i % 8);
        if (!refused(() => checkpointSnapshot(head, cur, next, head.question, head.fingerprint)))
          missed.push(`${name}${i}`);
        view[i] ^= 1 << (i % 8);
      }
    }
    expect(missed).toEqual([]);
    expect(refused(() => checkpointSnapshot(head, cur, next, head.question, head.fingerprint))).toBe(false);
    expect(cur.length + next.length).toBeGreaterThan(1000);
  });
});

describe('a count saves its checkpoint when a run stops', () => {
  it('the save made at the stop resumes to the unbroken count; a finished run saves nothing more', async () => {
    const saves: Array<{ bytes: Uint8Array; stopped: boolean }> = [];
    const checkpoint = {
      everyMs: 1e9,
      save: (parts: Uint8Array[], stopped: boolean) => void saves.push({ bytes: joinParts(parts), stopped }),
    };
    const j = countToursJob(Board.of(6, 6), { closed: true, checkpoint });
    const first = await j.run({ maxNodes: 5000 });
    expect(first).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(saves.map((s) => s.stopped)).toEqual([true]);
    // The bytes saved are those of the job as it stopped.
    expect(saves[0].bytes).toEqual(joinParts(countCheckpoint(j) as Uint8Array[]));
    const resumed = countToursJob(Board.of(6, 6), { closed: true, resume: readBack(saves[0].bytes), checkpoint });
    const out = resumed.runSync();
    expect(out.finished && out.value.complete && out.value.count).toBe(9862n);
    expect(saves).toHaveLength(1);
  });
});

describe('a count whose method keeps nothing to save', () => {
  it('is refused when given a checkpoint, in words, before any work (by backtracking; joined across the middle)', () => {
    const checkpoint = { everyMs: 1, save: () => expect.fail('nothing is saved') };
    const refused = (make: () => unknown, words: RegExp): void => {
      try {
        make();
        expect.fail('not refused');
      } catch (e) {
        expect(isGridbitsError(e) && e.code === 'BAD_ARGUMENT' && words.test(e.message)).toBe(true);
      }
    };
    refused(() => countToursJob(Board.of(5, 5), { method: 'backtracking', checkpoint }), /counted by backtracking/);
    refused(
      () => countToursJob(Board.of(8, 8), { closed: true, pastLimit: true, checkpoint }),
      /joined across the middle/,
    );
    // Without a checkpoint the same counts run.
    const out = countToursJob(Board.of(5, 5), { method: 'backtracking' }).runSync({ maxNodes: 1000 });
    expect(out.finished).toBe(false);
  });
});
