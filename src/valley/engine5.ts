// The 5×5 King's Valley engine (standard and Retrieve-the-King starts): ValleyEngine over two 25-bit masks.
import { NEIGHBOURS, VALLEY, slideEnd as slideEnd25 } from './geometry.js';
import type { ValleyEngine } from './engine.js';
import { MAX_MOVES, countMoves, generateInto } from './movegen.js';
import { formatValleyPosition } from './notation.js';
import { BLACK, WHITE, type ValleyPosition, type ValleyResult, type ValleySide } from './state.js';
import { ZOBRIST_SEED_HI, ZOBRIST_SEED_LO, zobristKeys } from './zobrist.js';

// Key words: (colour * 2 + isKing) * 25 + square, then the side to move (Black) and "ply 0" (first-move rule).
const SIDE_KEY = 100;
const FIRST_KEY = 101;
const ZLO = zobristKeys(102, ZOBRIST_SEED_LO);
const ZHI = zobristKeys(102, ZOBRIST_SEED_HI);

// generateInto writes moves as from | to << 5; this engine's interface wants from | to << 6.
const SCRATCH = new Int32Array(MAX_MOVES);

/** The 5×5 engine; the class is exported so evaluation and tools can read its masks directly. */
export class Valley5Engine implements ValleyEngine {
  readonly size = 5;
  readonly valley = VALLEY;
  side: ValleySide;
  ply: number;
  keyLo = 0;
  keyHi = 0;
  /** Every piece of each colour (Kings included) and the Kings' squares; read-only outside make/unmake. */
  readonly men: Int32Array;
  readonly kings: Int32Array;

  constructor(pos: ValleyPosition) {
    this.men = Int32Array.of(pos.men[0], pos.men[1]);
    this.kings = Int32Array.of(pos.kings[0], pos.kings[1]);
    this.side = pos.side;
    this.ply = pos.ply;
    for (let c = 0; c < 2; c++) {
      for (let rest = pos.men[c]; rest !== 0; ) {
        const sq = 31 - Math.clz32(rest);
        rest ^= 1 << sq;
        const i = (c * 2 + (sq === pos.kings[c] ? 1 : 0)) * 25 + sq;
        this.keyLo ^= ZLO[i];
        this.keyHi ^= ZHI[i];
      }
    }
    if (pos.side === BLACK) this.flip(SIDE_KEY);
    if (pos.ply === 0) this.flip(FIRST_KEY);
  }

  boardKey(): [number, number] {
    return this.ply === 0 ? [this.keyLo ^ ZLO[FIRST_KEY], this.keyHi ^ ZHI[FIRST_KEY]] : [this.keyLo, this.keyHi];
  }

  private flip(i: number): void {
    this.keyLo ^= ZLO[i];
    this.keyHi ^= ZHI[i];
  }

  /** True when the side to move has no moves: a King on the valley, or its own King boxed in. */
  private over(): boolean {
    const s = this.side, k = this.kings;
    return k[0] === VALLEY || k[1] === VALLEY || (NEIGHBOURS[k[s]] & ~(this.men[0] | this.men[1])) === 0;
  }

  generate(out: Int32Array, at: number): number {
    if (this.over()) return 0;
    const s = this.side;
    const n = generateInto(this.men[s], this.men[s ^ 1], this.kings[s], this.ply === 0, SCRATCH, 0);
    for (let i = 0; i < n; i++) {
      const m = SCRATCH[i];
      out[at + i] = (m & 31) | ((m >>> 5) << 6);
    }
    return n;
  }

  make(m: number): void {
    const s = this.side, from = m & 63, to = m >>> 6;
    this.men[s] ^= (1 << from) | (1 << to);
    let base = s * 50;
    if (this.kings[s] === from) {
      this.kings[s] = to;
      base += 25;
    }
    this.keyLo ^= ZLO[base + from] ^ ZLO[base + to] ^ ZLO[SIDE_KEY];
    this.keyHi ^= ZHI[base + from] ^ ZHI[base + to] ^ ZHI[SIDE_KEY];
    if (this.ply === 0) this.flip(FIRST_KEY);
    this.side = (s ^ 1) as ValleySide;
    this.ply++;
  }

  unmake(m: number): void {
    const s = (this.side ^ 1) as ValleySide, from = m & 63, to = m >>> 6;
    this.men[s] ^= (1 << from) | (1 << to);
    let base = s * 50;
    if (this.kings[s] === to) {
      this.kings[s] = from;
      base += 25;
    }
    this.keyLo ^= ZLO[base + from] ^ ZLO[base + to] ^ ZLO[SIDE_KEY];
    this.keyHi ^= ZHI[base + from] ^ ZHI[base + to] ^ ZHI[SIDE_KEY];
    this.side = s;
    this.ply--;
    if (this.ply === 0) this.flip(FIRST_KEY);
  }

  winner(): ValleyResult {
    const k = this.kings;
    if (k[WHITE] === VALLEY) return 'white';
    if (k[BLACK] === VALLEY) return 'black';
    if ((NEIGHBOURS[k[this.side]] & ~(this.men[0] | this.men[1])) === 0) return this.side === WHITE ? 'black' : 'white';
    return null;
  }

  king(side: ValleySide): number {
    return this.kings[side];
  }

  occupied(sq: number): boolean {
    return ((this.men[0] | this.men[1]) & (1 << sq)) !== 0;
  }

  /** Directions as in geometry.ts: 0 east, 1 north-west, 2 north, 3 north-east, 4 west, 5 south-east, 6 south, 7 south-west. */
  slideEnd(sq: number, d: number): number {
    return slideEnd25(sq, d, this.men[0] | this.men[1]);
  }

  mobility(side: ValleySide): number {
    const k = this.kings, own = this.men[side], opp = this.men[side ^ 1];
    if (k[0] === VALLEY || k[1] === VALLEY || (NEIGHBOURS[k[side]] & ~(own | opp)) === 0) return 0;
    return countMoves(own, opp, k[side], side === this.side && this.ply === 0);
  }

  /** A copy of the current position. */
  position(): ValleyPosition {
    return { men: [this.men[0], this.men[1]], kings: [this.kings[0], this.kings[1]], side: this.side, ply: this.ply };
  }

  toString(): string {
    return formatValleyPosition(this.position());
  }
}

/** An engine over a copy of pos (5×5: the standard game and Retrieve the King). */
export function createValleyEngine(pos: ValleyPosition): ValleyEngine {
  return new Valley5Engine(pos);
}
