// The interface search, play and the solver drive: one variant's rules over one mutable position.
import type { Board } from '../core/board.js';
import type { Move } from './move.js';
import type { Winner, Side } from './state.js';

/**
 * A King's Valley position under one variant's rules, changed in place by make/unmake (no allocation).
 * Moves are move.ts's {@link Move} codes (`from | to << 6`; squares are rank * size + file).
 * The standard and Retrieve-the-King games (5×5) and Labyrinth (7×7 with pillars) each implement it: make one
 * with {@link createEngine} or {@link createVariantEngine}. Another implementation of it (on a 5×5 or 7×7
 * board) is searched and counted through these members alone.
 */
export interface Engine {
  /** Board side: 5, or 7 for Labyrinth. */
  readonly size: number;
  /** The board (its square names: moves are written with them, see formatMove). */
  readonly board: Board;
  /** The valley's square. */
  readonly valley: number;
  /** The side to move; read it, change it only through make/unmake. */
  readonly side: Side;
  /** Plies played. */
  readonly ply: number;
  /**
   * Zobrist key of the pieces and the side to move (and whether the first-move rule still applies), as two 32-bit
   * halves.
   */
  readonly keyLo: number;
  /** The key's high half (see keyLo). */
  readonly keyHi: number;
  /**
   * The key of the board and the side to move only: keyLo/keyHi without the first-move flag. Positions the
   * draw rule counts as the same have the same board key (the start position and the same board met later).
   */
  boardKey(): [number, number];
  /** Writes the legal moves of the side to move into out from index at; returns how many (0 when the game is over). */
  generate(out: Int32Array, at: number): number;
  /** Plays m, a move generate wrote (no legality check). */
  make(m: Move): void;
  /** Takes back m, the last move made. */
  unmake(m: Move): void;
  /** The winner if the game is over now (a King on the valley; the side to move's King boxed in), else null. */
  winner(): Winner;
  /** The square of that side's King. */
  king(side: Side): number;
  /** True when sq holds a piece or a pillar. */
  occupied(sq: number): boolean;
  /** Where a piece on sq would stop sliding in direction d (0..7), sq itself when it cannot move that way. */
  slideEnd(sq: number, d: number): number;
  /**
   * The number of legal moves that side would have if it were to move now (mobility). For the side to move it
   * is exactly the number generate writes: perft counts its last ply by it (bulk counting, no slides walked).
   */
  mobility(side: Side): number;
  /** A new engine at the same position (same variant), to search without touching this one. */
  clone(): Engine;
  /** The position in the variant's notation (ranks top down, side, ply). */
  toString(): string;
}
