// Zobrist key tables: seeded random 32-bit words, so every engine (5×5, Labyrinth) builds its keys the same way.
import { createRng } from '../core/prng.js';

/**
 * count random 32-bit words from createRng(seed). An engine keys its positions with two such tables (lo and hi
 * halves, different seeds), one word per (piece kind, square) plus one for the side to move and one for the
 * first-move rule: 64 bits make a collision between two positions of one search vanishingly rare.
 */
export function zobristKeys(count: number, seed: number): Int32Array {
  const rng = createRng(seed);
  const keys = new Int32Array(count);
  for (let i = 0; i < count; i++) keys[i] = rng.nextU32() | 0;
  return keys;
}

/** The seeds the built-in engines use for their lo and hi tables (fixed, so keys are stable across runs). */
export const ZOBRIST_SEED_LO = 0x5a1e7;
export const ZOBRIST_SEED_HI = 0x7e11a;
