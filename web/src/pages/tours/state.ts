// The Tours page's state: what the URL holds (board, start, end, open or closed, seed, piece, view) and the
// checks on it, kept free of the DOM so tests can run it in Node.
import { Board } from '../../../../src/core/board.js';
import { GridbitsError } from '../../../../src/core/error.js';
import type { Outcome } from '../../../../src/core/job.js';
import { KNIGHT, parsePiece, type Piece } from '../../../../src/pieces/piece.js';
import {
  COUNT_CONVENTION,
  GALLERY,
  countLimit,
  galleryTour,
  isLeap,
  tableCellText,
  type Answer,
  type CountAnswer,
  type CountPartial,
  type FindPartial,
  type GalleryTour,
} from '../../../../src/tour/index.js';
import { searchStopWords } from '../../../../src/cli/tour-stopped.js';
import { parseSideUpTo, readBoardParam, squareOn } from '../../controls/board-params.js';

/**
 * Largest side the page takes: a 2000×2000 tour is built in 0.2 s and on screen 1 s after the page opens, the
 * page at 334 MB ("tours find" and "tours page" rows in bench/results/web-caps.md); a 4000×4000 tour still builds in
 * 1.1 s, but each redraw of the board (every arrow key) grows with the squares, so the page stops where drawing was
 * measured.
 */
export const TOURS_MAX_SIDE = 2000;

/**
 * Boards up to this many squares are asked whether the engine counts them exactly (the question builds the
 * board's move graph on the page's thread); such counts finish in seconds (4×20 open: 3.8 s, "tours count" rows
 * in bench/results/web-caps.md), the longest in about half a minute (6×7 open by halves: 28 s of CPU in Node),
 * and any that runs longer stops on COUNT_BUDGET_MS.
 */
const COUNT_MAX_CELLS = 64;
/**
 * Every count stops after this long (about a minute: the caps' rule) with the tours found so far, a lower bound;
 * boards past COUNT_MAX_CELLS or the engine's exact limit are counted the same way rather than refused.
 */
export const COUNT_BUDGET_MS = 60_000;

/**
 * How the page counts tours on a board: 'exact' (the engine's exact counter, which may still stop on
 * COUNT_BUDGET_MS) or 'budget' (a board past its exact limit, counted for COUNT_BUDGET_MS for a lower bound).
 */
export function countPlan(board: Board, piece: Piece, closed: boolean): 'exact' | 'budget' {
  return board.cells <= COUNT_MAX_CELLS && countLimit(board, piece, closed) === null ? 'exact' : 'budget';
}

/** A count stopped by its time limit, in words (the frontier counter knows no tours until its end: then 0). */
export function countStopWords(budgetMs: number, found = 1n): string {
  if (found === 0n)
    return `stopped after ${budgetMs / 1000} s before finishing; this count adds up its tours only at the end, so none are known yet`;
  return `stopped after ${budgetMs / 1000} s: at least this many, not the full count`;
}

/** What a find's outcome says on the page: whether a tour exists (null: stopped before an answer) and why. */
export function findSays(out: Outcome<Answer, FindPartial>): { exists: boolean | null; reason: string } {
  if (out.finished) return { exists: out.value.exists, reason: out.value.reason };
  return { exists: null, reason: searchStopWords(out.nodes, out.partial?.backtracks ?? 0, out.partial?.theorem) };
}

/**
 * What a count's outcome says on the page: the count (stopped: the tours found so far), its convention, and why it
 * stopped.
 */
export function countSays(
  out: Outcome<CountAnswer, CountPartial>,
  closed: boolean,
): { count: bigint; complete: boolean; convention: string; reason?: string } {
  if (out.finished) {
    const a = out.value;
    if (a.complete) return { count: a.count, complete: true, convention: a.convention };
    // A count past a limit of the counter's own: what it had, and that limit.
    return { count: a.count ?? 0n, complete: false, convention: a.convention, reason: a.reason };
  }
  const found = out.partial?.count ?? 0n;
  return {
    count: found,
    complete: false,
    convention: closed ? COUNT_CONVENTION.closed : COUNT_CONVENTION.open,
    reason: countStopWords(COUNT_BUDGET_MS, found),
  };
}

/**
 * Where the numbers of a tour on a canvas board are: written on the squares once they are zoomed large enough to
 * hold them (the board says to zoom in while they do not fit), and not while the tour plays; under "Both" the
 * path stays drawn over them, under "Numbers" it gives way to them.
 */
export function numbersHint(width: number, height: number, playing = false, both = false): string {
  const where = `On this ${width}×${height} board the numbers are written on the squares once you zoom in far enough to read them${playing ? ', when the tour is not playing' : ''}`;
  return both ? `${where}; the path stays drawn over them.` : `${where}; until then the tour is drawn as its path.`;
}

export type ShowMode = 'path' | 'numbers' | 'both';
export type PanelMode = 'tour' | 'play' | 'search' | 'table';

export interface ToursState {
  width: number;
  height: number;
  /** Start square name. */
  from: string;
  /** End square name of an open tour, '' for any. */
  to: string;
  closed: boolean;
  /** Seed of the engine's choices; undefined for its default. */
  seed: number | undefined;
  spec: string;
  show: ShowMode;
  mode: PanelMode;
  /** A famous tour from the engine's gallery shown instead of a found one ('' for none). */
  famous: string;
  /** The person's own path in "Your turn", as square names joined by '-' ('' before the first square). */
  path: string;
}

