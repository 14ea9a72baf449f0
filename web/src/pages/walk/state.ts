// The Random walk page's state: what the URL holds (board, piece spec, steps N, the clicked square) and the
// slider's log scale for N, kept free of the DOM so tests can run it in Node.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { parsePiece } from '../../../../src/pieces/piece.js';
import { parseSideUpTo, readBoardParam, squareOn } from '../../controls/board-params.js';
import { FLOAT_MAX_WORK, HORIZON_MAX_STEPS, GRAPH_MAX_SIDE, graph, type Graph } from '../../../../src/walk/index.js';
import { thousands } from '../../../../src/core/text.js';

/**
 * The distribution's forward DP runs up to squares × steps of this, the engine's own limit: 100×100 to
 * N = 60,000 takes 16–21 s here ("walk dist" rows in bench/results/web-caps.md); it has no far-horizon method.
 */
export const DIST_MAX_WORK = FLOAT_MAX_WORK;

export interface WalkState {
  width: number;
  height: number;
  spec: string;
  steps: number;
  /** The square whose distribution after N moves is shown and the walk starts from (a name), or '' for none. */
  from: string;
  /** The seed of the walk shown (the same seed, the same walk). */
  seed: number;
  /** How many of the walk's moves are shown, or null for all of them. */
  step: number | null;
  /** The walk's speed when it plays, in moves a second. */
  speed: number;
}

/** The walk player's top speed, in moves a second. */
export const WALK_MAX_SPEED = 50;
const DEFAULT_SPEED = 3;

export const DEFAULT_STATE: WalkState = {
  width: 8,
  height: 8,
  spec: 'knight',
  steps: 10,
  from: '',
  seed: 1,
  step: null,
  speed: DEFAULT_SPEED,
};

