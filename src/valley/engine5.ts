// The 5×5 King's Valley engine (standard and Retrieve-the-King starts): Engine over two 25-bit masks.
import { BOARD, VALLEY, slideEnd as slideEnd25 } from './geometry.js';
import type { Engine } from './engine.js';
import { countMoves, generateInto, isOver, maskWinner } from './kernel.js';
import type { Move } from './move.js';
import { formatPosition } from './notation.js';
import { BLACK, SIDES, checkPosition, positionArg, sideIndex, type Position, type Side, type Winner } from './state.js';
import { ZOBRIST_SEED_HI, ZOBRIST_SEED_LO, zobristKeys } from './zobrist.js';

// Key words: (colour * 2 + isKing) * 25 + square, then the side to move (Black) and "ply 0" (first-move rule).
const SIDE_KEY = 100;
const FIRST_KEY = 101;
const ZLO = zobristKeys(102, ZOBRIST_SEED_LO);
const ZHI = zobristKeys(102, ZOBRIST_SEED_HI);

/** The 5×5 engine; the class is exported so evaluation, perft and the solver read its masks directly. */
export class Engine5 implements Engine {
  readonly size = 5;
  readonly board = BOARD;
  readonly valley = VALLEY;
  /** The side to move's index (WHITE, BLACK), as in men and kings. */
  turn: 0 | 1;
  ply: number;
  keyLo = 0;
  keyHi = 0;
  /** Each side's pieces (Kings included) as a 25-bit mask, White first; read-only outside make/unmake. */
  readonly men: Int32Array;
  /** Each side's King square, White first; read-only outside make/unmake. */
  readonly kings: Int32Array;

  /** An engine over a copy of pos; a position no game reaches (see checkPosition) is refused with BAD_INPUT. */
  constructor(pos: Position) {
    checkPosition(pos);
    this.men = Int32Array.of(pos.men[0], pos.men[1]);
    this.kings = Int32Array.of(pos.kings[0], pos.kings[1]);
    this.turn = sideIndex(pos.side);
    this.ply = pos.ply;
    for (let c = 0; c < 2; c++) {
      for (let rest = pos.men[c]; rest !== 0;) {
        const sq = 31 - Math.clz32(rest);
        rest ^= 1 << sq;
        const i = (c * 2 + (sq === pos.kings[c] ? 1 : 0)) * 25 + sq;
        this.keyLo ^= ZLO[i];
        this.keyHi ^= ZHI[i];
      }
    }
    if (this.turn === BLACK) this.flip(SIDE_KEY);
    if (pos.ply === 0) this.flip(FIRST_KEY);
  }

  get side(): Side {
    return SIDES[this.turn];
  }

  boardKey(): [number, number] {
    return this.ply === 0 ? [this.keyLo ^ ZLO[FIRST_KEY], this.keyHi ^ ZHI[FIRST_KEY]] : [this.keyLo, this.keyHi];
  }

  private flip(i: number): void {
    this.keyLo ^= ZLO[i];
    this.keyHi ^= ZHI[i];
  }

  generate(out: Int32Array, at: number): number {
    const s = this.turn,
      men = this.men,
      k = this.kings;
    if (isOver(men[s], men[s ^ 1], k[s], k[s ^ 1])) return 0;
    return generateInto(men[s], men[s ^ 1], k[s], this.ply === 0, out, at);
  }

  make(m: Move): void {
    const s = this.turn,
      from = m & 63,
      to = m >>> 6;
    this.men[s] ^= (1 << from) | (1 << to);
    let base = s * 50;
    if (this.kings[s] === from) {
      this.kings[s] = to;
      base += 25;
    }
    this.keyLo ^= ZLO[base + from] ^ ZLO[base + to] ^ ZLO[SIDE_KEY];
    this.keyHi ^= ZHI[base + from] ^ ZHI[base + to] ^ ZHI[SIDE_KEY];
    if (this.ply === 0) this.flip(FIRST_KEY);
    this.turn = (s ^ 1) as 0 | 1;
    this.ply++;
  }

  unmake(m: Move): void {
    const s = (this.turn ^ 1) as 0 | 1,
      from = m & 63,
      to = m >>> 6;
    this.men[s] ^= (1 << from) | (1 << to);
    let base = s * 50;
    if (this.kings[s] === to) {
      this.kings[s] = from;
      base += 25;
    }
    this.keyLo ^= ZLO[base + from] ^ ZLO[base + to] ^ ZLO[SIDE_KEY];
    this.keyHi ^= ZHI[base + from] ^ ZHI[base + to] ^ ZHI[SIDE_KEY];
    this.turn = s;
    this.ply--;
    if (this.ply === 0) this.flip(FIRST_KEY);
  }

  winner(): Winner {
    const w = maskWinner(this.men[0], this.men[1], this.kings[0], this.kings[1], this.turn);
    return w < 0 ? null : SIDES[w];
  }

  /** The square of that side's King. */
  king(side: Side): number {
    return this.kings[sideIndex(side)];
  }

  occupied(sq: number): boolean {
    return ((this.men[0] | this.men[1]) & (1 << sq)) !== 0;
  }

  /**
   * Directions as in geometry.ts: 0 east, 1 north-west, 2 north, 3 north-east, 4 west, 5 south-east, 6 south, 7
   * south-west.
   */
  slideEnd(sq: number, d: number): number {
    return slideEnd25(sq, d, this.men[0] | this.men[1]);
  }

  mobility(side: Side): number {
    return this.countMoves(sideIndex(side));
  }

  /** mobility by the side's index (the evaluation's inner loop). */
  countMoves(s: number): number {
    const k = this.kings,
      own = this.men[s],
      opp = this.men[s ^ 1];
    if (isOver(own, opp, k[s], k[s ^ 1])) return 0;
    return countMoves(own, opp, k[s], s === this.turn && this.ply === 0);
  }

  clone(): Engine5 {
    return new Engine5(this.position());
  }

  /** A copy of the current position. */
  position(): Position {
    return {
      men: [this.men[0], this.men[1]],
      kings: [this.kings[0], this.kings[1]],
      side: SIDES[this.turn],
      ply: this.ply,
    };
  }

  /** The position string (see formatPosition). */
  toString(): string {
    return formatPosition(this.position());
  }
}

/** An engine over a copy of pos (5×5: the standard game and Retrieve the King). */
export function createEngine(position: Position): Engine {
  return new Engine5(positionArg(position));
}
