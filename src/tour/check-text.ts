// Checking a tour written as text (a list of squares, a numbered grid, or the JSON `gridbits tour` prints): the
// reading, the analysis and, when asked, how Euler's reversal closes it, as one job. A text of a million squares
// takes about a second to check; as a job it can be checked in a worker, where the caller can stop it at once.
import { boardFrom, type Board, type BoardSize } from '../core/board.js';
import { checkOptions, checkString, refuse } from '../core/check.js';
import { job, type Job } from '../core/job.js';
import { parsePiece, type Piece } from '../pieces/piece.js';
import { analyzeTour, type Analysis } from './analyze.js';
import { closeByEuler } from './euler.js';
import { parseTour, type ParsedTour } from './parse.js';

/** What `checkTourTextJob` is told besides the text. */
export interface TextCheckOptions {
  /** The board the tour must be on; left out, the text's own (the grid's size, the farthest square named). */
  board?: BoardSize;
  /** The leaper's spec, as `parsePiece` reads it (default the knight). */
  piece?: string;
  /** Also say whether Euler's reversal closes the path, and how. */
  close?: boolean;
}

/** Whether a path can be closed by Euler's reversal: how, and the closed tour; or why not. */
export interface ClosingAnswer {
  /** Whether the reversal closes it. */
  possible: boolean;
  /** How the reversal closes it (which squares it joins). */
  how?: string;
  /** The closed tour, as squares. */
  path?: number[];
  /** Why it cannot be closed. */
  reason?: string;
}

/** A checked tour, as plain data (a worker sends it back as it is). */
export interface TextCheck extends Omit<ParsedTour, 'board'> {
  /** The board the tour was read on. */
  board: Exclude<BoardSize, string>;
  /** What the analysis found. */
  analysis: Analysis;
  /** Given `close`: whether Euler's reversal closes it. */
  close?: ClosingAnswer;
}

/**
 * Reads a tour from text and checks it: one job, whose outcome is the tour as read, its analysis and, with
 * `close`, whether and how Euler's reversal closes it. Throws as `parseTour` does for text that is not a tour.
 */
export function checkTourTextJob(text: string, options: TextCheckOptions = {}): Job<TextCheck> {
  checkString(text, 'text');
  checkOptions(options, 'options');
  const piece = parsePiece(options.piece === undefined ? 'knight' : checkString(options.piece, 'options.piece'));
  const given = options.board === undefined ? undefined : boardFrom(options.board, 'options.board');
  if (options.close !== undefined && typeof options.close !== 'boolean')
    refuse('options.close', 'true or false', options.close);
  // One step: the reading and the analysis take about a second a million squares (run a large text in a worker).
  // eslint-disable-next-line require-yield
  return job(function* () {
    const read = parseTour(text, given);
    const { board, path } = read;
    const analysis = analyzeTour(board, path, { piece, numbers: read.numbers, problems: read.problems });
    let close: ClosingAnswer | undefined;
    if (options.close) close = closing(board, path, analysis, piece);
    return { ...read, board: { width: board.width, height: board.height }, analysis, ...(close ? { close } : {}) };
  });
}

function closing(board: Board, path: number[], analysis: Analysis, piece: Piece): ClosingAnswer {
  if (!analysis.isPath)
    return {
      possible: false,
      reason: 'it is not one path (repeated squares, numbers out of sequence or an illegal step); fix it first',
    };
  const c = closeByEuler(board, path, piece);
  return c === null
    ? { possible: false, reason: 'no square next to the end is followed by one next to the start (at either end)' }
    : { possible: true, how: c.how, path: c.path };
}
