// King's Valley variants (standard, Retrieve the King, Labyrinth): board, valley, pillars, start, notation, engine, perft.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { checkAborted, type RunOptions } from '../core/run.js';
import type { ValleyEngine } from './engine.js';
import { createValleyEngine } from './engine5.js';
import { LABYRINTH_GRID, LABYRINTH_START, createLabyrinthEngine } from './labyrinth.js';
import { STANDARD_GRID, VALLEY_START, formatValleySetup, parseValleySetup, setupToPosition, type ValleyGridSpec, type ValleySetup } from './notation.js';
import { PERFT_MAX_DEPTH } from './perft.js';
import { formatEngineMove } from './search.js';
import { WHITE, type ValleySide } from './state.js';

export type ValleyVariantName = 'standard' | 'retrieve' | 'labyrinth';

export interface ValleyVariant {
  readonly name: ValleyVariantName;
  /** For people: "Retrieve the King". */
  readonly title: string;
  /** Board side, valley, pillars, soldiers a side: what its position strings hold. */
  readonly grid: ValleyGridSpec;
  readonly board: Board;
  /** The start with White to move (see valleyVariantStart for Black first). */
  readonly start: string;
  /** One line on what sets it apart, for help texts. */
  readonly about: string;
}

const RETRIEVE_START = 'ssKss/5/5/5/SSkSS w 0';

export const VALLEY_VARIANTS: Readonly<Record<ValleyVariantName, ValleyVariant>> = {
  standard: {
    name: 'standard',
    title: "King's Valley",
    grid: STANDARD_GRID,
    board: Board.of(5, 5),
    start: VALLEY_START,
    about: '5×5, valley c3; King and four soldiers on their own first rank, the King in the middle',
  },
  retrieve: {
    name: 'retrieve',
    title: 'Retrieve the King',
    grid: STANDARD_GRID,
    board: Board.of(5, 5),
    start: RETRIEVE_START,
    about: "5×5, valley c3; each King starts in the middle of the opponent's first rank (White's on c5, Black's on c1)",
  },
  labyrinth: {
    name: 'labyrinth',
    title: 'Labyrinth',
    grid: LABYRINTH_GRID,
    board: Board.of(7, 7),
    start: LABYRINTH_START,
    about: "7×7, valley d4; King and six soldiers on their own first rank, the Kings in the middle (d1, d7: sources differ, this is gridbits' choice); pillars on b3 b5 f3 f5 ('#' in positions) block like pieces",
  },
};

export const VALLEY_VARIANT_NAMES = Object.keys(VALLEY_VARIANTS) as ValleyVariantName[];

/** The variant of that name; throws BAD_ARGUMENT listing the names. */
export function valleyVariant(name: string): ValleyVariant {
  const v = Object.hasOwn(VALLEY_VARIANTS, name) ? (VALLEY_VARIANTS as Record<string, ValleyVariant>)[name] : undefined;
  if (v === undefined) throw new GridbitsError('BAD_ARGUMENT', `unknown King's Valley variant '${name}' (${VALLEY_VARIANT_NAMES.join(', ')})`);
  return v;
}

function variantOf(v: ValleyVariant | ValleyVariantName): ValleyVariant {
  return typeof v === 'string' ? valleyVariant(v) : v;
}

/** The start position string with `first` to move. */
export function valleyVariantStart(variant: ValleyVariant | ValleyVariantName, first: ValleySide = WHITE): string {
  const start = variantOf(variant).start;
  return first === WHITE ? start : start.replace(/ w 0$/, ' b 0');
}

/** Parses a position string of the variant; throws BAD_INPUT naming the problem. */
export function parseVariantPosition(variant: ValleyVariant | ValleyVariantName, text: string): ValleySetup {
  return parseValleySetup(text, variantOf(variant).grid);
}

export function formatVariantPosition(variant: ValleyVariant | ValleyVariantName, setup: ValleySetup): string {
  return formatValleySetup(setup, variantOf(variant).grid);
}

/** An engine for the variant at a position (a string in its notation, or a setup); its start by default. */
export function createVariantEngine(variant: ValleyVariant | ValleyVariantName, position?: string | ValleySetup): ValleyEngine {
  const v = variantOf(variant);
  const setup = position === undefined ? parseVariantPosition(v, v.start) : typeof position === 'string' ? parseVariantPosition(v, position) : position;
  if (setup.size !== v.grid.size) throw new GridbitsError('BAD_ARGUMENT', `${v.title} is played on ${v.grid.size}×${v.grid.size}, got a ${setup.size}×${setup.size} position`);
  return v.grid.size === 5 ? createValleyEngine(setupToPosition(setup)) : createLabyrinthEngine(setup);
}

/** The most moves any variant's position has (7 pieces × 8 directions), rounded up: a buffer size per ply. */
export const VARIANT_MAX_MOVES = 64;

/** The legal moves of the engine's position (none when it is over), as ints. */
export function engineMoves(engine: ValleyEngine): number[] {
  const buf = new Int32Array(VARIANT_MAX_MOVES);
  return Array.from(buf.subarray(0, engine.generate(buf, 0)));
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > PERFT_MAX_DEPTH) {
    throw new GridbitsError('BAD_ARGUMENT', `perft depth must be a whole number from 0 to ${PERFT_MAX_DEPTH}, got ${depth}`);
  }
}

// Leaves below the engine's position; the last ply only counts the moves generate writes (bulk counting).
function perftFrom(e: ValleyEngine, depth: number, buf: Int32Array, base: number): number {
  const n = e.generate(buf, base);
  if (depth === 1) return n;
  let nodes = 0;
  for (let i = base; i < base + n; i++) {
    const m = buf[i];
    e.make(m);
    nodes += perftFrom(e, depth - 1, buf, base + VARIANT_MAX_MOVES);
    e.unmake(m);
  }
  return nodes;
}

/** perft over any ValleyEngine (the position is restored afterwards). */
export function enginePerft(engine: ValleyEngine, depth: number): number {
  checkDepth(depth);
  if (depth === 0) return 1;
  return perftFrom(engine, depth, new Int32Array(depth * VARIANT_MAX_MOVES), 0);
}

/**
 * perft split by first move, [move, leaves] in generation order; yields to the event loop between first moves
 * so a signal can stop it (ABORTED) and onProgress hears after each one (unit "first moves").
 */
export async function engineDivideAsync(engine: ValleyEngine, depth: number, options: RunOptions = {}): Promise<Array<[string, number]>> {
  checkDepth(depth);
  if (depth === 0) return [];
  const moves = engineMoves(engine);
  const buf = new Int32Array(depth * VARIANT_MAX_MOVES);
  const rows: Array<[string, number]> = [];
  for (const m of moves) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    checkAborted(options.signal);
    engine.make(m);
    const n = depth === 1 ? 1 : perftFrom(engine, depth - 1, buf, 0);
    engine.unmake(m);
    rows.push([formatEngineMove(engine, m), n]);
    options.onProgress?.({ done: rows.length, total: moves.length, unit: 'first moves' });
  }
  return rows;
}
