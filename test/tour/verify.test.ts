// The in-engine tour checker against the independent reference checker, on calls that switch boards and
// leapers in random order (the checker keeps its last step table and reuses its seen marks between calls).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import { KNIGHT, leaperVectors } from '../../src/pieces/piece.js';
import { findTourSync } from '../../src/tour/find.js';
import { fault, pathFault } from '../../src/tour/verify.js';
import { tourProblem } from '../reference/tour.js';

/** Boards, each with a knight's tour (closed where one exists) and a wazir's tour (rank by rank, back and forth). */
const boards = [
  [5, 5],
  [6, 6],
  [8, 8],
  [5, 9],
  [12, 7],
  [3, 10],
  [10, 3],
  [2, 7],
  [6, 5],
].map(([w, h]) => {
  const board = Board.of(w, h);
  const closed = (w * h) % 2 === 0 && Math.min(w, h) >= 5;
  const a = finishedValue(findTourSync({ board, piece: KNIGHT, closed, from: w * h > 30 ? 7 : undefined }));
  const snake: number[] = [];
  for (let y = 0; y < h; y++) for (let i = 0; i < w; i++) snake.push(y * w + (y % 2 === 0 ? i : w - 1 - i));
  return { board, knight: a.exists ? Array.from(a.path!) : null, closed, snake };
});

const leapers: [number, number][] = [
  [1, 2],
  [0, 1],
  [1, 3],
  [2, 3],
  [1, 1],
];

/** One call: a board, a leaper, a path (a tour of the knight or the wazir, or a random walk), and changes to it. */
const call = fc.record({
  b: fc.nat(boards.length - 1),
  l: fc.nat(leapers.length - 1),
  source: fc.constantFrom('knight', 'snake', 'walk'),
  walk: fc.array(fc.nat(7), { minLength: 1, maxLength: 200 }),
  start: fc.nat(),
  edits: fc.array(fc.tuple(fc.constantFrom('swap', 'set', 'reverse', 'drop', 'off'), fc.nat(), fc.nat()), {
    maxLength: 2,
  }),
  closed: fc.boolean(),
});

describe('tour checker', () => {
  it('agrees with the reference checker on tours and broken tours, board and leaper switching call to call', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 12 }), (calls) => {
        for (const c of calls) {
          const { board, knight, snake } = boards[c.b];
          const n = board.cells,
            w = board.width;
          const [m, k] = leapers[c.l];
          const vectors = leaperVectors(m, k);
          let path: number[];
          if (c.source === 'knight' && knight !== null) path = knight.slice();
          else if (c.source === 'snake') path = snake.slice();
          else {
            // A walk of this leaper: each step one of its moves that stays on the board (if any does).
            let s = c.start % n;
            path = [s];
            for (const i of c.walk) {
              if (path.length === n) break;
              const x = s % w,
                y = (s - x) / w;
              const [dx, dy] = vectors[i % vectors.length];
              if (x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < board.height) s = s + dy * w + dx;
              path.push(s);
            }
          }
          for (const [kind, i0, j0] of c.edits) {
            const i = i0 % path.length,
              j = j0 % path.length;
            if (kind === 'swap') [path[i], path[j]] = [path[j], path[i]];
            else if (kind === 'set') path[i] = j0 % n;
            else if (kind === 'reverse')
              path = [
                ...path.slice(0, Math.min(i, j)),
                ...path.slice(Math.min(i, j), Math.max(i, j) + 1).reverse(),
                ...path.slice(Math.max(i, j) + 1),
              ];
            else if (kind === 'drop') path.splice(i, 1);
            else path[i] = [-1, n, 0.5, n + w][j0 % 4];
          }
          const asClosed = c.closed;
          const want = tourProblem(w, board.height, path, asClosed, m, k);
          const got = pathFault(
            board,
            vectors,
            Int32Array.from(path.map((s) => (Number.isInteger(s) ? s : -7))),
            asClosed,
          );
          const gotPlain = pathFault(board, vectors, path, asClosed);
          expect(gotPlain === null, `${board} (${m},${k}) ${c.source} [${path.join(',')}]: ${want} / ${gotPlain}`).toBe(
            want === null,
          );
          expect(got === null).toBe(want === null);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('finds the tours valid and each kind of break wrong (the property above can see both answers)', () => {
    const { board, knight } = boards[2];
    expect(pathFault(board, KNIGHT.leaps, knight!, true)).toBeNull();
    expect(pathFault(Board.of(5, 9), leaperVectors(0, 1), boards[3].snake, false)).toBeNull();
    const swapped = knight!.slice();
    [swapped[10], swapped[20]] = [swapped[20], swapped[10]];
    expect(pathFault(board, KNIGHT.leaps, swapped, false)).toMatch(/not a leap/);
    const twice = knight!.slice();
    twice[40] = twice[38];
    expect(pathFault(board, KNIGHT.leaps, twice, false)).not.toBeNull();
    // The same path on a board one square wider: the table kept for 8 wide must not answer for 9 wide.
    expect(
      pathFault(Board.of(9, 8), KNIGHT.leaps, [...knight!, ...Array.from({ length: 8 }, (_, i) => 64 + i)], false),
    ).not.toBeNull();
    expect(pathFault(board, KNIGHT.leaps, knight!, false)).toBeNull();
    // The public form takes the piece (or its name), the closure as an option, and what findTour returns.
    expect(fault(board, Int32Array.from(knight!), { closed: true })).toBeNull();
    expect(fault(board, swapped, { piece: 'knight' })).toMatch(/not a leap/);
    expect(fault(Board.of(5, 9), boards[3].snake, { piece: 'wazir' })).toBeNull();
    expect(fault(Board.of(5, 9), boards[3].snake)).not.toBeNull();
  });
});
