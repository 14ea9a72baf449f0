// King's Valley game records: an optional starting position on the first line, then one move per line.
import { GridbitsError } from '../core/error.js';
import { VALLEY_START, formatValleyPosition, parseValleyPosition, playValleyMove } from './notation.js';
import { valleyStart, type ValleyPosition } from './state.js';

export interface ValleyRecord {
  start: ValleyPosition;
  moves: string[];
  /** positions[i] is the position before moves[i]; the last one is where the record ends. */
  positions: ValleyPosition[];
}

/**
 * Reads a record; blank lines are skipped. Every move is checked against the rules: a bad one is a BAD_INPUT
 * naming its line, and nothing is returned.
 */
export function parseValleyRecord(text: string): ValleyRecord {
  const lines = text.split(/\r?\n/).map((l, i) => [i + 1, l.trim()] as const).filter(([, l]) => l !== '');
  let start = valleyStart();
  let rest = lines;
  if (lines.length > 0 && lines[0][1].includes('/')) {
    start = parseValleyPosition(lines[0][1]);
    rest = lines.slice(1);
  }
  const positions = [start];
  const moves: string[] = [];
  for (const [lineNo, move] of rest) {
    try {
      positions.push(playValleyMove(positions[positions.length - 1], move));
    } catch (e) {
      if (e instanceof GridbitsError) throw new GridbitsError('BAD_INPUT', `game record line ${lineNo}: ${e.message}`);
      throw e;
    }
    moves.push(move.toLowerCase());
  }
  return { start, moves, positions };
}

/** The record text: the starting position's line only when it is not the standard start. */
export function formatValleyRecord(start: ValleyPosition, moves: readonly string[]): string {
  const first = formatValleyPosition(start);
  const lines = first === VALLEY_START ? [...moves] : [first, ...moves];
  return lines.map((l) => l + '\n').join('');
}

/** A record of any variant, read but not yet replayed: each line's number kept so replay errors can name it. */
export interface ValleyRecordLines {
  /** From a `variant NAME` first line; null when absent. */
  variant: string | null;
  /** The starting position line; null when absent (the variant's start, White first). */
  start: { line: number; text: string } | null;
  moves: Array<{ line: number; text: string }>;
}

/**
 * Splits a game record: an optional `variant NAME` line (standard, retrieve, labyrinth), an optional starting
 * position (any line with '/'), then one move per line; blank lines are skipped. Checking is the replayer's.
 */
export function readValleyRecordLines(text: string): ValleyRecordLines {
  const lines = text.split(/\r?\n/).map((l, i) => ({ line: i + 1, text: l.trim() })).filter((l) => l.text !== '');
  let variant: string | null = null;
  let start: ValleyRecordLines['start'] = null;
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
 * the variant's usual start (White first), then the moves. readValleyRecordLines reads it back.
 */
export function formatValleyGameRecord(variant: string, usualStart: string, start: string, moves: readonly string[]): string {
  const lines = [...(variant === 'standard' ? [] : [`variant ${variant}`]), ...(start === usualStart ? [] : [start]), ...moves];
  return lines.map((l) => l + '\n').join('');
}
