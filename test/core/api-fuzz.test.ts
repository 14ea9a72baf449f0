// The engines' entry points on odd arguments (squares off the board, NaN, fractions, negative or huge counts,
// empty or crowded fleets): each answers, or throws a GridbitsError naming the problem. Never a TypeError or
// a RangeError from deep inside, and no silent nonsense for a square that is not on the board.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, GridbitsError, createRng, isGridbitsError, type RunOptions } from '../../src/core/index.js';
import * as fleet from '../../src/fleet/index.js';
import { KNIGHT, parsePiece } from '../../src/pieces/index.js';
import * as tour from '../../src/tour/index.js';
import * as valley from '../../src/valley/index.js';
import * as walk from '../../src/walk/index.js';

/** Numbers a caller might pass by mistake, and ordinary ones. */
const odd = fc.oneof(
  fc.integer({ min: -3, max: 70 }),
  fc.constantFrom(NaN, Infinity, -Infinity, 1.5, -0, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e300),
);
const side = fc.integer({ min: 1, max: 7 });
const pieceName = fc.constantFrom('knight', 'king', 'camel', 'zebra', '1,1', 'knight+king', 'rook', 'wazir');

async function answersOrNames(f: () => unknown): Promise<void> {
  try {
    await f();
  } catch (e) {
    if (!isGridbitsError(e)) throw e;
    expect(e.message).not.toContain('\n');
  }
}

