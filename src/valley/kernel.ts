// The 5×5 hot loops on 25-bit masks, kept inlined for speed; each names the rule it inlines. Moves are move.ts's
// `from | to << 6`. The rules: (R1) a piece slides as far as it can in one of 8 directions; (R2) a soldier may
// not stop on the valley; (R3) on the game's first ply only soldiers move; (R4) the game is over when a King
// stands on the valley (its side wins) or the side to move has its King boxed in (that side loses).
import * as geometry from './geometry.js';

// geometry's tables and helpers as this module's own constants: V8 reads an imported binding through its
// module cell, checking that it is initialised, on every use in a hot loop, and a module constant directly —
// perft from the start measured about 20 % faster this way.
const { DIR_OF_STEP, END, NEIGHBOURS, PAST_VALLEY, RAY, STEP, TO_VALLEY, UP_DIRS, VALLEY, popCount, slideEnd } =
  geometry;

/** The most moves a 5×5 position can have: 5 pieces × 8 directions. */
export const MAX_MOVES = 40;

/** R4 as a test: true when the side owning `own` (to move) has no moves because the game is over. */
export function isOver(own: number, opp: number, ownKing: number, oppKing: number): boolean {
  return ownKing === VALLEY || oppKing === VALLEY || (NEIGHBOURS[ownKing] & ~(own | opp)) === 0;
}

/** R4, the one winner rule: 0 White wins, 1 Black wins, -1 while the game goes on (`side` is to move). */
export function maskWinner(white: number, black: number, whiteKing: number, blackKing: number, side: number): number {
  if (whiteKing === VALLEY) return 0;
  if (blackKing === VALLEY) return 1;
  return (NEIGHBOURS[side === 0 ? whiteKing : blackKing] & ~(white | black)) === 0 ? side ^ 1 : -1;
}

/**
 * R1–R3: writes the moves of the side owning `own` into out from index `at`, direction by direction (0..7 as in
 * geometry.ts); returns how many. Terminal positions (R4) are the caller's check.
 */
export function generateInto(
  own: number,
  opp: number,
  ownKing: number,
  firstPly: boolean,
  out: Int32Array,
  at: number,
): number {
  const occ = own | opp;
  let n = at;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    const soldier = sq !== ownKing;
    for (let d = 0; d < 8; d++) {
      const to = slideEnd(sq, d, occ);
      if (to === sq || (soldier && to === VALLEY)) continue;
      out[n++] = sq | (to << 6);
    }
  }
  return n - at;
}

/**
 * R1–R3 as generateInto, walking only the open directions (an empty first square), lowest step square first:
 * the order perft and the solver search in. Returns how many moves it wrote.
 */
export function generateOpen(
  own: number,
  opp: number,
  ownKing: number,
  firstPly: boolean,
  out: Int32Array,
  at: number,
): number {
  const occ = own | opp,
    free = ~occ;
  let n = at;
  for (let rest = firstPly ? own & ~(1 << ownKing) : own; rest !== 0;) {
    const from = 31 - Math.clz32(rest);
    rest ^= 1 << from;
    const king = from === ownKing;
    for (let open = NEIGHBOURS[from] & free; open !== 0;) {
      const step = 31 - Math.clz32(open & -open);
      open ^= 1 << step;
      const to = slideEnd(from, DIR_OF_STEP[step - from + 6], occ);
      if (to === VALLEY && !king) continue;
      out[n++] = from | (to << 6);
    }
  }
  return n - at;
}

/**
 * R1–R3 counted without sliding (bulk counting at perft's last ply): a piece has one move per empty neighbour,
 * less a soldier's slide that would stop on the valley.
 */
export function countMoves(own: number, opp: number, ownKing: number, firstPly: boolean): number {
  const occ = own | opp,
    free = ~occ;
  let n = 0;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    n += popCount(NEIGHBOURS[sq] & free);
    if (sq !== ownKing && (TO_VALLEY[sq] & occ) === 0 && (PAST_VALLEY[sq] & occ) !== 0) n--;
  }
  return n;
}

/** R1 and R4 for a King: true when the King on `king` can slide onto the valley now (the slide must stop there). */
export function kingReachesValley(king: number, occ: number): boolean {
  return (TO_VALLEY[king] & occ) === 0 && (PAST_VALLEY[king] & occ) !== 0;
}

/**
 * perft below a position (the side to move owns `own`), `depth` ≥ 1; `buf` holds MAX_MOVES moves per ply from
 * `at`. R4 ends a line (no leaf); the last two plies are counted by leavesAtTwo and countMoves.
 */
