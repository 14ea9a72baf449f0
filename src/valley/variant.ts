// King's Valley variants (standard, Retrieve the King, Labyrinth): board, valley, pillars, start, notation, engine,
// perft.
import { Board } from '../core/board.js';
import { textArg } from './args.js';
import { GridbitsError } from '../core/error.js';
import { isPlainObject, refuse } from '../core/check.js';
import type { Engine } from './engine.js';
import { Engine5, createEngine } from './engine5.js';
import { LABYRINTH_GRID, LABYRINTH_START, LabyrinthEngine, createLabyrinthEngine } from './labyrinth.js';
import {
  STANDARD_GRID,
  START,
  formatSetup,
  parseSetup,
  setupToPosition,
  type GridSpec,
  type Setup,
} from './notation.js';
import type { Move } from './move.js';
import { sideArg, type Side } from './state.js';

/** The variants' names. */
export type VariantName = 'standard' | 'retrieve' | 'labyrinth';

/** A variant: its board, start and notation. */
export interface Variant {
  /** Its name. */
  readonly name: VariantName;
  /** For people: "Retrieve the King". */
  readonly title: string;
  /** Board side, valley, pillars, soldiers a side: what its position strings hold. */
  readonly grid: GridSpec;
  /** Its board (square names). */
  readonly board: Board;
  /** The start with White to move (see variantStart for Black first). */
  readonly start: string;
  /** One line on what sets it apart, for help texts. */
  readonly about: string;
}

const RETRIEVE_START = 'ssKss/5/5/5/SSkSS w 0';

/** Every variant by name. */
export const VARIANTS: Readonly<Record<VariantName, Variant>> = {
  standard: {
    name: 'standard',
    title: "King's Valley",
    grid: STANDARD_GRID,
    board: Board.of(5, 5),
    start: START,
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
    about:
      "7×7, valley d4; King and six soldiers on their own first rank, the Kings in the middle (d1, d7: sources differ, this is gridbits' choice); pillars on b3 b5 f3 f5 ('#' in positions) block like pieces",
  },
};

/** The variants' names, standard first. */
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

/** The variant of that name; throws BAD_ARGUMENT listing the names. */
export function findVariant(name: string): Variant {
  textArg(name, 'variant');
  const v = Object.hasOwn(VARIANTS, name) ? (VARIANTS as Record<string, Variant>)[name] : undefined;
  if (v === undefined)
    throw new GridbitsError('BAD_ARGUMENT', `unknown King's Valley variant '${name}' (${VARIANT_NAMES.join(', ')})`);
  return v;
}

function variantOf(v: Variant | VariantName): Variant {
  if (typeof v === 'string') return findVariant(v);
  if (!Object.values(VARIANTS).includes(v))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `variant must be a variant's name (${VARIANT_NAMES.join(', ')}) or one of VARIANTS`,
    );
  return v;
}

/** The start position string with `first` to move. */
export function variantStart(variant: Variant | VariantName, first: Side = 'white'): string {
  const start = variantOf(variant).start;
  sideArg(first, 'first');
  return first === 'white' ? start : start.replace(/ w 0$/, ' b 0');
}

/** Parses a position string of the variant; throws BAD_INPUT naming the problem. */
export function parseVariantPosition(variant: Variant | VariantName, text: string): Setup {
  textArg(text, 'position');
  return parseSetup(text, variantOf(variant).grid);
}

/** The position string of a setup in the variant's notation. */
export function formatVariantPosition(variant: Variant | VariantName, setup: Setup): string {
  const v = variantOf(variant);
  return formatSetup(setupArg(setup, v), v.grid);
}

const isSquares = (v: unknown, cells: number): v is number[] =>
  Array.isArray(v) && v.every((sq) => Number.isInteger(sq) && sq >= 0 && sq < cells) && new Set(v).size === v.length;

/**
 * A setup of the variant (parseVariantPosition, Game#setup): its board side, each side's squares apart and off
 * the pillars, each King among its side's, the side to move, the ply — and a position of the variant by its
 * rules; else BAD_ARGUMENT (BAD_INPUT for the rules) naming it.
 */
function setupArg(value: unknown, v: Variant, name = 'setup'): Setup {
  const cells = v.grid.size * v.grid.size;
  if (!isPlainObject(value)) refuse(name, `a ${v.title} position (parseVariantPosition)`, value);
  const { size, men, kings } = value;
  if (size !== v.grid.size)
    refuse(`${name}.size`, `${v.grid.size} (${v.title} is played on ${v.grid.size}×${v.grid.size})`, size);
  if (
    !Array.isArray(men) ||
    men.length !== 2 ||
    !men.every((m) => isSquares(m, cells)) ||
    men[0].some((sq: number) => men[1].includes(sq)) ||
    men.some((m: number[]) => m.some((sq) => v.grid.pillars.includes(sq)))
  )
    refuse(`${name}.men`, "each side's squares, apart and off the pillars", men);
  if (!Array.isArray(kings) || kings.length !== 2 || kings.some((k, c) => !men[c].includes(k)))
    refuse(`${name}.kings`, "each side's King square, among its squares", kings);
  sideArg(value.side, `${name}.side`);
  if (!Number.isSafeInteger(value.ply) || (value.ply as number) < 0)
    refuse(`${name}.ply`, 'a whole number ≥ 0', value.ply);
  const setup = value as unknown as Setup;
  // The rules' checks (soldiers a side, none on the valley, no game over at its start): the notation's.
  try {
    parseSetup(formatSetup(setup, v.grid), v.grid);
  } catch (e) {
    if (e instanceof GridbitsError) throw new GridbitsError(e.code, `${name}: ${e.message}`);
    throw e;
  }
  return setup;
}

/** An engine for the variant at a position (a string in its notation, or a setup); its start by default. */
export function createVariantEngine(variant: Variant | VariantName, position?: string | Setup): Engine {
  const v = variantOf(variant);
  const setup =
    position === undefined
      ? parseVariantPosition(v, v.start)
      : typeof position === 'string'
        ? parseVariantPosition(v, position)
        : setupArg(position, v, 'position');
  return v.grid.size === 5 ? createEngine(setupToPosition(setup)) : createLabyrinthEngine(setup);
}

/** The legal moves of the engine's position in generation order (none when it is over). */
export function engineMoves(engine: Engine): Move[] {
  const buf = new Int32Array(64);
  return Array.from(buf.subarray(0, engineArg(engine).generate(buf, 0))) as Move[];
}

/** What an engine does: an object with these methods (see Engine) is taken for one. */
const ENGINE_METHODS = [
  'boardKey',
  'generate',
  'make',
  'unmake',
  'winner',
  'king',
  'occupied',
  'slideEnd',
  'mobility',
  'clone',
] as const;

/**
 * An engine (createEngine, createVariantEngine, Game#engine, or another implementation of the interface on a
 * 5×5 or 7×7 board), else BAD_ARGUMENT naming it.
 */
export function engineArg(value: unknown, name = 'engine'): Engine {
  if (value instanceof Engine5 || value instanceof LabyrinthEngine) return value;
  const e = value as Partial<Record<string, unknown>> | null;
  const ok =
    typeof e === 'object' &&
    e !== null &&
    ENGINE_METHODS.every((f) => typeof e[f] === 'function') &&
    e.board instanceof Board &&
    (e.size === 5 || e.size === 7) &&
    (e.side === 'white' || e.side === 'black');
  if (!ok) refuse(name, "a King's Valley engine (createEngine, createVariantEngine)", value);
  return value as Engine;
}
