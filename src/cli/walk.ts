// CLI command `walk`: the probability that a leaper's random walk stays on the board — one square, every
// square (heat map, JSON grid, SVG), where it stands after N moves, exact fractions, far horizons, simulation.
import { parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { finishedValue } from '../core/job.js';
import { createRng } from '../core/prng.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardSvg } from '../render/svg.js';
import {
  EXACT_MAX_WORK,
  FLOAT_MAX_WORK,
  HORIZON_MAX_STEPS,
  MAP_MAX_WORK,
  distributionWithLog,
  exactSurvivalMapSync,
  exactSurvivalSync,
  exactWork,
  fractionText,
  graph,
  mapWithin,
  simulate,
  survivalAtHorizonSync,
  survivalMapAtHorizonSync,
  type Graph,
  type Simulation,
  type SurvivalMap,
} from '../walk/index.js';
import { bool, int, str, type Command } from './command.js';
import type { Output } from './output.js';

const FORMATS = ['grid', 'svg'] as const;

/** A probability for people: a decimal, or 10^x where a double underflows. */
function showProbability(p: number, log10: number): string {
  if (p === 0 && Number.isFinite(log10)) return `10^${log10.toFixed(4)}`;
  return String(p);
}

/** Rows of a per-square array, rank 1 first (the JSON grid convention). */
function rows<T>(board: Board, value: (s: number) => T): T[][] {
  const out: T[][] = [];
  for (let r = 0; r < board.height; r++) {
    const row: T[] = [];
    for (let f = 0; f < board.width; f++) row.push(value(board.index(f, r)));
    out.push(row);
  }
  return out;
}

/** Colour of a value against the largest on the board, from deep blue (0) through green to yellow. */
function heatColour(v: number, max: number): string {
  const t = max > 0 ? v / max : 0;
  const hue = Math.round(240 - 180 * t);
  return `hsl(${hue}, 70%, ${Math.round(35 + 25 * t)}%)`;
}

/**
 * A heat map: `shade[s]` in [0, 1] picks the colour (terminal or SVG), `label(s)` the text; `unit` ends the title.
 */
function printMap(out: Output, board: Board, shade: Float64Array, label: (s: number) => string, format: (typeof FORMATS)[number], title: string): void {
  if (format === 'svg') {
    out.print(boardSvg(board, { fill: (s) => heatColour(shade[s], 1), label, title }));
    return;
  }
  const p = out.paint;
  const paint = (x: number, t: string): string => (x === 0 ? p.dim(t) : x < 0.25 ? p.blue(t) : x < 0.5 ? p.cyan(t) : x < 0.75 ? p.green(t) : p.yellow(t));
  if (board.cells <= 10_000) out.print(drawGrid(board, label, { paint: (s, t) => paint(shade[s], t) }));
  out.print(title);
}

/** Probabilities as per cent, shaded against the largest. */
function printProbabilities(out: Output, board: Board, values: Float64Array, format: (typeof FORMATS)[number], title: string): void {
  let max = 0;
  for (const v of values) max = Math.max(max, v);
  const shade = values.map((v) => (max > 0 ? v / max : 0));
  const digits = format === 'svg' ? (v: number): number => (v >= 0.1 ? 0 : 1) : (v: number): number => (v >= 0.1 ? 1 : 2);
  printMap(out, board, shade, (s) => (values[s] * 100).toFixed(digits(values[s])), format, `${title} (per cent)`);
}

/** Base-10 logarithms where the probabilities underflow, shaded from the smallest to the largest. */
function printLogs(out: Output, board: Board, logs: Float64Array, format: (typeof FORMATS)[number], title: string): void {
  let lo = Infinity, hi = -Infinity;
  for (const v of logs) if (Number.isFinite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  const shade = logs.map((v) => (!Number.isFinite(v) ? 0 : hi > lo ? 0.05 + (0.95 * (v - lo)) / (hi - lo) : 1));
  printMap(out, board, shade, (s) => (Number.isFinite(logs[s]) ? logs[s].toFixed(2) : '-inf'), format, `${title} (log10 of the probability: it underflows a double)`);
}

/** The simulation in slices: a progress line on a TTY, and Ctrl-C heard between slices. */
async function simulateWithProgress(out: Output, g: Graph, from: number, steps: number, walks: number, seed: number): Promise<Simulation> {
  const controller = new AbortController();
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  try {
    const outcome = await simulate(g, from, steps, walks, createRng(seed), {
      signal: controller.signal,
      onProgress: (p) => out.progress(`walk: simulated ${p.done} of ${p.total} walks`),
    });
    // Ctrl-C stops the walks: the command ends as before, with ABORTED.
    return finishedValue(outcome, 'the simulation');
  } finally {
    process.removeListener('SIGINT', onInt);
    out.endProgress();
  }
}

/** The map of every square, or the library's limit worded for the command line (one square is --from). */
function mapOrLimit(g: Graph, steps: number): SurvivalMap {
  if (!mapWithin(g, steps)) {
    throw new GridbitsError('LIMIT', `walk: every square of ${g.board} at ${steps} steps is over the limit of squares × steps = ${MAP_MAX_WORK}; ask for one square (--from) instead`);
  }
  return finishedValue(survivalMapAtHorizonSync(g, steps));
}

export const walkCommand: Command = {
  name: 'walk',
  usage: 'walk <W>x<H> --from SQ --steps N [--piece P] [--exact] [--all] [--distribution] [--format grid|svg] [--simulate K --seed S] [--json]',
  summary: 'The probability that a leaper making N random moves (each of its moves equally likely, off the board included) is still on the board.',
  flags: {
    from: { type: 'string', value: 'SQ', help: 'start square (not needed with --all)' },
    steps: { type: 'string', value: 'N', help: `number of moves, 0 to ${HORIZON_MAX_STEPS}` },
    piece: { type: 'string', value: 'P', help: 'any leaper or compound of leapers (default knight)' },
    exact: { type: 'boolean', help: 'also the exact fraction in lowest terms (up to about 100x100 with 2000 steps, 25x25 with 10000)' },
    all: { type: 'boolean', help: 'the probability from every start square: heat map, JSON grid or SVG' },
    distribution: { type: 'boolean', help: 'where the piece stands after N moves from --from' },
    format: { type: 'string', value: 'F', help: 'grid (default) or svg, for --all and --distribution' },
    simulate: { type: 'string', value: 'K', help: 'also estimate by K simulated walks, with a 95% Wilson interval' },
    seed: { type: 'string', value: 'S', help: 'seed of the simulation (default 1)' },
  },
  details: `Far horizons (N up to 10^9) use the board's symmetries and repeated squaring; the answer states its
method, its relative error, the decay rate λ (p ≈ c·λ^N) and log10 p where a double underflows.

Examples:
  gridbits walk 8x8 --from a1 --steps 10 --exact
  gridbits walk 8x8 --from a1 --steps 1000000000 --json
  gridbits walk 8x8 --steps 5 --all
  gridbits walk 25x25 --from m13 --steps 100 --piece camel --distribution --format svg
  gridbits walk 8x8 --from d4 --steps 20 --simulate 100000 --seed 7`,
  async run(args, out) {
    const [size, extra] = args.positionals;
    if (size === undefined) throw new GridbitsError('BAD_ARGUMENT', 'walk: give a board size, e.g. gridbits walk 8x8 --from a1 --steps 10');
    if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `walk: unexpected argument '${extra}'`);
    const board = parseBoardSize(size);
    const piece = parsePiece(str(args, 'piece') ?? 'knight');
    const g = graph(board, piece);
    const steps = int(args, 'steps', 0, HORIZON_MAX_STEPS);
    if (steps === undefined) throw new GridbitsError('BAD_ARGUMENT', 'walk: give the number of moves with --steps N');
    const fromText = str(args, 'from');
    const from = fromText === undefined ? undefined : board.parse(fromText);
    const all = bool(args, 'all'), dist = bool(args, 'distribution'), exact = bool(args, 'exact');
    const formatText = str(args, 'format') ?? 'grid';
    if (!(FORMATS as readonly string[]).includes(formatText)) throw new GridbitsError('BAD_ARGUMENT', `walk: --format must be grid or svg, got '${formatText}'`);
    const format = formatText as (typeof FORMATS)[number];
    if (all && dist) throw new GridbitsError('BAD_ARGUMENT', 'walk: give --all or --distribution, not both');
    if (dist && board.cells * steps > FLOAT_MAX_WORK) {
      throw new GridbitsError('LIMIT', `walk: --distribution goes up to squares × steps = ${FLOAT_MAX_WORK}; ${board} with ${steps} steps is ${board.cells * steps}`);
    }
    if (exact && exactWork(g, steps) > EXACT_MAX_WORK) {
      throw new GridbitsError(
        'LIMIT',
        `walk: exact fractions go up to squares × steps × words of the count = ${EXACT_MAX_WORK}; ${board} with ${steps} steps is ${exactWork(g, steps)}: drop --exact for the float mode`,
      );
    }
    const head = { board: { width: board.width, height: board.height }, piece: piece.name };

    if (all) {
      const { probability: map, log10 } = mapOrLimit(g, steps);
      const fractions = exact ? finishedValue(exactSurvivalMapSync(g, steps)) : undefined;
      const underflow = map.some((p, s) => p === 0 && Number.isFinite(log10[s]));
      if (out.json) {
        out.printJson({
          ...head,
          steps,
          grid: rows(board, (s) => map[s]),
          ...(underflow ? { log10: rows(board, (s) => (Number.isFinite(log10[s]) ? log10[s] : null)) } : {}),
          ...(fractions ? { exact: rows(board, (s) => fractionText(fractions[s])) } : {}),
        });
        return;
      }
      const title = `P(${piece.name} still on ${board} after ${steps} moves) from every square`;
      if (underflow) printLogs(out, board, log10, format, title);
      else printProbabilities(out, board, map, format, title);
      return;
    }

    if (from === undefined) throw new GridbitsError('BAD_ARGUMENT', 'walk: give the start square with --from SQ (or --all for every square)');
    if (dist) {
      const { probability: d, log10, total } = distributionWithLog(g, from, steps);
      const underflow = d.some((p, s) => p === 0 && Number.isFinite(log10[s]));
      if (out.json) {
        out.printJson({
          ...head,
          from: board.name(from),
          steps,
          probability: total.probability,
          distribution: rows(board, (s) => d[s]),
          ...(underflow ? { log10: Number.isFinite(total.log10) ? total.log10 : null, log10Distribution: rows(board, (s) => (Number.isFinite(log10[s]) ? log10[s] : null)) } : {}),
        });
        return;
      }
      const title = `where the ${piece.name} stands after ${steps} moves from ${board.name(from)}; on the board: ${showProbability(total.probability, total.log10)}`;
      if (underflow) printLogs(out, board, log10, format, title);
      else printProbabilities(out, board, d, format, title);
      return;
    }

    const h = finishedValue(survivalAtHorizonSync(g, from, steps));
    const fraction = exact ? fractionText(finishedValue(exactSurvivalSync(g, from, steps))) : undefined;
    const simulateK = int(args, 'simulate', 1, 1_000_000_000);
    const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER, 1) ?? 1;
    const sim = simulateK === undefined ? undefined : await simulateWithProgress(out, g, from, steps, simulateK, seed);
    if (out.json) {
      out.printJson({
        ...head,
        from: board.name(from),
        steps,
        probability: h.probability,
        ...(fraction !== undefined ? { exact: fraction } : {}),
        log10: Number.isFinite(h.log10) ? h.log10 : null,
        lambda: h.lambda,
        lambdaError: h.lambdaError,
        log10c: h.log10c,
        method: h.method,
        relativeError: h.relativeError,
        ...(sim ? { simulation: { walks: sim.trials, survived: sim.survived, estimate: sim.estimate, low: sim.low, high: sim.high, seed, confidence: 0.95 } } : {}),
      });
      return;
    }
    const p = out.paint;
    out.print(`${piece.name} on ${board} from ${board.name(from)}, ${steps} moves: P(still on the board) = ${p.bold(showProbability(h.probability, h.log10))}`);
    if (fraction !== undefined) out.print(`exact: ${fraction}`);
    if (Number.isFinite(h.log10)) out.print(`log10 P = ${h.log10.toFixed(6)}`);
    const c = h.log10c === null ? '' : `, c ≈ ${showProbability(10 ** h.log10c, h.log10c)} at this N`;
    out.print(`decay rate λ = ${h.lambda} per move (P ≈ c·λ^N${c}, λ ±${h.lambdaError.toExponential(1)}); method ${h.method}, relative error ≤ ${h.relativeError.toExponential(1)}`);
    if (sim) out.print(`simulated: ${sim.survived} of ${sim.trials} walks stayed, ${sim.estimate}, 95% interval [${sim.low.toFixed(6)}, ${sim.high.toFixed(6)}] (seed ${seed})`);
  },
};
