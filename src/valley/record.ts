// King's Valley game records: gridbits' own (an optional variant line and starting position, then one move per
// line) and AbstractPlay's JSON game records (moves in rounds).
import { GridbitsError } from '../core/error.js';
import { START, formatPosition, moveText, parsePosition } from './notation.js';
import { play } from './position.js';
import { positionArg, startPosition, type Position } from './state.js';
import { textArg } from './args.js';
import { refuse } from '../core/check.js';

/** A 5×5 game record read and replayed: its start, its moves, the position before each. */
export interface PositionRecord {
  /** The starting position. */
  start: Position;
  /** The moves, in notation. */
  moves: string[];
  /** positions[i] is the position before moves[i]; the last one is where the record ends. */
  positions: Position[];
}

/**
 * Reads a record; blank lines are skipped. Every move is checked against the rules: a bad one is a BAD_INPUT
 * naming its line, and nothing is returned.
 */
export function parseRecord(text: string): PositionRecord {
  const rec = readRecordLines(textArg(text, 'record'));
  // The 5×5 games only: Retrieve the King differs from the standard game in its start, which the record holds.
  if (rec.variant !== null && rec.variant !== 'standard' && rec.variant !== 'retrieve') {
    throw new GridbitsError(
      'BAD_INPUT',
      `game record: a '${rec.variant}' game is not on the 5×5 board (Game.fromRecord reads every variant)`,
    );
  }
  const start = rec.start === null ? startPosition() : parsePosition(rec.start.text);
  const positions = [start];
  const moves: string[] = [];
  for (const { line, text: move } of rec.moves) {
    try {
      positions.push(play(positions[positions.length - 1], moveText(move)));
    } catch (e) {
      if (e instanceof GridbitsError) throw new GridbitsError('BAD_INPUT', `game record line ${line}: ${e.message}`);
      throw e;
    }
    moves.push(moveText(move));
  }
  return { start, moves, positions };
}

/** The record text: the starting position's line only when it is not the standard start. */
export function formatRecord(start: Position, moves: readonly string[]): string {
  const text = formatPosition(positionArg(start, 'start'));
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === 'string'))
    refuse('moves', 'a list of moves in notation', moves);
  return formatGameRecord('standard', START, text, moves);
}

/** One line of a record: its text and where it stands. */
interface RecordLine {
  /** The line's number in the record, from 1 (blank lines counted). */
  line: number;
  /** The line's text, trimmed. */
  text: string;
}

/** A record of any variant, read but not yet replayed: each line's number kept so replay errors can name it. */
export interface RecordLines {
  /** From a `variant NAME` first line; null when absent. */
  variant: string | null;
  /** The starting position line; null when absent (the variant's start, White first). */
  start: RecordLine | null;
  /** The move lines. */
  moves: RecordLine[];
}

/**
 * Splits a game record: an optional `variant NAME` line (standard, retrieve, labyrinth), an optional starting
 * position (any line with '/'), then one move per line; blank lines are skipped. Checking is the replayer's.
 */
export function readRecordLines(text: string): RecordLines {
  const lines = text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, text: l.trim() }))
    .filter((l) => l.text !== '');
  let variant: string | null = null;
  let start: RecordLines['start'] = null;
  let i = 0;
  const header = lines.length > 0 ? /^variant:?\s+(\S+)$/i.exec(lines[0].text) : null;
  if (header !== null) {
    variant = header[1].toLowerCase();
    i++;
  }
  if (i < lines.length && lines[i].text.includes('/')) start = lines[i++];
  return { variant, start, moves: lines.slice(i) };
}

/**
 * A record of any variant: the `variant NAME` line unless it is the standard game, the start line unless it is
 * the variant's usual start (White first), then the moves. readRecordLines reads it back.
 */
export function formatGameRecord(variant: string, usualStart: string, start: string, moves: readonly string[]): string {
  const lines = [
    ...(variant === 'standard' ? [] : [`variant ${variant}`]),
    ...(start === usualStart ? [] : [start]),
    ...moves,
  ];
  return lines.map((l) => l + '\n').join('');
}

/** One move of an AbstractPlay record: where it stands (round and seat) and its text. */
export interface AbstractPlayMove {
  /** The round, from 1 (one move of each player). */
  round: number;
  /** The seat: 1 moves first (the pieces on rank 1, White in gridbits' notation), 2 second. */
  seat: 1 | 2;
  /** The move as written there, e.g. "a1-d4". */
  text: string;
}

