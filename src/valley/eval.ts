// Static evaluation of a King's Valley position for the side to move, over any Engine (5×5, Labyrinth).
import type { Engine } from './engine.js';
import { Engine5 } from './engine5.js';
import { NEIGHBOURS, VALLEY, popCount, slideEnd } from './geometry.js';
import { kingReachesValley } from './kernel.js';
import { SIDES, otherSide } from './state.js';
import { engineArg } from './variant.js';

/**
 * Scale: points, positive = good for the side to move. Static scores stay within ±EVAL_MAX; exact game results
 * (search.ts) sit far above it, at ±(WIN − plies).
 */
export const EVAL_MAX = 10000;

/** A King this many slides or more from the valley counts as far; the BFS stops there. */
const FAR = 4;

// Worth of a King's distance to the valley, by slides (index 1..FAR). Distance 1 for the side to move is a win
// next move, for the other side a threat that must be answered at once.
const DIST_VALUE = [0, 900, 160, 50, 0];
// Extra for each further square from which the King's last slide would reach the valley: two routes are hard
// to block with one move.
const ROUTE = 25;
const MOBILITY = 3;
// A King with few open directions is close to being boxed in (a loss at the start of its turn).
const KING_FREEDOM = [-400, -90, -30, -8, 0, 0, 0, 0, 0];
const TEMPO = 12;

// BFS scratch shared by every call (evaluation never re-enters itself): visit stamps and a queue over squares.
const seen = new Int32Array(64);
const queue = new Int32Array(64);
let stamp = 0;

// A BFS answers two numbers in one int, allocation-free: the distance in slides (0..FAR) in the low 3 bits, and
// the number of squares on the last level that reach the valley in one slide (its routes) above them.
const ROUTES_SHIFT = 3;
const distanceOf = (r: number): number => r & ((1 << ROUTES_SHIFT) - 1);
const routesOf = (r: number): number => r >>> ROUTES_SHIFT;

/**
 * How many slides the King on `from` needs to reach the valley with every other piece standing still (FAR when
 * FAR or more), and its routes (packed: see distanceOf, routesOf). The King's own square stays occupied for the BFS: a
 * path through it is never shorter than a slide from it, so only a few stopping squares are invented beside it.
 */
function slideDistance(e: Engine, from: number): number {
  const valley = e.valley;
  if (from === valley) return 0;
  if (++stamp === 0x7fffffff) {
    seen.fill(0);
    stamp = 1;
  }
  seen[from] = stamp;
  queue[0] = from;
  let head = 0,
    tail = 1;
  for (let dist = 1; dist < FAR; dist++) {
    const end = tail;
    let routes = 0;
    while (head < end) {
      const sq = queue[head++];
      for (let d = 0; d < 8; d++) {
        const to = e.slideEnd(sq, d);
        if (to === sq) continue;
        if (to === valley) {
          routes++;
          break;
        }
        if (seen[to] !== stamp) {
          seen[to] = stamp;
          queue[tail++] = to;
        }
      }
    }
    if (routes > 0) return dist | (routes << ROUTES_SHIFT);
    if (tail === end) break;
  }
  return FAR;
}

/**
 * slideDistance on the 5×5 masks, exact: the King's own square is taken off the board for the BFS. Frontiers
 * are bit sets, so a square reached twice is expanded once.
 */
function slideDistance5(occAll: number, from: number): number {
  if (from === VALLEY) return 0;
  const occ = occAll & ~(1 << from);
  let frontier = 1 << from,
    seenMask = frontier;
  for (let dist = 1; dist < FAR; dist++) {
    let next = 0,
      routes = 0;
    for (let rest = frontier; rest !== 0;) {
      const sq = 31 - Math.clz32(rest);
      rest ^= 1 << sq;
      if (kingReachesValley(sq, occ)) {
        routes++;
        continue;
      }
      for (let d = 0; d < 8; d++) next |= 1 << slideEnd(sq, d, occ);
    }
    if (routes > 0) return dist | (routes << ROUTES_SHIFT);
    frontier = next & ~seenMask;
    seenMask |= next;
    if (frontier === 0) break;
  }
  return FAR;
}

/** evaluate on the 5×5 masks. */
function evaluate5(e: Engine5): number {
  const us = e.turn,
    them = us ^ 1,
    occ = e.men[0] | e.men[1];
  const kUs = e.kings[us],
    kThem = e.kings[them];
  const us5 = slideDistance5(occ, kUs),
    dUs = distanceOf(us5),
    rUs = routesOf(us5);
  if (dUs === 1 && e.ply > 0) return EVAL_MAX;
  const them5 = slideDistance5(occ, kThem),
    dThem = distanceOf(them5),
    rThem = routesOf(them5);
  let score = DIST_VALUE[dUs] - DIST_VALUE[dThem] + TEMPO;
  score += ROUTE * (Math.min(rUs, 3) - Math.min(rThem, 3));
  score += MOBILITY * (e.countMoves(us) - e.countMoves(them));
  score += KING_FREEDOM[popCount(NEIGHBOURS[kUs] & ~occ)] - KING_FREEDOM[popCount(NEIGHBOURS[kThem] & ~occ)];
  return score;
}

/** The number of directions the King on sq can slide in. */
function openDirections(e: Engine, sq: number): number {
  let n = 0;
  for (let d = 0; d < 8; d++) if (e.slideEnd(sq, d) !== sq) n++;
  return n;
}

/**
 * True when the King of the side of that index (WHITE, BLACK) reaches the valley in one slide (a win if it is
 * that side's move, after ply 0).
 */
export function kingOneSlideAway(e: Engine, side: number): boolean {
  if (e instanceof Engine5) return kingReachesValley(e.kings[side], e.men[0] | e.men[1]);
  const k = e.king(SIDES[side]),
    valley = e.valley;
  for (let d = 0; d < 8; d++) if (e.slideEnd(k, d) === valley) return true;
  return false;
}

/**
 * The position's worth for the side to move, in points within ±EVAL_MAX (the search's default evaluation).
 * Terms: each King's distance to the valley in slides and its number of last-slide routes, mobility, the Kings'
 * open directions, the move. Call it on a live position (no winner yet).
 */
export function evaluate(engine: Engine): number {
  return staticScore(engineArg(engine));
}

/** evaluate, unchecked: the search's inner loop calls it at every leaf. */
export function staticScore(e: Engine): number {
  if (e instanceof Engine5) return evaluate5(e);
  const us = e.side,
    them = otherSide(us);
  const usR = slideDistance(e, e.king(us)),
    dUs = distanceOf(usR),
    rUs = routesOf(usR);
  const themR = slideDistance(e, e.king(them)),
    dThem = distanceOf(themR),
    rThem = routesOf(themR);
  // Our move and one slide home: won unless the first-move rule holds the King back.
  if (dUs === 1 && e.ply > 0) return EVAL_MAX;
  let score = DIST_VALUE[dUs] - DIST_VALUE[dThem] + TEMPO;
  score += ROUTE * (Math.min(rUs, 3) - Math.min(rThem, 3));
  score += MOBILITY * (e.mobility(us) - e.mobility(them));
  score += KING_FREEDOM[openDirections(e, e.king(us))] - KING_FREEDOM[openDirections(e, e.king(them))];
  return score;
}

/** The simple evaluation of the greedy player: the Kings' slide distances only. */
export function simpleEvaluate(e: Engine): number {
  const us = e.side;
  return 100 * (distanceOf(slideDistance(e, e.king(otherSide(us)))) - distanceOf(slideDistance(e, e.king(us))));
}
