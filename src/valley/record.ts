// King's Valley game records: an optional variant line and starting position, then one move per line.
import { GridbitsError } from '../core/error.js';
import { START, formatPosition, parsePosition } from './notation.js';
import { play } from './position.js';
import { startPosition, type Position } from './state.js';

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
  const rec = readRecordLines(text);
  // The 5×5 games only: Retrieve the King differs from the standard game in its start, which the record holds.
  if (rec.variant !== null && rec.variant !== 'standard' && rec.variant !== 'retrieve') {
    throw new GridbitsError('BAD_INPUT', `game record: a '${rec.variant}' game is not on the 5×5 board (Game.fromRecord reads every variant)`);
  }
  const start = rec.start === null ? startPosition() : parsePosition(rec.start.text);
  const positions = [start];
  const moves: string[] = [];
  for (const { line, text: move } of rec.moves) {
    try {
      positions.push(play(positions[positions.length - 1], move));
    } catch (e) {
      if (e instanceof GridbitsError) throw new GridbitsError('BAD_INPUT', `game record line ${line}: ${e.message}`);
      throw e;
    }
    moves.push(move.toLowerCase());
  }
  return { start, moves, positions };
}

/** The record text: the starting position's line only when it is not the standard start. */
export function formatRecord(start: Position, moves: readonly string[]): string {
  return formatGameRecord('standard', START, formatPosition(start), moves);
}

/** One line of a record: its text and where it stands. */
export interface RecordLine {
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
  const lines = text.split(/\r?\n/).map((l, i) => ({ line: i + 1, text: l.trim() })).filter((l) => l.text !== '');
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
  const lines = [...(variant === 'standard' ? [] : [`variant ${variant}`]), ...(start === usualStart ? [] : [start]), ...moves];
  return lines.map((l) => l + '\n').join('');
}
