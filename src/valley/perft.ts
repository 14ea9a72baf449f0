// perft for King's Valley: leaf counts by depth with bulk counting at the last ply, and per-move divide.
import { GridbitsError } from '../core/error.js';
import { checkAborted, type RunOptions } from '../core/run.js';
import { DIR_OF_STEP, NEIGHBOURS, PAST_VALLEY, TO_VALLEY, VALLEY, popCount, slideEnd, squareName } from './geometry.js';
import { countMoves, isOver, positionMoves } from './movegen.js';
import type { ValleyPosition } from './state.js';

/** Deepest perft accepted: counts stay well below 2^53 (depth 9 from the start is 1.5e10, about 40 s; each ply multiplies by ~15). */
export const PERFT_MAX_DEPTH = 12;

// The side to move owns `own`; plain ints so the recursion makes and unmakes nothing but locals.
function perftInts(own: number, opp: number, ownKing: number, oppKing: number, ply: number, depth: number): number {
  if (isOver(own, opp, ownKing, oppKing)) return 0;
  if (depth === 1) return countMoves(own, opp, ownKing, ply === 0);
  if (depth === 2) return leavesAtTwo(own, opp, ownKing, oppKing, ply === 0);
  let nodes = 0;
  // generateInto's moves, walked in place: only directions whose first square is empty; a soldier may not stop on c3.
  const occ = own | opp, free = ~occ;
  for (let rest = ply === 0 ? own & ~(1 << ownKing) : own; rest !== 0; ) {
    const from = 31 - Math.clz32(rest);
    rest ^= 1 << from;
    const king = from === ownKing;
    for (let open = NEIGHBOURS[from] & free; open !== 0; ) {
      const step = 31 - Math.clz32(open & -open);
      open ^= 1 << step;
      const to = slideEnd(from, DIR_OF_STEP[step - from + 6], occ);
      if (to === VALLEY && !king) continue;
      nodes += perftInts(opp, own ^ ((1 << from) | (1 << to)), oppKing, king ? to : ownKing, ply + 1, depth - 1);
    }
  }
  return nodes;
}

// Bit counts of 13-bit halves: a 25-bit count in two loads, cheaper than the shift-and-add popCount here.
const POP13 = new Uint8Array(1 << 13);
for (let i = 1; i < 1 << 13; i++) POP13[i] = POP13[i >> 1] + (i & 1);

/** How many of these soldiers have a slide that would stop on the valley (and so is no move). */
function valleyStops(soldiers: number, occ: number): number {
  let n = 0;
  for (let s = soldiers; s !== 0; ) {
    const sq = 31 - Math.clz32(s);
    s ^= 1 << sq;
    if ((TO_VALLEY[sq] & occ) === 0 && (PAST_VALLEY[sq] & occ) !== 0) n++;
  }
  return n;
}

/**
 * perft 2 of a live position without making the replies: the opponent's move count after each of our moves is
 * updated from its count before — the freed square adds the opponent's pieces next to it, the filled square
 * takes away those next to it — then less its soldiers' slides that would now stop on the valley. This is
 * countMoves (the rule's one statement) done incrementally; the tests compare both against the reference.
 */
function leavesAtTwo(own: number, opp: number, ownKing: number, oppKing: number, firstPly: boolean): number {
  const occ = own | opp, free = ~occ, oppSoldiers = opp & ~(1 << oppKing);
  let base = 0, lines = 0;
  for (let rest = opp; rest !== 0; ) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    base += popCount(NEIGHBOURS[sq] & free);
    if (sq !== oppKing) lines |= TO_VALLEY[sq] | PAST_VALLEY[sq];
  }
  const stopsBefore = valleyStops(oppSoldiers, occ);
  let nodes = 0;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const from = 31 - Math.clz32(rest);
    rest ^= 1 << from;
    // Only the directions whose first square is empty give a move (edges and blocked lines cost nothing).
    for (let open = NEIGHBOURS[from] & free; open !== 0; ) {
      const step = 31 - Math.clz32(open & -open);
      open ^= 1 << step;
      const to = slideEnd(from, DIR_OF_STEP[step - from + 6], occ);
      // A soldier may not stop on the valley; a King that does has won, and the line ends with no replies.
      if (to === VALLEY) continue;
      const changed = (1 << from) | (1 << to), after = occ ^ changed;
      if ((NEIGHBOURS[oppKing] & ~after) === 0) continue;
      // Valley stops only change when the move touches a line from an opposing soldier to beyond c3.
      const stops = (changed & lines) === 0 ? stopsBefore : valleyStops(oppSoldiers, after);
      const gained = NEIGHBOURS[from] & opp, lost = NEIGHBOURS[to] & opp;
      const n = base + POP13[gained & 0x1fff] + POP13[gained >>> 13] - POP13[lost & 0x1fff] - POP13[lost >>> 13] - stops;
      nodes += n;
    }
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