export function perftFrom(
  own: number,
  opp: number,
  ownKing: number,
  oppKing: number,
  firstPly: boolean,
  depth: number,
  buf: Int32Array,
  at: number,
): number {
  if (isOver(own, opp, ownKing, oppKing)) return 0;
  if (depth === 1) return countMoves(own, opp, ownKing, firstPly);
  if (depth === 2) return leavesAtTwo(own, opp, ownKing, oppKing, firstPly);
  let nodes = 0;
  const n = generateOpen(own, opp, ownKing, firstPly, buf, at);
  for (let i = at; i < at + n; i++) {
    const m = buf[i],
      from = m & 63,
      to = m >>> 6;
    nodes += perftFrom(
      opp,
      own ^ ((1 << from) | (1 << to)),
      oppKing,
      from === ownKing ? to : ownKing,
      false,
      depth - 1,
      buf,
      at + MAX_MOVES,
    );
  }
  return nodes;
}

// Bit counts of 13-bit halves: a 25-bit count in two loads, cheaper than the shift-and-add popCount here.
const POP13 = new Uint8Array(1 << 13);
for (let i = 1; i < 1 << 13; i++) POP13[i] = POP13[i >> 1] + (i & 1);

/** R2 counted: how many of these soldiers have a slide that would stop on the valley (and so is no move). */
function valleyStops(soldiers: number, occ: number): number {
  let n = 0;
  for (let s = soldiers; s !== 0;) {
    const sq = 31 - Math.clz32(s);
    s ^= 1 << sq;
    if ((TO_VALLEY[sq] & occ) === 0 && (PAST_VALLEY[sq] & occ) !== 0) n++;
  }
  return n;
}

/**
 * perft 2 of a live position without making the replies: generateOpen's walk (R1–R3) inlined, and the
 * opponent's move count after each of our moves updated from its count before — the freed square adds the
 * opponent's pieces next to it, the filled square takes away those next to it — then less its soldiers' slides
 * that would now stop on the valley (R2). This is countMoves done incrementally; a King's slide onto the valley
 * and a boxed-in opposing King end the line (R4). The tests compare it against the reference.
 */
function leavesAtTwo(own: number, opp: number, ownKing: number, oppKing: number, firstPly: boolean): number {
  const occ = own | opp,
    free = ~occ,
    oppSoldiers = opp & ~(1 << oppKing),
    oppKingAround = NEIGHBOURS[oppKing];
  let base = 0,
    lines = 0;
  for (let rest = opp; rest !== 0;) {
    const sq = 31 - Math.clz32(rest);
    rest ^= 1 << sq;
    const open = NEIGHBOURS[sq] & free;
    base += POP13[open & 0x1fff] + POP13[open >>> 13];
    if (sq !== oppKing) lines |= TO_VALLEY[sq] | PAST_VALLEY[sq];
  }
  const stopsBefore = valleyStops(oppSoldiers, occ);
  let nodes = 0;
  let rest = firstPly ? own & ~(1 << ownKing) : own;
  while (rest !== 0) {
    const from = 31 - Math.clz32(rest);
    rest ^= 1 << from;
    // The opponent's pieces next to the square this piece leaves each gain a move, whichever way it goes.
    const gained = NEIGHBOURS[from] & opp,
      freed = base + POP13[gained & 0x1fff] + POP13[gained >>> 13];
    for (let open = NEIGHBOURS[from] & free; open !== 0;) {
      const step = 31 - Math.clz32(open & -open);
      open ^= 1 << step;
      // R1 inlined (geometry's slideEnd): the nearest blocker on the ray, lowest bit upwards, highest downwards.
      const d = DIR_OF_STEP[step - from + 6],
        ray = d * 25 + from,
        blockers = RAY[ray] & occ;
      const to =
        blockers === 0
          ? END[ray]
          : (d < UP_DIRS ? 31 - Math.clz32(blockers & -blockers) : 31 - Math.clz32(blockers)) - STEP[d];
      // A soldier may not stop on the valley; a King that does has won, and the line ends with no replies.
      if (to === VALLEY) continue;
      const changed = (1 << from) | (1 << to),
        after = occ ^ changed;
      if ((oppKingAround & ~after) === 0) continue;
      // Valley stops only change when the move touches a line from an opposing soldier to beyond c3.
      const stops = (changed & lines) === 0 ? stopsBefore : valleyStops(oppSoldiers, after);
      const lost = NEIGHBOURS[to] & opp;
      nodes += freed - POP13[lost & 0x1fff] - POP13[lost >>> 13] - stops;
    }
  }
  return nodes;
}