/** An AbstractPlay game record of King's Valley, read but not yet replayed. */
export interface AbstractPlayRecord {
  /** gridbits' name of the variant: AbstractPlay's king-swap is Retrieve the King, labyrinth the Labyrinth. */
  variant: 'standard' | 'retrieve' | 'labyrinth';
  /** The moves in the order played. */
  moves: AbstractPlayMove[];
}

/** AbstractPlay's variant names and gridbits' (a record names at most one). */
const AP_VARIANTS: Record<string, 'retrieve' | 'labyrinth'> = {
  'king-swap': 'retrieve',
  kingswap: 'retrieve',
  retrieve: 'retrieve',
  labyrinth: 'labyrinth',
};

/** True when text looks like a JSON document (an AbstractPlay record) rather than gridbits' line-by-line record. */
export function isJsonRecord(text: string): boolean {
  textArg(text, 'record');
  return /^\s*\{/.test(text);
}

/**
 * Reads an AbstractPlay game record (the JSON of its game archive): `header.game.name` (when present) must name
 * King's Valley; the variant comes from `header.game.variants` (or a top-level `variants` list or `variant`
 * string): none is the standard game, `king-swap` Retrieve the King, `labyrinth` the Labyrinth. `moves` is a list
 * of rounds, each a list with one entry per seat: a move string ("a1-d4"), an object with a `move` string, or
 * null for no move. Throws BAD_INPUT naming the problem; the moves' legality is the replayer's check.
 */
export function readAbstractPlayRecord(text: string): AbstractPlayRecord {
  const bad = (problem: string): GridbitsError =>
    new GridbitsError('BAD_INPUT', `AbstractPlay game record: ${problem}`);
  let doc: unknown;
  try {
    doc = JSON.parse(textArg(text, 'record'));
  } catch (e) {
    throw bad(`not valid JSON (${(e as Error).message})`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw bad('expected a JSON object with "header" and "moves"');
  const rec = doc as {
    header?: { game?: { name?: unknown; variants?: unknown } };
    variants?: unknown;
    variant?: unknown;
    moves?: unknown;
  };
  const name = rec.header?.game?.name;
  if (name !== undefined && (typeof name !== 'string' || !/valley/i.test(name)))
    throw bad(`it is a record of ${JSON.stringify(name)}, not King's Valley`);
  const listed = rec.header?.game?.variants ?? rec.variants ?? (rec.variant === undefined ? [] : [rec.variant]);
  if (!Array.isArray(listed) || listed.some((v) => typeof v !== 'string'))
    throw bad('the variants must be a list of names');
  const found = new Set<'retrieve' | 'labyrinth'>();
  for (const v of listed as string[]) {
    const key = v.trim().toLowerCase();
    if (key === '' || key === 'standard') continue;
    const mine = Object.hasOwn(AP_VARIANTS, key) ? AP_VARIANTS[key] : undefined;
    if (mine === undefined) throw bad(`unknown variant '${v}' (king-swap or labyrinth)`);
    found.add(mine);
  }
  if (found.size > 1) throw bad(`two variants at once (${[...found].join(', ')})`);
  if (!Array.isArray(rec.moves)) throw bad('"moves" must be a list of rounds');
  const moves: AbstractPlayMove[] = [];
  rec.moves.forEach((round: unknown, i: number) => {
    const entries = Array.isArray(round) ? round : [round];
    if (entries.length > 2) throw bad(`round ${i + 1} has ${entries.length} moves; King's Valley has 2 players`);
    entries.forEach((entry: unknown, j: number) => {
      if (entry === null) return;
      const move =
        typeof entry === 'string'
          ? entry
          : typeof entry === 'object' && typeof (entry as { move?: unknown }).move === 'string'
            ? (entry as { move: string }).move
            : undefined;
      if (move === undefined)
        throw bad(`round ${i + 1}: a move must be a string like "a1-d4", got ${JSON.stringify(entry)}`);
      moves.push({ round: i + 1, seat: (j + 1) as 1 | 2, text: move });
    });
  });
  return { variant: found.size === 0 ? 'standard' : [...found][0], moves };
}
