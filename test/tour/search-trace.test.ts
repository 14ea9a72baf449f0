import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/index.js';
import { KNIGHT } from '../../src/pieces/index.js';
import { formatTrace, SearchMachine, traceTour, type SearchEvent } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';

const PLAIN = { parity: false, deadCells: false, warnsdorff: false, restarts: false };

/** Replays the events on a stack: every move extends the path, every backtrack undoes the latest move. */
function replay(events: SearchEvent[]): number[] {
  const stack: number[] = [];
  for (const e of events) {
    if (e.kind === 'move') {
      expect(e.depth).toBe(stack.length);
      stack.push(e.square);
    } else if (e.kind === 'backtrack') {
      expect(stack.length).toBe(e.depth + 1);
      expect(e.square).toBe(stack[stack.length - 1]);
      stack.pop();
    } else if (e.kind === 'restart') {
      stack.length = 0;
    }
  }
  return stack;
}

describe("the 3×4 protocol (the paper's Table 1: 3 ranks, 4 files, from d2)", () => {
  const board = Board.of(4, 3);
  const query = { board, piece: KNIGHT, closed: false, from: board.parse('d2') };

  it('plain search: a fixed protocol with backtracks, ending in a valid tour', () => {
    const events = [...traceTour(query, { switches: PLAIN })];
    expect(events.length).toBe(51);
    expect(events.filter((e) => e.kind === 'backtrack').length).toBe(19);
    expect(events.slice(0, 4).map((e) => `${e.kind} ${board.name(e.square)}`)).toEqual([
      'move d2',
      'move b3',
      'move c1',
      'move d3',
    ]);
    expect(events[events.length - 1].kind).toBe('found');
    const path = replay(events);
    expect(path.map((s) => board.name(s)).join(' ')).toBe('d2 b3 a1 c2 a3 b1 c3 d1 b2 d3 c1 a2');
    expect(tourProblem(4, 3, path, false)).toBeNull();
    const text = formatTrace(board, events);
    expect(text.split('\n')[0]).toMatch(/event\s+move\s+square\s+action/);
    expect(text).toContain('   12    11  a1      backtrack');
    expect(text).toContain('path (12 of 12 squares): d2 b3 a1 c2 a3 b1 c3 d1 b2 d3 c1 a2');
    expect(text).toMatch(/2 12 +9 +4 +1/); // the numbered grid, rank 2
  });

  it('with the optimisations the same start needs no backtrack', () => {
    const events = [...traceTour(query)];
    expect(events.filter((e) => e.kind === 'backtrack').length).toBe(0);
    expect(tourProblem(4, 3, replay(events), false)).toBeNull();
  });

  it('every backtrack undoes the latest move, also through restarts and proofs of none', () => {
    for (const [w, h, from, closed] of [
      [7, 3, 'd2', false],
      [7, 3, 'a1', false],
      [4, 4, 'a1', false],
      [3, 8, 'a1', true],
      [5, 5, 'c3', false],
    ] as const) {
      const b = Board.of(w, h);
      const events = [
        ...traceTour({ board: b, piece: KNIGHT, closed, from: b.parse(from) }, { switches: { goodRet: 5 } }),
      ];
      const last = events[events.length - 1];
      const path = replay(events);
      if (last.kind === 'found') expect(tourProblem(w, h, path, closed)).toBeNull();
      else expect(last.kind).toBe('exhausted');
    }
  });

  it('maxEvents cuts the stream; step() reuses one event object', () => {
    const cut = [...traceTour(query, { switches: PLAIN, maxEvents: 7 })];
    expect(cut.length).toBe(7);
    expect(formatTrace(board, cut)).toContain('stopped after 7 events, before an answer');
    const m = new SearchMachine(query, PLAIN);
    const a = m.step();
    const b = m.step();
    expect(a).toBe(b);
    expect(m.currentPath().length).toBe(2);
  });
});
