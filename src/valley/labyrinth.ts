// King's Valley Labyrinth (7×7, four pillars, the valley d4) on bitboards: 49 squares as two 32-bit halves.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import type { Engine } from './engine.js';
import { PILLAR, formatBoard, parseSetup, type GridSpec, type Setup } from './notation.js';
import type { Move } from './move.js';
import { BLACK, SIDES, WHITE, checkKingOnValley, sideIndex, type Side, type Winner } from './state.js';
import { ZOBRIST_SEED_HI, ZOBRIST_SEED_LO, zobristKeys } from './zobrist.js';

const N = 7;
const CELLS = N * N;
/** d4, the centre. */
const LABYRINTH_VALLEY = 24;
/** b3, f3, b5, f5: fixed, they block slides like pieces and never move. */
const LABYRINTH_PILLARS: readonly number[] = [15, 19, 29, 33];
/** Labyrinth's board: 7×7, valley d4, pillars b3 b5 f3 f5, six soldiers a side. */
export const LABYRINTH_GRID: GridSpec = {
  size: N,
  valley: LABYRINTH_VALLEY,
  pillars: LABYRINTH_PILLARS,
  soldiers: 6,
  title: 'Labyrinth',
};
/** Six soldiers and the King on each side's first rank, the Kings in the middle (d1, d7). */
export const LABYRINTH_START = `sssksss/7/1${PILLAR}3${PILLAR}1/7/1${PILLAR}3${PILLAR}1/7/SSSKSSS w 0`;

// Square sq is bit sq of the low half when sq < 32, else bit sq - 32 of the high half; BIT_* give both halves.
const BIT_LO = new Int32Array(CELLS);
const BIT_HI = new Int32Array(CELLS);
for (let sq = 0; sq < CELLS; sq++) {
  if (sq < 32) BIT_LO[sq] = 1 << sq;
  else BIT_HI[sq] = 1 << (sq - 32);
}
const PILLAR_LO = LABYRINTH_PILLARS.reduce((m, sq) => m | BIT_LO[sq], 0);
const PILLAR_HI = LABYRINTH_PILLARS.reduce((m, sq) => m | BIT_HI[sq], 0);

/** The 8 directions; the first four increase the square index (nearest blocker = lowest bit), the rest decrease it. */
const DIRS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
  [-1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
];
const STEP = Int32Array.from(DIRS, ([df, dr]) => dr * N + df);
// RAY_*[d * 49 + sq]: the squares from sq (exclusive) to the edge in direction d; END: the ray's last square.
const RAY_LO = new Int32Array(8 * CELLS);
const RAY_HI = new Int32Array(8 * CELLS);
const END = new Int32Array(8 * CELLS);
// The King-step neighbours of each square: a King with none of them empty cannot move.
const NB_LO = new Int32Array(CELLS);
const NB_HI = new Int32Array(CELLS);
// For a square in line with the valley: the squares after it up to and including d4 (TO_*), and the square just
// beyond d4 (PAST_*). A soldier's slide that way stops on d4 (no move) when TO is empty and PAST is not.
const TO_LO = new Int32Array(CELLS);
const TO_HI = new Int32Array(CELLS);
const PAST_LO = new Int32Array(CELLS);
const PAST_HI = new Int32Array(CELLS);
const IN_LINE = new Uint8Array(CELLS);
for (let sq = 0; sq < CELLS; sq++) {
  for (let d = 0; d < 8; d++) {
    const [df, dr] = DIRS[d];
    let f = sq % N,
      r = Math.floor(sq / N),
      end = sq,
      lo = 0,
      hi = 0,
      reached = false;
    for (;;) {
      f += df;
      r += dr;
      if (f < 0 || f >= N || r < 0 || r >= N) break;
      end = r * N + f;
      if (reached) {
        // The first square past the valley.
        IN_LINE[sq] = 1;
        PAST_LO[sq] = BIT_LO[end];
        PAST_HI[sq] = BIT_HI[end];
        reached = false;
      }
      lo |= BIT_LO[end];
      hi |= BIT_HI[end];
      if (end === LABYRINTH_VALLEY) {
        TO_LO[sq] = lo;
        TO_HI[sq] = hi;
        reached = true;
      }
    }
    RAY_LO[d * CELLS + sq] = lo;
    RAY_HI[d * CELLS + sq] = hi;
    END[d * CELLS + sq] = end;
    if (end !== sq) {
      NB_LO[sq] |= BIT_LO[sq + STEP[d]];
      NB_HI[sq] |= BIT_HI[sq + STEP[d]];
    }
  }
}

