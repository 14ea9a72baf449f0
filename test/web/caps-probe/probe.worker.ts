// The probe's worker: the playground's main work at a given size, run by the same engine calls as the page's
// workers (web/src/pages/*/…worker.ts) but with no page cap in front, timed in the worker from request to answer.
import { Bitboard } from '../../../src/core/bitboard.js';
import { Board } from '../../../src/core/board.js';
import { finishedValue } from '../../../src/core/job.js';
import {
  countLayoutsJob,
  emptyKnowledge,
  heatMapJob,
  isTooLarge,
  placeFleetJob,
  uniformLayoutsJob,
} from '../../../src/fleet/index.js';
import { createRng } from '../../../src/core/prng.js';
import { attackGen } from '../../../src/pieces/attacks.js';
import { mobilitySync } from '../../../src/pieces/mobility.js';
import { parsePiece } from '../../../src/pieces/piece.js';
import { boardSvg } from '../../../src/render/svg.js';
import {
  SearchMachine,
  countToursJob,
  countLimit,
  SEARCH_BUDGET,
  findTourJob,
  tableJob,
} from '../../../src/tour/index.js';
import {
  distributionSync,
  exactSurvivalMapSync,
  exactWork,
  graph,
  survivalMapAtHorizonJob,
} from '../../../src/walk/index.js';
import { buildProblem } from '../../../web/src/pages/fleet/state.js';

export type ProbeRequest =
  | { kind: 'attacks'; side: number; spec: string; pieces: number }
  | { kind: 'heat'; side: number; spec: string }
  | { kind: 'find'; side: number }
  | { kind: 'svg'; side: number }
  | { kind: 'table'; width: number; height: number; maxSquareNodes: number }
  | { kind: 'count'; width: number; height: number; closed: boolean; timeoutMs: number }
  | { kind: 'search'; width: number; height: number; maxEvents: number }
  | { kind: 'walk-map'; side: number; steps: number }
  | { kind: 'walk-dist'; side: number; steps: number }
  | { kind: 'walk-exact'; side: number; steps: number }
  | { kind: 'fleet'; job: 'place' | 'count' | 'heat'; side: number; fleet: string; timeoutMs: number };

export interface ProbeAnswer {
  ms: number;
  /** What came out, in a few words (a count, a size, how it stopped). */
  said: string;
}

const KNIGHT = parsePiece('knight');

function run(req: ProbeRequest): string {
  switch (req.kind) {
    case 'attacks': {
      // The Moves page's compute(): the union of the attacks of every piece, set-wise, in one call.
      const board = Board.of(req.side, req.side);
      const squares = Array.from({ length: req.pieces }, (_, i) => Math.floor(((i + 0.5) * board.cells) / req.pieces));
      const targets = attackGen(board, parsePiece(req.spec)).attacks(
        Bitboard.fromSquares(board, squares),
        Bitboard.fromSquares(board, []),
      );
      return `${targets.count()} attacked`;
    }
    case 'heat': {
      const m = finishedValue(mobilitySync(Board.of(req.side, req.side), parsePiece(req.spec)));
      return `total ${m.total}`;
    }
    case 'find':
    case 'svg': {
      const board = Board.of(req.side, req.side);
      const out = findTourJob({ board, piece: KNIGHT, closed: false, from: board.index(4, 4) }).runSync({
        maxNodes: SEARCH_BUDGET,
      });
      if (!out.finished || !out.value.path) return `no tour (${out.finished ? out.value.reason : out.stopped})`;
      if (req.kind === 'find') return `tour of ${out.value.path.length} (${out.value.method})`;
      const t0 = performance.now();
      const svg = boardSvg(board, { path: out.value.path, closed: false, title: 'probe' });
      return `SVG ${(svg.length / 2 ** 20).toFixed(1)} MiB in ${Math.round(performance.now() - t0)} ms`;
    }
    case 'table': {
      const cells = finishedValue(
        tableJob(Board.of(req.width, req.height), KNIGHT, {
          closed: false,
          maxSquareNodes: req.maxSquareNodes,
        }).runSync(),
      );
      return `${cells.filter((c) => c.exists === true).length} found, ${cells.filter((c) => c.exists === null).length} undecided`;
    }
    case 'count': {
      const board = Board.of(req.width, req.height);
      const limit = countLimit(board, KNIGHT, req.closed);
      const out = countToursJob(board, { piece: KNIGHT, closed: req.closed, pastLimit: true }).runSync({
        timeoutMs: req.timeoutMs,
      });
      const within = limit === null ? 'within the exact limit' : 'past the exact limit';
      return out.finished
        ? `${out.value.count} (${within})`
        : `stopped on ${out.stopped}: at least ${out.partial?.count ?? 0n} (${within})`;
    }
    case 'search': {
      const board = Board.of(req.width, req.height);
      const m = new SearchMachine(
        { board, piece: KNIGHT, closed: false, from: 0 },
        { warnsdorff: true, deadCells: true },
      );
      let events = 0;
      while (!m.done && events < req.maxEvents) {
        m.step();
        events++;
      }
      return m.done ? `${events} events` : `over ${req.maxEvents} events`;
    }
    case 'walk-map': {
      const g = graph(Board.of(req.side, req.side), KNIGHT);
      finishedValue(survivalMapAtHorizonJob(g, req.steps).runSync());
      return 'map';
    }
    case 'walk-dist': {
      const g = graph(Board.of(req.side, req.side), KNIGHT);
      const d = finishedValue(distributionSync(g, g.board.index(req.side >> 1, req.side >> 1), req.steps));
      return `total ${d.total.probability.toPrecision(3)}`;
    }
    case 'walk-exact': {
      const g = graph(Board.of(req.side, req.side), KNIGHT);
      finishedValue(exactSurvivalMapSync(g, req.steps));
      return `exactWork ${exactWork(g, req.steps).toLocaleString('en-US')}`;
    }
    case 'fleet': {
      const problem = buildProblem({
        width: req.side,
        height: req.side,
        fleet: req.fleet,
        ships: [],
        touch: '',
        mirror: false,
        forbid: [],
      });
      const opts = { timeoutMs: req.timeoutMs };
      if (req.job === 'place') {
        const out = uniformLayoutsJob(problem, createRng(1), 1).runSync(opts);
        const v = out.finished ? out.value : null;
        if (isTooLarge(v)) return 'too large to count';
        if (v) return v.total === undefined ? 'placed (rejection)' : `placed, one of ${v.total}`;
        const rails = placeFleetJob(problem, { method: 'rails', rng: createRng(1) }).runSync(opts);
        return `uniform stopped on ${out.finished ? '' : out.stopped}; rails ${rails.finished ? 'placed' : 'stopped'}`;
      }
      if (req.job === 'count') {
        const out = countLayoutsJob(problem).runSync(opts);
        return out.finished ? `${out.value} layouts` : `stopped on ${out.stopped}`;
      }
      const out = heatMapJob(problem, emptyKnowledge(problem)).runSync(opts);
      if (!out.finished) return `stopped on ${out.stopped}`;
      return isTooLarge(out.value) ? 'too large to count' : out.value.method;
    }
  }
}

self.onmessage = (ev: MessageEvent<ProbeRequest>) => {
  const t0 = performance.now();
  try {
    const said = run(ev.data);
    postMessage({ ms: performance.now() - t0, said } satisfies ProbeAnswer);
  } catch (e) {
    postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
};