/** A whole number in [min, max] from a link's text, or null. */
function wholeIn(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^[0-9]{1,16}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** A side typed by the user, or the message saying why it is refused. */
export function parseSide(text: string, which: 'width' | 'height'): number | string {
  return parseSideUpTo(text, which, GRAPH_MAX_SIDE);
}

/** N as typed, or the message saying why it is refused. */
export function parseSteps(text: string): number | string {
  const t = text.trim().replace(/[_\s]/g, '');
  const m = /^([0-9]+)(?:e([0-9]))?$/i.exec(t);
  if (!m) return 'N must be a whole number of moves, like 10 (1e9 works too).';
  const n = Number(m[1]) * 10 ** Number(m[2] ?? 0);
  if (!Number.isSafeInteger(n) || n > HORIZON_MAX_STEPS) return `N must be from 0 to ${thousands(HORIZON_MAX_STEPS)}.`;
  return n;
}

/**
 * The slider runs 0..SLIDER_MAX: linear for N up to 100, then logarithmic up to 10^9 (its resolution, not a limit on
 * N).
 */
export const SLIDER_MAX = 800;
const LINEAR = 100;
const DECADES = 7;

export function sliderToSteps(pos: number): number {
  if (pos <= LINEAR) return Math.max(0, Math.round(pos));
  return Math.min(HORIZON_MAX_STEPS, Math.round(100 * 10 ** (((pos - LINEAR) * DECADES) / (SLIDER_MAX - LINEAR))));
}

export function stepsToSlider(n: number): number {
  if (n <= LINEAR) return n;
  return Math.min(SLIDER_MAX, Math.round(LINEAR + (Math.log10(n / 100) * (SLIDER_MAX - LINEAR)) / DECADES));
}

function onBoard(board: Board, name: string): boolean {
  return squareOn(board, name) !== null;
}

/** The state a link describes; anything unreadable falls back to the default. */
export function readState(params: URLSearchParams): WalkState {
  const s: WalkState = { ...DEFAULT_STATE };
  Object.assign(s, readBoardParam(params, parseSide));
  const spec = params.get('piece');
  if (spec !== null && spec.trim() !== '') s.spec = spec.slice(0, 200);
  const n = parseSteps(params.get('n') ?? '');
  if (typeof n === 'number') s.steps = n;
  const from = (params.get('from') ?? '').trim().toLowerCase();
  if (from && onBoard(Board.of(s.width, s.height), from)) s.from = from;
  s.seed = wholeIn(params.get('seed'), 0, Number.MAX_SAFE_INTEGER) ?? s.seed;
  s.step = wholeIn(params.get('step'), 0, Number.MAX_SAFE_INTEGER);
  s.speed = wholeIn(params.get('speed'), 1, WALK_MAX_SPEED) ?? s.speed;
  return s;
}

/** The URL parameters of a state (read back by readState). */
export function writeState(s: WalkState): Record<string, string | undefined> {
  return {
    board: `${s.width}x${s.height}`,
    piece: s.spec,
    n: String(s.steps),
    from: s.from || undefined,
    seed: s.seed === DEFAULT_STATE.seed ? undefined : String(s.seed),
    step: s.step === null ? undefined : String(s.step),
    speed: s.speed === DEFAULT_SPEED ? undefined : String(s.speed),
  };
}

/** Drops the clicked square when a new board no longer has it. */
export function fitToBoard(s: WalkState): WalkState {
  return s.from && !onBoard(Board.of(s.width, s.height), s.from) ? { ...s, from: '' } : s;
}

/** The square a walk starts from: the clicked one, else the square left of and below the board's centre (d4). */
export function walkStart(board: Board, from: string): number {
  const s = from ? squareOn(board, from) : null;
  return s ?? board.index((board.width - 1) >> 1, (board.height - 1) >> 1);
}

/** The walk graph of the state's board and piece, or the engine's message when the spec is bad. */
export function graphOf(s: WalkState): { graph: Graph | null; error: string | null } {
  try {
    return { graph: graph(Board.of(s.width, s.height), parsePiece(s.spec)), error: null };
  } catch (e) {
    if (!(e instanceof GridbitsError)) throw e;
    return { graph: null, error: e.message };
  }
}

/** A probability for people: 6 significant digits, or 10^x from log10 where the double underflowed. */
export function probabilityText(p: number, log10: number): string {
  if (p === 0 && !Number.isFinite(log10)) return '0';
  if (p === 0 || p < 1e-300) return `10^${log10.toFixed(2)}`;
  if (p === 1) return '1';
  return p >= 1e-4 ? p.toPrecision(6) : p.toExponential(5);
}

/** A probability as a per cent, where it reads as one (from 0.1 % up); '' below. */
export function percentText(p: number): string {
  if (!(p >= 0.001)) return '';
  const pct = 100 * p;
  return `${pct === 100 ? '100' : pct.toPrecision(3)} %`;
}

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

/** 10 to a whole power, the power raised: 10⁻⁸. */
function tenTo(e: number): string {
  return `10${String(e).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c])}`;
}

/** Powers of ten this far down are written as a power of a power (10^−1.2·10⁸): the exponent in full is long. */
const FAR = -1000;

/**
 * A probability short enough to write on a square, from its value and its log10 (the value may underflow to 0):
 * 2 significant digits, `0.37`, `0.017`; `1.2·10⁻⁸` below 0.01 (from log10 where a double underflows, down to
 * 10⁻⁹⁹⁹); `10^−1.2·10⁸` further down (at far horizons, on two lines: `10^` above the power). The full value
 * goes in the square's name.
 */
export function cellText(p: number, log10: number): string {
  if (!(p >= 0) || Number.isNaN(log10)) return '?';
  if (p === 0 && !Number.isFinite(log10)) return '0';
  if (p >= 1) return '1';
  if (p >= 0.01) return p.toPrecision(2);
  let m: number, e: number;
  if (p >= 1e-300) {
    const [mm, ee] = p.toExponential(1).split('e');
    m = Number(mm);
    e = Number(ee);
  } else {
    const l = Number.isFinite(log10) ? log10 : Math.log10(p);
    // Below 10⁻⁹⁹⁹ (whose mantissa may round to 9.9·10⁻¹⁰⁰⁰, an exponent too long for a square).
    if (l < FAR + 1) {
      const [lm, le] = (-l).toExponential(1).split('e');
      return `10^\n−${lm}·${tenTo(Number(le))}`;
    }
    e = Math.floor(l);
    m = Math.round(10 * 10 ** (l - e)) / 10;
    if (m >= 10) {
      m = 1;
      e++;
    }
  }
  return `${m.toFixed(1)}·${tenTo(e)}`;
}

export interface HeatScale {
  heat: Float64Array;
  /** The heat is by log10 (min and max are log10 values then). */
  log: boolean;
  min: number;
  max: number;
}

/**
 * Heat in [0, 1] per square: by the probability between the least and largest values, or by log10 where
 * values span many orders of magnitude or underflow (far horizons), so the map never goes flat.
 */
export function heatScale(probability: Float64Array, log10: Float64Array): HeatScale {
  const n = probability.length;
  let pMin = Infinity,
    pMax = -Infinity,
    lMin = Infinity,
    lMax = -Infinity;
  for (let s = 0; s < n; s++) {
    pMin = Math.min(pMin, probability[s]);
    pMax = Math.max(pMax, probability[s]);
    if (Number.isFinite(log10[s])) {
      lMin = Math.min(lMin, log10[s]);
      lMax = Math.max(lMax, log10[s]);
    }
  }
  const log = lMax > -Infinity && (pMax === 0 || lMax - lMin > 3 || pMax < 1e-300);
  const heat = new Float64Array(n);
  const [lo, hi] = log ? [lMin, lMax] : [pMin, pMax];
  for (let s = 0; s < n; s++) {
    const v = log ? (Number.isFinite(log10[s]) ? log10[s] : lo) : probability[s];
    heat[s] = hi > lo ? (v - lo) / (hi - lo) : 0.5;
  }
  return { heat, log, min: lo, max: hi };
}