function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Where a piece on sq stops sliding in direction d past the occupied squares (occLo, occHi); sq itself: no move. */
function slideEnd(sq: number, d: number, occLo: number, occHi: number): number {
  const i = d * CELLS + sq;
  const bl = RAY_LO[i] & occLo,
    bh = RAY_HI[i] & occHi;
  let b: number;
  if (d < 4) {
    if (bl !== 0) b = 31 - Math.clz32(bl & -bl);
    else if (bh !== 0) b = 63 - Math.clz32(bh & -bh);
    else return END[i];
  } else if (bh !== 0) b = 63 - Math.clz32(bh);
  else if (bl !== 0) b = 31 - Math.clz32(bl);
  else return END[i];
  return b - STEP[d];
}

/** Writes the moves of the piece on sq (a soldier unless king) into out from n; returns the new end. */
function slidesFrom(sq: number, soldier: boolean, occLo: number, occHi: number, out: Int32Array, n: number): number {
  for (let d = 0; d < 8; d++) {
    const to = slideEnd(sq, d, occLo, occHi);
    if (to === sq || (soldier && to === LABYRINTH_VALLEY)) continue;
    out[n++] = sq | (to << 6);
  }
  return n;
}

/** The moves of one piece without sliding: one per empty neighbour, less a soldier's slide that would stop on d4. */
function countFrom(sq: number, soldier: boolean, occLo: number, occHi: number): number {
  let n = popCount(NB_LO[sq] & ~occLo) + popCount(NB_HI[sq] & ~occHi);
  if (
    soldier &&
    IN_LINE[sq] !== 0 &&
    (TO_LO[sq] & occLo) === 0 &&
    (TO_HI[sq] & occHi) === 0 &&
    ((PAST_LO[sq] & occLo) | (PAST_HI[sq] & occHi)) !== 0
  )
    n--;
  return n;
}

// Zobrist key words: [kind * 49 + sq] for kind = side * 2 + (1 for the King), then the side to move (xored in
// when Black moves) and the first-move rule (xored in at ply 0); lo and hi tables from the shared seeds.
const Z_SIDE = 4 * CELLS;
const Z_FIRST = Z_SIDE + 1;
const ZLO = zobristKeys(Z_FIRST + 1, ZOBRIST_SEED_LO ^ 0x7777);
const ZHI = zobristKeys(Z_FIRST + 1, ZOBRIST_SEED_HI ^ 0x7777);

const BOARD_7 = Board.of(N, N);

/** The Labyrinth game on bitboards; build it with createLabyrinthEngine. */
export class LabyrinthEngine implements Engine {
  readonly size = N;
  readonly board = BOARD_7;
  readonly valley = LABYRINTH_VALLEY;
  /** The side to move's index (WHITE, BLACK). */
  turn: 0 | 1;
  ply: number;
  keyLo = 0;
  keyHi = 0;
  /** [White low, White high, Black low, Black high]: each side's pieces, King included. */
  private readonly men = new Int32Array(4);
  private readonly kings = new Int32Array(2);

