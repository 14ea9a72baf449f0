// perft for King's Valley: leaf counts by depth with bulk counting at the last ply, and per-move divide.
import { GridbitsError } from '../core/error.js';
import { checkAborted, type RunOptions } from '../core/run.js';
import { squareName } from './geometry.js';
import { MAX_MOVES, countMoves, generateInto, isOver, positionMoves } from './movegen.js';
import type { ValleyPosition } from './state.js';

/** Deepest perft the library accepts; depth 12 from the start already takes minutes. */
export const PERFT_MAX_DEPTH = 20;

// One move buffer per ply, shared by every call (perft never re-enters itself).
const BUF = new Int32Array((PERFT_MAX_DEPTH + 1) * MAX_MOVES);

// The side to move owns `own`; plain ints so the recursion makes and unmakes nothing but locals.
function perftInts(own: number, opp: number, ownKing: number, oppKing: number, ply: number, depth: number): number {
  if (isOver(own, opp, ownKing, oppKing)) return 0;
  if (depth === 1) return countMoves(own, opp, ownKing, ply === 0);
  const base = depth * MAX_MOVES;
  const n = generateInto(own, opp, ownKing, ply === 0, BUF, base);
  let nodes = 0;
  for (let i = base; i < base + n; i++) {
    const m = BUF[i], from = m & 31, to = m >>> 5;
    const moved = own ^ ((1 << from) | (1 << to));
    nodes += perftInts(opp, moved, oppKing, ownKing === from ? to : ownKing, ply + 1, depth - 1);
  }
  return nodes;
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > PERFT_MAX_DEPTH) {
    throw new GridbitsError('BAD_ARGUMENT', `perft depth must be a whole number from 0 to ${PERFT_MAX_DEPTH}, got ${depth}`);
  }
}

/** The number of move sequences of exactly `depth` plies (a game that ends early ends its line: no leaf). */
export function valleyPerft(p: ValleyPosition, depth: number): number {
  checkDepth(depth);
  if (depth === 0) return 1;
  const s = p.side;
  return perftInts(p.men[s], p.men[s ^ 1], p.kings[s], p.kings[s ^ 1], p.ply, depth);
}

// The leaves below one first move m of p.
function afterMove(p: ValleyPosition, m: number, depth: number): number {
  if (depth === 1) return 1;
  const s = p.side, from = m & 31, to = m >>> 5;
  const own = p.men[s] ^ ((1 << from) | (1 << to));
  const king = p.kings[s] === from ? to : p.kings[s];
  return perftInts(p.men[s ^ 1], own, p.kings[s ^ 1], king, p.ply + 1, depth - 1);
}

/** perft split by first move, in generation order: [move, leaves below it]. */
export function valleyDivide(p: ValleyPosition, depth: number): Array<[string, number]> {
  checkDepth(depth);
  if (depth === 0) return [];
  return positionMoves(p).map((m) => [squareName(m & 31) + squareName(m >>> 5), afterMove(p, m, depth)]);
}

/**
 * valleyDivide for long runs: yields to the event loop between first moves, so a signal can stop it
 * (ABORTED) and onProgress hears after each first move (unit "first moves").
 */
export async function valleyDivideAsync(p: ValleyPosition, depth: number, options: RunOptions = {}): Promise<Array<[string, number]>> {
  checkDepth(depth);
  if (depth === 0) return [];
  const moves = positionMoves(p);
  const rows: Array<[string, number]> = [];
  for (const m of moves) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    checkAborted(options.signal);
    rows.push([squareName(m & 31) + squareName(m >>> 5), afterMove(p, m, depth)]);
    options.onProgress?.({ done: rows.length, total: moves.length, unit: 'first moves' });
  }
  return rows;
}