describe('engine entry points on odd arguments', () => {
  it('tours: existence, finding, tables, counts, analysis', async () => {
    await fc.assert(
      fc.asyncProperty(
        side,
        side,
        pieceName,
        fc.boolean(),
        odd,
        odd,
        odd,
        async (w, h, name, closed, from, to, seed) => {
          const board = Board.of(w, h);
          const piece = parsePiece(name);
          const q = { board, piece, closed, from, to, seed };
          await answersOrNames(() => tour.existence(q));
          await answersOrNames(() => tour.findTourSync(q, { maxNodes: 20_000, timeoutMs: 200 }));
          await answersOrNames(() => tour.tableSync(board, piece, { closed, maxSquareNodes: 2_000 }));
          if (w * h <= 16)
            await answersOrNames(() => tour.countToursSync(board, { piece, closed, from, to, maxNodes: 50_000 }));
          await answersOrNames(() => tour.analyzeTour(board, [from, to, seed]));
          await answersOrNames(() => tour.closeByEuler(board, [from, to]));
          // A start that is not a square of the board is named, never answered as if it were one.
          if (!(Number.isInteger(from) && from >= 0 && from < board.cells)) {
            for (const f of [
              () => tour.existence({ board, piece, closed, from }),
              () => tour.findTourSync({ board, piece, closed, from }),
              () => tour.countToursSync(board, { piece, closed, from, maxNodes: 1 }),
              () => tour.closeByEuler(board, [0, from, 1]),
            ]) {
              expect(f).toThrow(GridbitsError);
            }
          }
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });

  it('random walks: survival by floats, exactly, at the horizon, by simulation', async () => {
    await fc.assert(
      fc.asyncProperty(side, side, pieceName, odd, odd, odd, async (w, h, name, from, steps, trials) => {
        let graph: walk.Graph;
        try {
          graph = walk.graph(Board.of(w, h), parsePiece(name));
        } catch (e) {
          if (!isGridbitsError(e)) throw e;
          return;
        }
        await answersOrNames(() => walk.survival(graph, from, steps));
        await answersOrNames(() => walk.distribution(graph, from, steps));
        await answersOrNames(() =>
          walk.exactSurvivalSync(graph, from, typeof steps === 'number' && steps > 40 ? 40 : steps),
        );
        await answersOrNames(() => walk.survivalAtHorizonSync(graph, from, steps));
        await answersOrNames(() =>
          walk.simulateWalksSync(graph, from, Math.min(steps, 50), Math.min(trials, 200), createRng(1)),
        );
        if (!(Number.isInteger(from) && from >= 0 && from < w * h))
          expect(() => walk.survival(graph, from, 3)).toThrow(GridbitsError);
      }),
      { numRuns: 200, seed: 6 },
    );
  });

  it('fleets: problems, placing, counting, heat', async () => {
    const fleets = fc.constantFrom('classic', 'hasbro', '4,3,2', '2,2', '1', '', '0', '3,-1', '9', '2,2,2,2,2,2,2,2');
    const touch = fc.constantFrom<fleet.FleetProblem['touch'] | undefined>('none', 'corner', 'any', undefined);
    await fc.assert(
      fc.asyncProperty(odd, odd, fleets, touch, odd, async (w, h, spec, t, seed) => {
        let p: fleet.FleetProblem;
        try {
          p = fleet.fleetProblem({ width: w, height: h, fleet: spec, touch: t });
        } catch (e) {
          if (!isGridbitsError(e)) throw e;
          return;
        }
        await answersOrNames(() => fleet.placeFleetSync(p, { method: 'search', maxNodes: 20_000 }));
        await answersOrNames(() =>
          fleet.placeFleetSync(p, {
            method: 'rails',
            maxNodes: 20_000,
            rng: createRng(Number.isSafeInteger(seed) ? seed : 1),
          }),
        );
        await answersOrNames(() => fleet.countLayouts(p, { timeoutMs: 300 }));
        await answersOrNames(() =>
          fleet.heatMap(p, fleet.emptyKnowledge(p), { method: 'sampled', samples: 50, seed, timeoutMs: 300 }),
        );
      }),
      { numRuns: 120, seed: 7 },
    );
  });

  it('a budget that is not a whole number ≥ 1, or a time below 0, is named, never taken as "no limit"', async () => {
    const board = Board.of(5, 5);
    const p = fleet.fleetProblem({ width: 6, height: 6, fleet: '3,2' });
    const runs: Array<[string, (o: RunOptions) => unknown]> = [
      ['findTour', (o) => tour.findTour({ board, piece: parsePiece('camel'), closed: false }, o)],
      ['findTourSync', (o) => tour.findTourSync({ board, piece: parsePiece('camel'), closed: false }, o)],
      ['countTours', (o) => tour.countTours(Board.of(3, 4), { ...o })],
      ['countToursSync', (o) => tour.countToursSync(Board.of(3, 4), { ...o })],
      ['table', (o) => tour.table(board, KNIGHT, o)],
      ['tableSync', (o) => tour.tableSync(board, KNIGHT, o)],
      ['placeFleet', (o) => fleet.placeFleet(p, { method: 'search', ...o })],
      ['placeFleetSync', (o) => fleet.placeFleetSync(p, { method: 'search', ...o })],
      ['countLayouts', (o) => fleet.countLayouts(p, o)],
      ['valley.searchSync', (o) => valley.searchSync(valley.createEngine(valley.startPosition()), { depth: 2, ...o })],
      ['valley.solve', (o) => valley.solve(valley.createEngine(valley.startPosition()), { ...o, tableMegabytes: 1 })],
    ];
    for (const [name, run] of runs) {
      for (const bad of [
        { maxNodes: 1.5 },
        { maxNodes: NaN },
        { maxNodes: 0 },
        { maxNodes: -3 },
        { timeoutMs: NaN },
        { timeoutMs: -5 },
      ]) {
        await expect(
          Promise.resolve().then(() => run(bad)),
          `${name} ${JSON.stringify(bad)}`,
        ).rejects.toMatchObject({ code: 'BAD_ARGUMENT' });
      }
    }
  });

  it("King's Valley: search limits", async () => {
    await fc.assert(
      fc.asyncProperty(odd, odd, odd, async (depth, maxNodes, timeMs) => {
        const e = valley.createEngine(valley.startPosition());
        await answersOrNames(() =>
          valley.searchSync(e, {
            depth,
            maxNodes,
            timeoutMs: typeof timeMs === 'number' && timeMs > 50 ? 50 : timeMs,
          }),
        );
      }),
      { numRuns: 60, seed: 8 },
    );
  });
});