  /** An engine at the setup's position, or a copy of another engine (the same fields in the same order). */
  constructor(setup: Setup | LabyrinthEngine) {
    if (setup instanceof LabyrinthEngine) {
      this.turn = setup.turn;
      this.ply = setup.ply;
      this.keyLo = setup.keyLo;
      this.keyHi = setup.keyHi;
      this.men.set(setup.men);
      this.kings.set(setup.kings);
      return;
    }
    checkKingOnValley(setup.side, setup.kings[sideIndex(setup.side)], LABYRINTH_VALLEY, 'd4');
    this.turn = sideIndex(setup.side);
    this.ply = setup.ply;
    for (const c of [WHITE, BLACK]) {
      for (const sq of setup.men[c]) {
        this.men[2 * c] |= BIT_LO[sq];
        this.men[2 * c + 1] |= BIT_HI[sq];
        const z = (2 * c + (setup.kings[c] === sq ? 1 : 0)) * CELLS + sq;
        this.keyLo ^= ZLO[z];
        this.keyHi ^= ZHI[z];
      }
      this.kings[c] = setup.kings[c];
    }
    if (this.turn === BLACK) {
      this.keyLo ^= ZLO[Z_SIDE];
      this.keyHi ^= ZHI[Z_SIDE];
    }
    if (this.ply === 0) {
      this.keyLo ^= ZLO[Z_FIRST];
      this.keyHi ^= ZHI[Z_FIRST];
    }
  }

  get side(): Side {
    return SIDES[this.turn];
  }

  boardKey(): [number, number] {
    return this.ply === 0 ? [this.keyLo ^ ZLO[Z_FIRST], this.keyHi ^ ZHI[Z_FIRST]] : [this.keyLo, this.keyHi];
  }

  generate(out: Int32Array, at: number): number {
    const m = this.men,
      s = this.turn,
      king = this.kings[s];
    const occLo = m[0] | m[2] | PILLAR_LO,
      occHi = m[1] | m[3] | PILLAR_HI;
    if (this.kings[0] === LABYRINTH_VALLEY || this.kings[1] === LABYRINTH_VALLEY) return 0;
    if ((NB_LO[king] & ~occLo) === 0 && (NB_HI[king] & ~occHi) === 0) return 0;
    let lo = m[2 * s],
      hi = m[2 * s + 1];
    // The first move of the game must be a soldier's.
    if (this.ply === 0) {
      lo &= ~BIT_LO[king];
      hi &= ~BIT_HI[king];
    }
    let n = at;
    while (lo !== 0) {
      const sq = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
      n = slidesFrom(sq, sq !== king, occLo, occHi, out, n);
    }
    while (hi !== 0) {
      const sq = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
      n = slidesFrom(sq, sq !== king, occLo, occHi, out, n);
    }
    return n - at;
  }

  make(mv: Move): void {
    const s = this.turn,
      from = mv & 63,
      to = mv >>> 6;
    this.men[2 * s] ^= BIT_LO[from] | BIT_LO[to];
    this.men[2 * s + 1] ^= BIT_HI[from] | BIT_HI[to];
    const isKing = this.kings[s] === from;
    if (isKing) this.kings[s] = to;
    this.rekey(s, isKing, from, to);
    this.turn = (s ^ 1) as 0 | 1;
    this.ply++;
  }

  unmake(mv: Move): void {
    const s = (this.turn ^ 1) as 0 | 1,
      from = mv & 63,
      to = mv >>> 6;
    this.men[2 * s] ^= BIT_LO[from] | BIT_LO[to];
    this.men[2 * s + 1] ^= BIT_HI[from] | BIT_HI[to];
    const isKing = this.kings[s] === to;
    if (isKing) this.kings[s] = from;
    this.turn = s;
    this.ply--;
    this.rekey(s, isKing, from, to);
  }

