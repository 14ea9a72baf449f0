// The shared vocabulary of the tour engine: what is asked (a query) and what is answered.
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { checkString } from '../core/check.js';

/** A question about tours of one piece on one board. */
export interface Query {
  /** The board. */
  board: Board;
  /** The leaper that tours (the knight unless told otherwise). */
  piece: Piece;
  /** A closed tour (the last square one move from the first) rather than an open one. */
  closed: boolean;
  /** Start square, if fixed. */
  from?: number;
  /** End square of an open tour, if fixed. */
  to?: number;
  /** Seed for the choices the method makes (different seeds give different tours where the board allows). */
  seed?: number;
}

/** What the engine says about a query. */
export interface Answer {
  /** true: a tour exists (and `path` is one); false: proved that none exists. */
  exists: boolean;
  /** Why: the theorem, construction or search that decides it. */
  reason: string;
  /** Whether the question was about closed tours. */
  closed: boolean;
  /** The tour as square indices, path[0] first. Present exactly when exists is true. */
  path?: Int32Array;
  /** How the answer was found: "theorem", "warnsdorff", "backtracking", "construction", … */
  method: string;
  /** Backtracks made by a search, when a search ran. */
  backtracks?: number;
}

/** How each method finds its answer, in the player's words. */
const METHOD_WORDS: Readonly<Record<string, string>> = {
  construction: 'built from blocks',
  warnsdorff: "found by Warnsdorff's rule",
  backtracking: 'found by searching',
  theorem: 'settled by a theorem',
  gallery: 'a famous tour from the gallery',
};

/**
 * How an answer was found (its `method`), in the player's words: "built from blocks", "found by searching",
 * "settled by a theorem"; the method's own name for one not listed.
 */
export function methodWords(method: string): string {
  checkString(method, 'method');
  return Object.hasOwn(METHOD_WORDS, method) ? METHOD_WORDS[method] : method;
}
