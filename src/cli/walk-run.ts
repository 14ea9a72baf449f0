// The work of `walk` (walk.ts has its flags and help): the probability that a leaper's random walk stays on the
// board — one square, every square (heat map, JSON grid, SVG), where it stands after N moves, exact fractions,
// far horizons, simulation.
import { parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardSvg } from '../render/svg.js';
import {
  EXACT_MAX_WORK,
  FLOAT_MAX_WORK,
  HORIZON_MAX_STEPS,
  MAP_MAX_WORK,
  SIMULATE_MAX_WORK,
  exactWork,
  fractionText,
  graph,
  mapWithin,
  type Graph,
  type Simulation,
} from '../walk/index.js';
import { bool, int, onlyBoard, str, type Run } from './command.js';
import { WALK_FORMATS } from './constants.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural } from './words.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';
import { seedOf } from './seed.js';

const FORMATS = WALK_FORMATS;
type Format = (typeof FORMATS)[number];

/** A probability for people: a decimal, or 10^x where a double underflows. */
function showProbability(p: number, log10: number): string {
  if (p === 0 && Number.isFinite(log10)) return `10^${log10.toFixed(4)}`;
  return String(p);
}

/** A probability with its per cent where that reads well: "0.125 (12.5 %)". */
function withPerCent(p: number, log10: number): string {
  const text = showProbability(p, log10);
  return p >= 1e-4 ? `${text} (${Number((p * 100).toPrecision(3))} %)` : text;
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
 * A heat map: `shade[s]` in [0, 1] picks the colour (terminal or SVG), `label(s)` the text; `legend` follows the title.
 */
function printMap(
  out: Output,
  board: Board,
  shade: Float64Array,
  label: (s: number) => string,
  format: Format,
  title: string,
  legend: string,
): void {
  if (format === 'svg') {
    out.print(boardSvg(board, { fill: (s) => heatColour(shade[s], 1), label, title: `${title}; ${legend}` }));
    return;
  }
  const p = out.paint;
  const paint = (x: number, t: string): string =>
    x === 0 ? p.dim(t) : x < 0.25 ? p.blue(t) : x < 0.5 ? p.cyan(t) : x < 0.75 ? p.green(t) : p.yellow(t);
  if (board.cells <= 10_000) out.print(drawGrid(board, label, { paint: (s, t) => paint(shade[s], t) }));
  out.print(`${title}; ${legend}`);
}

/** Decimals of a per cent label: fewer for large values, fewer in the SVG's small squares. */
function perCentDigits(format: Format, v: number): number {
  return format === 'svg' ? (v >= 0.1 ? 0 : 1) : v >= 0.1 ? 1 : 2;
}

/** True when some probability above 0 would be shown as 0 in per cent: the map is then drawn in log10. */
function tooSmallForPerCent(values: Float64Array, format: Format): boolean {
  return values.some((v) => v > 0 && Number((v * 100).toFixed(perCentDigits(format, v))) === 0);
}

/**
 * A map of probabilities: in per cent, shaded against the largest; in log10 P where a double underflows or where
 * the smallest would read 0 in per cent (far horizons), with a legend saying which.
 */
function printProbabilities(
  out: Output,
  board: Board,
  values: Float64Array,
  logs: Float64Array,
  format: Format,
  title: string,
): void {
  const underflow = values.some((p, s) => p === 0 && Number.isFinite(logs[s]));
  if (underflow || tooSmallForPerCent(values, format)) {
    const why = underflow ? 'the probabilities underflow a double' : 'the smallest would show as 0 in per cent';
    printLogs(out, board, logs, format, title, `squares in log10 of the probability, as ${why}; -inf where it is 0`);
    return;
  }
  let max = 0;
  for (const v of values) max = Math.max(max, v);
  const shade = values.map((v) => (max > 0 ? v / max : 0));
  // An exact 0 (a square the piece cannot reach) reads 0, apart from small values rounded.
  printMap(
    out,
    board,
    shade,
    (s) => (values[s] === 0 ? '0' : (values[s] * 100).toFixed(perCentDigits(format, values[s]))),
    format,
    title,
    'squares in per cent',
  );
}

/** Base-10 logarithms, shaded from the smallest to the largest. */
function printLogs(out: Output, board: Board, logs: Float64Array, format: Format, title: string, legend: string): void {
  let lo = Infinity,
    hi = -Infinity;
  for (const v of logs) if (Number.isFinite(v)) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  const shade = logs.map((v) => (!Number.isFinite(v) ? 0 : hi > lo ? 0.05 + (0.95 * (v - lo)) / (hi - lo) : 1));
  printMap(out, board, shade, (s) => (Number.isFinite(logs[s]) ? logs[s].toFixed(2) : '-inf'), format, title, legend);
}

/** "1 move", "1,000 moves". */
const moves = (n: number): string => plural(n, 'move');

/** The map of every square, or the limit worded for the command line (one square is --from). */
function checkMapLimit(g: Graph, steps: number): void {
  if (!mapWithin(g, steps)) {
    throw new GridbitsError(
      'LIMIT',
      `walk: every square of ${g.board} at ${moves(steps)} is over the limit of squares × steps = ${thousands(MAP_MAX_WORK)}; ask for one square (--from) instead`,
    );
  }
}

/** Words and JSON for work that Ctrl-C stopped before it ended. */
const INTERRUPTED = 'stopped by Ctrl-C';

export const walk: Run = async (args, out) => {
  const board = parseBoardSize(onlyBoard(args, 'walk'));
  const pieceSpec = str(args, 'piece') ?? 'knight';
  const piece = parsePiece(pieceSpec);
  const g = graph(board, piece);
  const steps = int(args, 'steps', 0, HORIZON_MAX_STEPS);
  if (steps === undefined) throw new GridbitsError('BAD_ARGUMENT', 'walk: give the number of moves with --steps N');
  const fromText = str(args, 'from');
  const from = fromText === undefined ? undefined : board.parse(fromText);
  const all = bool(args, 'all'),
    dist = bool(args, 'distribution'),
    exact = bool(args, 'exact');
  const formatText = str(args, 'format') ?? 'grid';
  if (!(FORMATS as readonly string[]).includes(formatText))
    throw new GridbitsError('BAD_ARGUMENT', `walk: --format must be grid or svg, got '${formatText}'`);
  const format = formatText as Format;
  const simulateK = int(args, 'simulate', 1, 1_000_000_000);
  const seed = seedOf(args);
  if (simulateK !== undefined && simulateK * steps > SIMULATE_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: --simulate goes up to walks × steps = ${thousands(SIMULATE_MAX_WORK)}; ${plural(simulateK, 'walk')} of ${moves(steps)} is ${thousands(simulateK * steps)}`,
    );
  }
  if (dist && board.cells * steps > FLOAT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: --distribution goes up to squares × steps = ${thousands(FLOAT_MAX_WORK)}; ${board} with ${moves(steps)} is ${thousands(board.cells * steps)}`,
    );
  }
  if (exact && exactWork(g, steps) > EXACT_MAX_WORK) {
    throw new GridbitsError(
      'LIMIT',
      `walk: exact fractions go up to squares × steps × words of the count = ${thousands(EXACT_MAX_WORK)}; ${board} with ${moves(steps)} is ${thousands(exactWork(g, steps))}: drop --exact for the float mode`,
    );
  }
  const head = { board: { width: board.width, height: board.height }, piece: piece.name };
  const task = { board: { width: board.width, height: board.height }, piece: pieceSpec, steps };
  const where = `${board}, ${moves(steps)}`;

  if (all) {
    checkMapLimit(g, steps);
    const mapOutcome = await runJob(out, 'walk.survivalMapAtHorizon', [task], {
      label: `walk: every square of ${where}`,
    });
    if (!mapOutcome.finished) throw new GridbitsError('ABORTED', `walk: ${INTERRUPTED} before the map was finished`);
    const { probability: map, log10 } = mapOutcome.value;
    const exactOutcome = exact
      ? await runJob(out, 'walk.exactSurvivalMap', [task], {
          label: `walk: exact fractions of every square of ${where}`,
        })
      : undefined;
    const fractions = exactOutcome?.finished ? exactOutcome.value : undefined;
    const stopped = exactOutcome !== undefined && !exactOutcome.finished;
    const underflow = map.some((p, s) => p === 0 && Number.isFinite(log10[s]));
    if (out.json) {
      out.printJson({
        ...head,
        steps,
        grid: rows(board, (s) => map[s]),
        ...(underflow ? { log10: rows(board, (s) => (Number.isFinite(log10[s]) ? log10[s] : null)) } : {}),
        ...(fractions ? { exact: rows(board, (s) => fractionText(fractions[s])) } : {}),
        ...(stopped ? { complete: false, stopped: 'interrupted', unfinished: ['exact'] } : {}),
      });
      return exitOf(stopped && 'signal');
    }
    printProbabilities(
      out,
      board,
      map,
      log10,
      format,
      `P(${piece.name} still on ${board} after ${moves(steps)}) from every square`,
    );
    if (stopped) out.print(`exact fractions: not finished (${INTERRUPTED})`);
    return exitOf(stopped && 'signal');
  }

  if (from === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'walk: give the start square with --from SQ (or --all for every square)');
  if (dist) {
    const dOutcome = await runJob(out, 'walk.distribution', [{ ...task, from: board.name(from) }], {
      label: `walk: where the ${piece.name} stands, ${where} from ${board.name(from)}`,
    });
    if (!dOutcome.finished)
      throw new GridbitsError(
        'ABORTED',
        `walk: ${INTERRUPTED} after ${moves(dOutcome.partial?.moves ?? 0)} of ${thousands(steps)}, before the distribution was finished`,
      );
    const { probability: d, log10, total } = dOutcome.value;
    const underflow = d.some((p, s) => p === 0 && Number.isFinite(log10[s]));
    if (out.json) {
      out.printJson({
        ...head,
        from: board.name(from),
        steps,
        probability: total.probability,
        distribution: rows(board, (s) => d[s]),
        ...(underflow
          ? {
              log10: Number.isFinite(total.log10) ? total.log10 : null,
              log10Distribution: rows(board, (s) => (Number.isFinite(log10[s]) ? log10[s] : null)),
            }
          : {}),
      });
      return;
    }
    const title = `where the ${piece.name} stands after ${moves(steps)} from ${board.name(from)}; on the board: ${withPerCent(total.probability, total.log10)}`;
    printProbabilities(out, board, d, log10, format, title);
    return;
  }

  const fromTask = { ...task, from: board.name(from) };
  const hOutcome = await runJob(out, 'walk.survivalAtHorizon', [fromTask], {
    label: `walk ${where} from ${board.name(from)}`,
  });
  if (!hOutcome.finished) throw new GridbitsError('ABORTED', `walk: ${INTERRUPTED} before the probability was found`);
  const h = hOutcome.value;
  const unfinished: string[] = [];
  let fraction: string | undefined;
  if (exact) {
    const f = await runJob(out, 'walk.exactSurvival', [fromTask], {
      label: `walk: exact fraction, ${where} from ${board.name(from)}`,
    });
    if (f.finished) fraction = fractionText(f.value);
    else unfinished.push('exact');
  }
  let sim: Simulation | undefined;
  if (simulateK !== undefined && unfinished.length === 0) {
    const s = await runJob(out, 'walk.simulate', [{ ...fromTask, trials: simulateK, seed }], {
      label: `walk: simulated walks, ${where} from ${board.name(from)}`,
    });
    sim = s.finished ? s.value : s.partial;
    if (!s.finished) unfinished.push('simulation');
  } else if (simulateK !== undefined) unfinished.push('simulation');
  const stopped = unfinished.length > 0;
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
      ...(sim
        ? {
            simulation: {
              walks: sim.trials,
              survived: sim.survived,
              estimate: sim.estimate,
              low: sim.low,
              high: sim.high,
              seed,
              confidence: 0.95,
              ...(sim.trials < (simulateK ?? 0) ? { complete: false, asked: simulateK } : {}),
            },
          }
        : {}),
      ...(stopped ? { complete: false, stopped: 'interrupted', unfinished } : {}),
    });
    return exitOf(stopped && 'signal');
  }
  const p = out.paint;
  out.print(
    `${piece.name} on ${board} from ${board.name(from)}, ${moves(steps)}: P(still on the board) = ${p.bold(showProbability(h.probability, h.log10))}`,
  );
  if (fraction !== undefined) out.print(`exact: ${fraction}`);
  else if (exact) out.print(`exact: not finished (${INTERRUPTED})`);
  if (Number.isFinite(h.log10)) out.print(`log10 P = ${h.log10.toFixed(6)}`);
  const c = h.log10c === null ? '' : `, c ≈ ${showProbability(10 ** h.log10c, h.log10c)} at this N`;
  out.print(
    `decay rate λ = ${h.lambda} per move (P ≈ c·λ^N${c}, λ ±${h.lambdaError.toExponential(1)}); method ${h.method}, relative error ≤ ${h.relativeError.toExponential(1)}`,
  );
  if (sim) {
    const part =
      sim.trials < (simulateK ?? 0)
        ? ` (${INTERRUPTED}: ${thousands(sim.trials)} of the ${plural(simulateK ?? 0, 'walk')} asked)`
        : '';
    out.print(
      `simulated: ${thousands(sim.survived)} of ${plural(sim.trials, 'walk')} stayed, ${sim.estimate}, 95% interval [${sim.low.toFixed(6)}, ${sim.high.toFixed(6)}] (seed ${seed})${part}`,
    );
  } else if (simulateK !== undefined) out.print(`simulated: not started (${INTERRUPTED})`);
  return exitOf(stopped && 'signal');
};
