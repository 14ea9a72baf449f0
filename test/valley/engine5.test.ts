import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import {
  START,
  createEngine,
  parsePosition,
  perftSync,
  startPosition,
  winnerOf,
  type Engine,
  type Move,
} from '../../src/valley/index.js';
import { refMoves, refParse } from './reference.js';

const BUF = new Int32Array(64 * 16);

// perft through the interface only: generate, make, unmake.
function enginePerft(e: Engine, depth: number, ply = 0): number {
  if (depth === 0) return 1;
  const at = ply * 64,
    n = e.generate(BUF, at);
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    const m = BUF[at + i] as Move;
    e.make(m);
    nodes += enginePerft(e, depth - 1, ply + 1);
    e.unmake(m);
  }
  return nodes;
}

const NAMES = 'abcde';
const name = (sq: number): string => NAMES[sq % 5] + String(Math.floor(sq / 5) + 1);
const moveText = (m: number): string => name(m & 63) + name(m >>> 6);

/** The positions of a random game from the start (seeded), up to its end or `plies`. */
function randomGame(seed: number, plies: number): string[] {
  const rng = createRng(seed);
  const e = createEngine(startPosition());
  const seen = [e.toString()];
  const buf = new Int32Array(64);
  for (let i = 0; i < plies; i++) {
    const n = e.generate(buf, 0);
    if (n === 0) break;
    e.make(buf[rng.below(n)] as Move);
    seen.push(e.toString());
  }
  return seen;
}

describe('the 5×5 engine', () => {
  it('counts perft from the start like perftSync', () => {
    const e = createEngine(startPosition());
    expect([1, 2, 3, 4].map((d) => enginePerft(e, d))).toEqual([10, 110, 1570, 21708]);
    expect(e.toString()).toBe(START);
    expect(e.ply).toBe(0);
  });

  it('agrees with perftSync and the reference generator on positions of random games', () => {
    for (let seed = 1; seed <= 40; seed++) {
      for (const text of randomGame(seed, 60).filter((_, i) => i % 7 === 3)) {
        const e = createEngine(parsePosition(text));
        const n = e.generate(BUF, 0);
        expect(Array.from(BUF.subarray(0, n), moveText).sort()).toEqual(refMoves(refParse(text)));
        for (const d of [1, 2, 3])
          expect(enginePerft(e, d)).toBe(finishedValue(perftSync(createEngine(parsePosition(text)), d)));
        expect(e.toString()).toBe(text);
      }
    }
  });

  it('applies the first-move rule at ply 0 only and keeps soldiers off c3', () => {
    const e = createEngine(parsePosition('sskss/5/5/5/SSKSS w 0'));
    const n = e.generate(BUF, 0);
    expect(Array.from(BUF.subarray(0, n), moveText).some((m) => m.startsWith('c1'))).toBe(false);
    // A soldier on a1 with a blocker on d4: the slide a1-c3 would stop on the valley, so it is no move.
    const s = createEngine(parsePosition('k4/3s1/5/5/S3K w 4'));
    const ms = Array.from(BUF.subarray(0, s.generate(BUF, 0)), moveText);
    expect(ms).not.toContain('a1c3');
    const king = createEngine(parsePosition('k4/3s1/5/5/K3S w 4'));
    expect(Array.from(BUF.subarray(0, king.generate(BUF, 0)), moveText)).toContain('a1c3');
  });

  it('knows who has won', () => {
    for (const text of [
      'ks3/ss3/5/5/4K b 5',
      'ks3/ss3/5/5/4K w 5',
      '5/5/2K2/5/k4 b 9',
      '5/5/2k2/5/K4 w 9',
      'sskss/5/5/5/SSKSS w 0',
    ]) {
      const p = parsePosition(text);
      const e = createEngine(p);
      expect(e.winner()).toBe(winnerOf(p));
      if (e.winner() !== null) expect(e.generate(BUF, 0)).toBe(0);
    }
  });

  it('restores keys on unmake and keeps them equal to a recomputation from scratch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 80 }), (seed, plies) => {
        const rng = createRng(seed);
        const e = createEngine(startPosition(seed % 2 === 0 ? 'white' : 'black'));
        const buf = new Int32Array(64);
        const stack: Array<[Move, number, number, string]> = [];
        for (let i = 0; i < plies; i++) {
          const n = e.generate(buf, 0);
          if (n === 0) break;
          const m = buf[rng.below(n)] as Move;
          stack.push([m, e.keyLo, e.keyHi, e.toString()]);
          e.make(m);
          const fresh = createEngine(parsePosition(e.toString()));
          expect([e.keyLo, e.keyHi]).toEqual([fresh.keyLo, fresh.keyHi]);
        }
        while (stack.length > 0) {
          const [m, lo, hi, text] = stack.pop()!;
          e.unmake(m);
          expect([e.keyLo, e.keyHi, e.toString()]).toEqual([lo, hi, text]);
        }
      }),
      { numRuns: 100, seed: 11 },
    );
  });

  it('keys tell apart the side to move, the first-move rule, and a King from a soldier', () => {
    const key = (t: string): string => {
      const e = createEngine(parsePosition(t));
      return `${e.keyLo}:${e.keyHi}`;
    };
    const keys = ['sskss/5/5/5/SSKSS w 0', 'sskss/5/5/5/SSKSS b 0', 'sskss/5/5/5/SSKSS w 2', 'sksss/5/5/5/SSKSS w 2'];
    expect(new Set(keys.map(key)).size).toBe(keys.length);
  });

  it('reports occupancy, slides, Kings and mobility', () => {
    const e = createEngine(startPosition());
    expect(e.king('white')).toBe(2);
    expect(e.king('black')).toBe(22);
    expect(e.occupied(0) && !e.occupied(12)).toBe(true);
    expect(e.slideEnd(1, 2)).toBe(16); // b1 north to b4
    expect(e.slideEnd(2, 2)).toBe(17); // c1 north to c4 (passing the valley)
    expect(e.slideEnd(0, 6)).toBe(0); // a1 south: no move
    expect(e.mobility('white')).toBe(10);
    expect(e.mobility('black')).toBe(13); // Black is not on ply 0's turn: its King may count
  });
});