  /** The key change of side s moving a piece between from and to, with this.ply the ply before that move. */
  private rekey(s: number, isKing: boolean, from: number, to: number): void {
    const z = (2 * s + (isKing ? 1 : 0)) * CELLS;
    let lo = ZLO[z + from] ^ ZLO[z + to] ^ ZLO[Z_SIDE],
      hi = ZHI[z + from] ^ ZHI[z + to] ^ ZHI[Z_SIDE];
    if (this.ply === 0) {
      lo ^= ZLO[Z_FIRST];
      hi ^= ZHI[Z_FIRST];
    }
    this.keyLo ^= lo;
    this.keyHi ^= hi;
  }

  winner(): Winner {
    if (this.kings[WHITE] === LABYRINTH_VALLEY) return 'white';
    if (this.kings[BLACK] === LABYRINTH_VALLEY) return 'black';
    const m = this.men,
      king = this.kings[this.turn];
    const occLo = m[0] | m[2] | PILLAR_LO,
      occHi = m[1] | m[3] | PILLAR_HI;
    if ((NB_LO[king] & ~occLo) === 0 && (NB_HI[king] & ~occHi) === 0) return SIDES[this.turn ^ 1];
    return null;
  }

  king(side: Side): number {
    return this.kings[sideIndex(side)];
  }

  occupied(sq: number): boolean {
    const m = this.men;
    return ((BIT_LO[sq] & (m[0] | m[2] | PILLAR_LO)) | (BIT_HI[sq] & (m[1] | m[3] | PILLAR_HI))) !== 0;
  }

  slideEnd(sq: number, d: number): number {
    const m = this.men;
    return slideEnd(sq, d, m[0] | m[2] | PILLAR_LO, m[1] | m[3] | PILLAR_HI);
  }

  /**
   * Counted without sliding; 0 when a King is on the valley or that side's King is boxed in (as for the 5×5 engine).
   */
  mobility(side: Side): number {
    return this.countMoves(sideIndex(side));
  }

  /** mobility by the side's index (perft's last ply counts the side to move's moves with it). */
  countMoves(side: number): number {
    const m = this.men,
      king = this.kings[side];
    const occLo = m[0] | m[2] | PILLAR_LO,
      occHi = m[1] | m[3] | PILLAR_HI;
    if (this.kings[0] === LABYRINTH_VALLEY || this.kings[1] === LABYRINTH_VALLEY) return 0;
    if ((NB_LO[king] & ~occLo) === 0 && (NB_HI[king] & ~occHi) === 0) return 0;
    const first = this.ply === 0 && side === this.turn;
    let lo = m[2 * side],
      hi = m[2 * side + 1],
      n = 0;
    if (first) {
      lo &= ~BIT_LO[king];
      hi &= ~BIT_HI[king];
    }
    while (lo !== 0) {
      const sq = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
      n += countFrom(sq, sq !== king, occLo, occHi);
    }
    while (hi !== 0) {
      const sq = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
      n += countFrom(sq, sq !== king, occLo, occHi);
    }
    return n;
  }

  clone(): LabyrinthEngine {
    return new LabyrinthEngine(this);
  }

  toString(): string {
    const m = this.men;
    const letter = (sq: number): string => {
      for (const c of [WHITE, BLACK]) {
        if (((BIT_LO[sq] & m[2 * c]) | (BIT_HI[sq] & m[2 * c + 1])) === 0) continue;
        const l = this.kings[c] === sq ? 'K' : 'S';
        return c === WHITE ? l : l.toLowerCase();
      }
      return LABYRINTH_PILLARS.includes(sq) ? PILLAR : '';
    };
    return formatBoard(N, letter, SIDES[this.turn], this.ply);
  }
}

/** A Labyrinth engine at a position (a string in Labyrinth notation or a parsed setup; the start by default). */
export function createLabyrinthEngine(position: string | Setup = LABYRINTH_START): Engine {
  const setup = typeof position === 'string' ? parseSetup(position, LABYRINTH_GRID) : position;
  if (setup.size !== N)
    throw new GridbitsError('BAD_ARGUMENT', `a Labyrinth position is 7×7, got ${setup.size}×${setup.size}`);
  return new LabyrinthEngine(setup);
}
