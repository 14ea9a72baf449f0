import { describe, expect, it } from 'vitest';
import { Board, finishedValue } from '../../src/core/index.js';
import { KNIGHT, parsePiece, type Piece } from '../../src/pieces/index.js';
import { table, tableSync, type TableCell, type TableOptions } from '../../src/tour/index.js';

/** A table that must finish (no limit is given). */
const tableOf = (board: Board, piece: Piece, options: TableOptions = {}): TableCell[] =>
  finishedValue(tableSync(board, piece, options));

describe('the table of tours from every start', () => {
  it("5×5: tours from exactly the 13 squares of a1's colour", () => {
    const board = Board.of(5, 5);
    const t = tableOf(board, KNIGHT);
    expect(t.length).toBe(25);
    for (const c of t) {
      expect(c.exists).toBe(((board.file(c.square) + board.rank(c.square)) & 1) === 0);
      if (c.exists === false) expect(c.backtracks).toBe(0); // parity needs no search
    }
  });

  it('the search finds the exceptions: 4×3 only from the a- and d-files, 7×3 not from d2', () => {
    const b43 = Board.of(4, 3);
    for (const c of tableOf(b43, KNIGHT)) expect(c.exists).toBe(b43.file(c.square) === 0 || b43.file(c.square) === 3);
    const b73 = Board.of(7, 3);
    const d2 = tableOf(b73, KNIGHT)[b73.parse('d2')];
    expect(d2.exists).toBe(false);
    expect(d2.backtracks).toBeGreaterThan(0);
  });

  it('closed tours: everywhere on 6×6, nowhere on 4×5 or 5×5', () => {
    expect(tableOf(Board.of(6, 6), KNIGHT, { closed: true }).every((c) => c.exists === true)).toBe(true);
    expect(tableOf(Board.of(5, 4), KNIGHT, { closed: true }).every((c) => c.exists === false)).toBe(true);
    expect(
      tableOf(Board.of(5, 5), KNIGHT, { closed: true }).every((c) => c.exists === false && c.backtracks === 0),
    ).toBe(true);
  });

  it("a budget leaves squares undecided (the paper's LIM), and the async form agrees", async () => {
    const board = Board.of(10, 4);
    const t = tableOf(board, KNIGHT, { maxSquareNodes: 10 });
    for (const c of t) {
      const outer = board.rank(c.square) === 0 || board.rank(c.square) === 3;
      expect(c.exists).toBe(outer ? true : null);
      if (!outer) expect(c.nodes).toBeGreaterThanOrEqual(10);
    }
    const progress: number[] = [];
    const a = await table(board, KNIGHT, { maxSquareNodes: 10, onProgress: (p) => progress.push(p.done) });
    expect(a.finished && a.value).toEqual(t);
    expect(progress[progress.length - 1]).toBe(40);
    // A time limit stops the table with the squares done so far, in order: here the outer rank's tours.
    const t104 = tableSync(board, KNIGHT, { timeoutMs: 1, maxSquareNodes: 1e9 });
    expect(t104).toMatchObject({ finished: false, stopped: 'time' });
    const done = t104.finished ? [] : (t104.partial ?? []);
    expect(done.length).toBeLessThan(40);
    done.forEach((c, i) => expect(c).toMatchObject({ square: i, exists: true }));
  });

  it('stops on an aborted signal and takes other leapers', () => {
    const ac = new AbortController();
    ac.abort();
    expect(tableSync(Board.of(10, 4), KNIGHT, { signal: ac.signal, maxSquareNodes: 1e9 })).toMatchObject({
      finished: false,
      stopped: 'signal',
    });
    // The giraffe (1,4) cannot move at all on 3×3: no tours anywhere, by search.
    expect(tableOf(Board.of(3, 3), parsePiece('giraffe')).every((c) => c.exists === false)).toBe(true);
    expect(tableOf(Board.of(1, 1), parsePiece('giraffe'))[0].exists).toBe(true);
  });
});
