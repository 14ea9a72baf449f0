// The Sea Battle page's state: what the URL holds (board, fleet, extra polyomino ships, touch rule, forbidden
// cells, placement method and seed, the layout on the board) and the fleet problem built from it; no DOM.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import {
  FLEETS,
  fleetProblem,
  parseShape,
  shapeText,
  type FleetProblem,
  type FleetSpec,
  type Touch,
} from '../../../../src/fleet/index.js';
import { parseSideUpTo, readBoardParam, squareOn } from '../../controls/board-params.js';

/**
 * Boards on this page stay small enough to draw with the mouse: up to 32 a side the board is one button per
 * square. The work is not what bounds it: placing the classic fleet takes under a second even on 64×64
 * ("fleet place" rows in bench/results/web-caps.md), and counts past a minute stop on COUNT_BUDGET_MS.
 */
const PAGE_MAX_SIDE = 32;
/**
 * Counting layouts stops after this long, saying so: the classic fleet counts in 17–26 s on 10×10 and runs past a
 * minute (over 1 GB) on 16×16 ("fleet count" rows in bench/results/web-caps.md).
 */
export const COUNT_BUDGET_MS = 60_000;
export type Method = 'rails' | 'uniform' | 'search';
export const METHODS: readonly (readonly [Method, string])[] = [
  ['uniform', 'Every layout equally likely'],
  ['rails', 'Shuffled rails (quick)'],
  ['search', 'Search (hardest ship first)'],
];
/** What each method does, in a sentence under the drop-down. */
export const METHOD_HELP: Readonly<Record<Method, string>> = {
  uniform: 'Draws one of all the layouts, each exactly as likely as any other.',
  rails: 'Lays the ships in turn along shuffled rails: quick, but some layouts come up more often than others.',
  search: 'Searches for a layout, placing the most constrained ship first; proves it when there is none.',
};
export const FLEET_NAMES = Object.keys(FLEETS);

export interface FleetState {
  width: number;
  height: number;
  /** A named fleet, a list of lengths ("4,3,3"), or '' for only the drawn ships. */
  fleet: string;
  /** Extra ships drawn as ASCII shapes ("###/.#."). */
  ships: string[];
  /** '' follows the named fleet's tradition (else none). */
  touch: Touch | '';
  mirror: boolean;
  /** Forbidden squares by name. */
  forbid: string[];
  method: Method;
  seed: number;
  /** The layout on the board: each ship's squares by name (placed, or drawn by hand as loose cells). */
  layout: string[][];
  heat: boolean;
  /** The page shows the game against the computer (else the fleet editor). */
  play: boolean;
  /** The game under way or finished, as game-record.ts writes it ('' for none). */
  game: string;
}

export const DEFAULT_STATE: FleetState = {
  width: 10,
  height: 10,
  fleet: 'classic',
  ships: [],
  touch: '',
  mirror: false,
  forbid: [],
  method: 'uniform',
  seed: 1,
  layout: [],
  heat: false,
  play: false,
  game: '',
};

export function parseSide(text: string, which: 'width' | 'height'): number | string {
  return parseSideUpTo(text, which, PAGE_MAX_SIDE, ' here, so that every square can be clicked');
}

const SQUARES = /[a-z]+[0-9]+/g;

/** Square names that are on the board, each once, in the order given. */
function namesOn(board: Board, names: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const n of names) if (squareOn(board, n) !== null) seen.add(n);
  return [...seen];
}

const BOARD = /^([0-9]+)x([0-9]+)$/i;

/**
 * The board a link asks for, as this page shows it: sides past PAGE_MAX_SIDE come down to it (the rest of the
 * link still applies), and `notice` says so; a board that is no size at all gives the default, saying that.
 */
export function readBoard(params: URLSearchParams): { width: number; height: number; notice: string | null } {
  const asked = params.get('board');
  const ok = readBoardParam(params, parseSide);
  if (ok) return { ...ok, notice: null };
  const d = { width: DEFAULT_STATE.width, height: DEFAULT_STATE.height };
  if (asked === null) return { ...d, notice: null };
  const m = BOARD.exec(asked);
  const w = m ? Number(m[1]) : 0,
    h = m ? Number(m[2]) : 0;
  if (!m || w < 1 || h < 1)
    return {
      ...d,
      notice: `The link asks for a board of “${asked.slice(0, 20)}”, which is no board size: showing ${d.width}×${d.height}.`,
    };
  const width = Math.min(w, PAGE_MAX_SIDE),
    height = Math.min(h, PAGE_MAX_SIDE);
  return {
    width,
    height,
    notice: `The link asks for a ${w}×${h} board; this page draws boards up to ${PAGE_MAX_SIDE}×${PAGE_MAX_SIDE} (every square a button you can click), so it shows ${width}×${height}.`,
  };
}

/**
 * The state a link describes; anything unreadable falls back to the default; a board too large comes down to the
 * largest this page draws.
 */