export const DEFAULT_STATE: ToursState = {
  width: 8,
  height: 8,
  from: 'a1',
  to: '',
  closed: false,
  seed: undefined,
  spec: 'knight',
  show: 'path',
  mode: 'tour',
  famous: '',
  path: '',
};

/** A side typed by the user, or why it is refused. */
export function parseSide(text: string, which: 'width' | 'height'): number | string {
  return parseSideUpTo(text, which, TOURS_MAX_SIDE, ' here: larger boards are too slow to draw');
}

/**
 * Keeps the state consistent: the start on the board (a1 otherwise) and where the person's path begins, an end
 * only for open tours and apart from the start.
 */
export function fitToBoard(s: ToursState): ToursState {
  const board = Board.of(s.width, s.height);
  const first = s.path.split(/[-,\s]+/)[0];
  const start = first && squareOn(board, first) !== null ? first : s.from;
  const from = squareOn(board, start) === null ? 'a1' : start;
  const to = s.closed || s.to === from || squareOn(board, s.to) === null ? '' : s.to;
  return { ...s, from, to };
}

/** The state a link describes; anything unreadable falls back to the default. */
export function readState(params: URLSearchParams): ToursState {
  const s: ToursState = { ...DEFAULT_STATE };
  Object.assign(s, readBoardParam(params, parseSide));
  s.from = (params.get('from') ?? 'a1').trim().toLowerCase();
  s.to = (params.get('to') ?? '').trim().toLowerCase();
  s.closed = params.get('closed') === '1';
  const seed = params.get('seed') ?? '';
  if (/^[0-9]{1,15}$/.test(seed)) s.seed = Number(seed);
  const spec = params.get('piece');
  if (spec !== null && spec.trim() !== '') s.spec = spec.trim().slice(0, 100);
  const show = params.get('show');
  if (show === 'numbers' || show === 'both') s.show = show;
  const mode = params.get('mode');
  if (mode === 'play' || mode === 'search' || mode === 'table') s.mode = mode;
  // The person's path, read as a path on the page (as far as it is one); bounded so a long link costs nothing.
  s.path = (params.get('path') ?? '').trim().toLowerCase().slice(0, 8000);
  const famous = galleryEntryOf(params.get('famous') ?? '');
  if (famous) return { ...withFamous(s, famous.name), show: s.show, mode: s.mode };
  return fitToBoard(s);
}

/** The URL parameters of a state (read back by readState); defaults are left out to keep links short. */
export function writeState(s: ToursState): Record<string, string | undefined> {
  return {
    board: `${s.width}x${s.height}`,
    from: s.from,
    to: s.to || undefined,
    closed: s.closed ? '1' : undefined,
    seed: s.seed === undefined ? undefined : String(s.seed),
    piece: s.spec === 'knight' ? undefined : s.spec,
    show: s.show === 'path' ? undefined : s.show,
    mode: s.mode === 'tour' ? undefined : s.mode,
    famous: s.famous ? galleryLinkName(s.famous) : undefined,
    path: s.mode === 'play' && s.path ? s.path : undefined,
  };
}

/** The gallery entry a link names, by its name or an alias (`kumar-6x10` or `kumar-10x6`). */
function galleryEntryOf(key: string): GalleryTour | undefined {
  return key === '' ? undefined : GALLERY.find((g) => g.name === key || g.aliases?.includes(key) === true);
}

/**
 * The name a link gives a gallery tour: its alias where it has one (`kumar-10x6`, the board as width × height like
 * its title and the page's fields), else its name.
 */
function galleryLinkName(name: string): string {
  const g = galleryEntryOf(name);
  return g?.aliases?.[0] ?? name;
}

/** The state showing a gallery tour: its board, start and closure (the rest of the question does not apply). */
export function withFamous(s: ToursState, name: string): ToursState {
  const { tour } = galleryTour(name);
  const closed = tour.path.length > 2 && isLeap(tour.board, KNIGHT, tour.path[tour.path.length - 1], tour.path[0]);
  return {
    ...s,
    width: tour.board.width,
    height: tour.board.height,
    from: tour.board.name(tour.path[0]),
    to: '',
    closed,
    seed: undefined,
    spec: 'knight',
    famous: name,
    path: '',
  };
}

/** Fields that change the question: setting any of them leaves a gallery tour. */
export const QUESTION_FIELDS: readonly (keyof ToursState)[] = [
  'width',
  'height',
  'from',
  'to',
  'closed',
  'seed',
  'spec',
];

/** The leaper a spec names, or the reason it cannot tour (a bad spec, or a rider or slider). */
export function parseLeaper(spec: string): Piece | string {
  try {
    const p = parsePiece(spec);
    if (p.rides.length > 0 || p.slides.length > 0 || p.leaps.length === 0)
      return `Tours are for leapers only (knight, camel, zebra, giraffe or m,n); '${p.name}' is not one.`;
    return p;
  } catch (e) {
    if (e instanceof GridbitsError) return e.message;
    throw e;
  }
}

/** What a table cell says, as in the paper: backtracks (with the move array's letter when not the first), N or LIM. */
export function cellText(exists: boolean | null, backtracks: number, tryIndex: number | undefined): string {
  return tableCellText({ exists, backtracks, tryIndex });
}
