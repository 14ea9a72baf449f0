// The engines' entry points on odd arguments (squares off the board, NaN, fractions, negative or huge counts,
// empty or crowded fleets): each answers, or throws a GridbitsError naming the problem. Never a TypeError or
// a RangeError from deep inside, and no silent nonsense for a square that is not on the board.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as g from '../../src/index.js';

const { Board, isGridbitsError } = g;

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
          const piece = g.parsePiece(name);
          const q = { board, piece, closed, from, to, seed };
          await answersOrNames(() => g.tourExistence(q));
          await answersOrNames(() => g.findTour(q, { maxNodes: 20_000, timeoutMs: 200 }));
          await answersOrNames(() => g.tourTable(board, piece, { closed, maxBacktracks: 2_000 }));
          if (w * h <= 16)
            await answersOrNames(() => g.countTours(board, { piece, closed, from, to, maxNodes: 50_000 }));
          await answersOrNames(() => g.analyzeTour(board, [from, to, seed]));
          await answersOrNames(() => g.closeByEuler(board, [from, to]));
          // A start that is not a square of the board is named, never answered as if it were one.
          if (!(Number.isInteger(from) && from >= 0 && from < board.cells)) {
            for (const f of [
              () => g.tourExistence({ board, piece, closed, from }),
              () => g.findTour({ board, piece, closed, from }),
              () => g.countTours(board, { piece, closed, from, maxNodes: 1 }),
              () => g.closeByEuler(board, [0, from, 1]),
            ]) {
              expect(f).toThrow(g.GridbitsError);
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
        let graph: g.WalkGraph;
        try {
          graph = g.walkGraph(Board.of(w, h), g.parsePiece(name));
        } catch (e) {
          if (!isGridbitsError(e)) throw e;
          return;
        }
        await answersOrNames(() => g.survival(graph, from, steps));
        await answersOrNames(() => g.distribution(graph, from, steps));
        await answersOrNames(() => g.exactSurvival(graph, from, typeof steps === 'number' && steps > 40 ? 40 : steps));
        await answersOrNames(() => g.survivalAtHorizon(graph, from, steps));
        await answersOrNames(() => g.simulate(graph, from, Math.min(steps, 50), Math.min(trials, 200), g.createRng(1)));
        if (!(Number.isInteger(from) && from >= 0 && from < w * h))
          expect(() => g.survival(graph, from, 3)).toThrow(g.GridbitsError);
      }),
      { numRuns: 200, seed: 6 },
    );
  });

  it('fleets: problems, placing, counting, heat', async () => {
    const fleets = fc.constantFrom('classic', 'hasbro', '4,3,2', '2,2', '1', '', '0', '3,-1', '9', '2,2,2,2,2,2,2,2');
    const touch = fc.constantFrom<g.FleetProblem['touch'] | undefined>('none', 'corner', 'any', undefined);
    await fc.assert(
      fc.asyncProperty(odd, odd, fleets, touch, odd, async (w, h, fleet, t, seed) => {
        let p: g.FleetProblem;
        try {
          p = g.fleetProblem({ width: w, height: h, fleet, touch: t });
        } catch (e) {
          if (!isGridbitsError(e)) throw e;
          return;
        }
        await answersOrNames(() => g.placeFleet(p, { method: 'search', maxNodes: 20_000 }));
        await answersOrNames(() =>
          g.placeFleet(p, {
            method: 'rails',
            maxNodes: 20_000,
            rng: g.createRng(Number.isSafeInteger(seed) ? seed : 1),
          }),
        );
        await answersOrNames(() => g.countLayouts(p, { timeoutMs: 300 }));
        await answersOrNames(() =>
          g.heatMap(p, g.emptyKnowledge(p), { method: 'sampled', samples: 50, seed, timeoutMs: 300 }),
        );
      }),
      { numRuns: 120, seed: 7 },
    );
  });

  it('a budget that is not a whole number ≥ 1, or a time below 0, is named, never taken as "no limit"', async () => {
    const board = Board.of(5, 5);
    const p = g.fleetProblem({ width: 6, height: 6, fleet: '3,2' });
    const runs: Array<[string, (o: g.RunOptions) => unknown]> = [
      ['findTour', (o) => g.findTour({ board, piece: g.parsePiece('camel'), closed: false }, o)],
      ['countTours', (o) => g.countTours(Board.of(3, 4), { ...o })],
      ['tourTable', (o) => g.tourTable(board, g.KNIGHT, o)],
      ['placeFleet', (o) => g.placeFleet(p, { method: 'search', ...o })],
      ['countLayouts', (o) => g.countLayouts(p, o)],
      [
        'valleySearch',
        (o) => g.valleySearch(g.createValleyEngine(g.valleyStart()), { depth: 2, maxNodes: o.maxNodes }),
      ],
      ['valleySolve', (o) => g.valleySolve(g.valleyStart(), { ...o, tableMegabytes: 1 })],
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
        if (name === 'valleySearch' && bad.maxNodes === undefined) continue;
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
        const e = g.createValleyEngine(g.valleyStart());
        await answersOrNames(() =>
          g.valleySearch(e, { depth, maxNodes, timeMs: typeof timeMs === 'number' && timeMs > 50 ? 50 : timeMs }),
        );
      }),
      { numRuns: 60, seed: 8 },
    );
  });
});