export function readState(params: URLSearchParams): FleetState {
  const s: FleetState = { ...DEFAULT_STATE };
  const { width, height } = readBoard(params);
  s.width = width;
  s.height = height;
  const board = Board.of(s.width, s.height);
  const fleet = params.get('fleet');
  if (fleet !== null) s.fleet = fleet.trim().slice(0, 200);
  s.ships = (params.get('ships') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .slice(0, 50);
  const touch = params.get('touch');
  if (touch === 'none' || touch === 'corner' || touch === 'any') s.touch = touch;
  s.mirror = params.get('mirror') === '1';
  s.forbid = namesOn(board, (params.get('forbid') ?? '').toLowerCase().match(SQUARES) ?? []);
  const method = params.get('method');
  if (METHODS.some(([m]) => m === method)) s.method = method as Method;
  const seed = Number(params.get('seed'));
  if (params.get('seed') !== null && Number.isSafeInteger(seed) && seed >= 0) s.seed = seed;
  s.layout = (params.get('layout') ?? '')
    .toLowerCase()
    .split(',')
    .map((ship) => namesOn(board, ship.match(SQUARES) ?? []))
    .filter((ship) => ship.length > 0);
  s.heat = params.get('heat') === '1';
  s.play = params.get('play') === '1';
  const game = params.get('game');
  if (game !== null && /^[0-9a-z._-]{1,20000}$/.test(game)) s.game = game;
  return s;
}

/** The URL parameters of a state (read back by readState). */
export function writeState(s: FleetState): Record<string, string | undefined> {
  return {
    board: `${s.width}x${s.height}`,
    fleet: s.fleet,
    ships: s.ships.length > 0 ? s.ships.join(',') : undefined,
    touch: s.touch || undefined,
    mirror: s.mirror ? '1' : undefined,
    forbid: s.forbid.length > 0 ? s.forbid.join(',') : undefined,
    method: s.method,
    seed: String(s.seed),
    layout: s.layout.length > 0 ? s.layout.map((ship) => ship.join('')).join(',') : undefined,
    heat: s.heat ? '1' : undefined,
    play: s.play ? '1' : undefined,
    game: s.game || undefined,
  };
}

/** What the worker needs to rebuild the problem (plain data: it crosses to the worker). */
export type ProblemSpec = Pick<FleetState, 'width' | 'height' | 'fleet' | 'ships' | 'touch' | 'mirror'> & {
  forbid: number[];
};

export function specOf(s: FleetState): ProblemSpec {
  const board = Board.of(s.width, s.height);
  return {
    width: s.width,
    height: s.height,
    fleet: s.fleet,
    ships: s.ships,
    touch: s.touch,
    mirror: s.mirror,
    forbid: s.forbid.map((n) => board.parse(n)),
  };
}

/** The fleet problem of a spec; throws GridbitsError for a bad fleet or a ship that cannot fit. */
export function buildProblem(spec: ProblemSpec): FleetProblem {
  return fleetProblem(fleetSpecOf(spec));
}

/** The page's problem as the engine's plain spec (what its jobs take). */
export function fleetSpecOf(spec: ProblemSpec): FleetSpec {
  const forbidden = new Uint8Array(spec.width * spec.height);
  for (const sq of spec.forbid) forbidden[sq] = 1;
  const f: FleetSpec = { width: spec.width, height: spec.height, ships: spec.ships, mirror: spec.mirror, forbidden };
  if (spec.fleet.trim() !== '') f.fleet = spec.fleet;
  if (spec.touch) f.touch = spec.touch;
  return f;
}

/** The problem, or the engine's message saying why there is none. */
export function problemOf(s: FleetState): { problem: FleetProblem | null; error: string | null } {
  try {
    return { problem: buildProblem(specOf(s)), error: null };
  } catch (e) {
    if (!(e instanceof GridbitsError)) throw e;
    return { problem: null, error: e.message };
  }
}

/** A key that changes exactly when the problem does (for jobs and caches). */
export function problemKey(spec: ProblemSpec): string {
  return JSON.stringify(spec);
}

/** The layout's ship cells as a 0/1 mask. */
export function layoutMask(board: Board, layout: readonly string[][]): Uint8Array {
  const m = new Uint8Array(board.cells);
  for (const ship of layout) for (const n of ship) m[board.parse(n)] = 1;
  return m;
}

/** Toggles a cell of a hand-drawn layout: a new cell becomes a ship of its own; the checker splits cells into ships. */
export function toggleLayoutCell(layout: readonly string[][], name: string): string[][] {
  const has = layout.some((ship) => ship.includes(name));
  if (!has) return [...layout, [name]];
  return layout.map((ship) => ship.filter((n) => n !== name)).filter((ship) => ship.length > 0);
}

/**
 * A shape drawn on the small editor grid (cells by index on a w×h grid) as the engine's ASCII, or the reason it is no
 * ship.
 */
export function drawnShape(cells: ReadonlySet<number>, w: number): string | { error: string } {
  if (cells.size === 0) return { error: 'Draw a ship first: choose its cells on the small grid.' };
  const offsets = [...cells].map((i): [number, number] => [i % w, Math.floor(i / w)]);
  try {
    return shapeText(parseShape(shapeText(offsets)));
  } catch (e) {
    if (!(e instanceof GridbitsError)) throw e;
    return { error: e.message };
  }
}

/**
 * The board resized: forbidden cells and ships kept where they still stand on it (a ship with a cell off the
 * new board is dropped whole), so growing the board keeps the layout.
 */
export function resized(
  s: FleetState,
  width: number,
  height: number,
): Pick<FleetState, 'width' | 'height' | 'forbid' | 'layout'> {
  const board = Board.of(width, height);
  const on = (n: string): boolean => squareOn(board, n) !== null;
  return { width, height, forbid: s.forbid.filter(on), layout: s.layout.filter((ship) => ship.every(on)) };
}
