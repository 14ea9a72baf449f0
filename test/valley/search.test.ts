import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/prng.js';
import { finishedValue } from '../../src/core/job.js';
import {
  Searcher,
  WIN,
  createEngine,
  formatMove,
  parseEngineMove,
  parsePosition,
  searchAnswer,
  searchSync,
  startPosition,
  type Engine,
  type Move,
  type SearchOptions,
  type SearchResult,
} from '../../src/valley/index.js';
import { refWinDistance, refWinsWithin } from './brute.js';
import { refMoves, refParse, refPlay } from './reference.js';

const engineOf = (text: string) => createEngine(parsePosition(text));

/** A search that must finish (no node, time or signal limit is given). */
const searched = (e: Engine, options: SearchOptions = {}): SearchResult => finishedValue(searchSync(e, options));

/** The 5×5 engine seen only through the interface: the search and evaluation take their generic paths. */
function plain(e: Engine): Engine {
  return {
    size: 5,
    board: e.board,
    valley: 12,
    get side() {
      return e.side;
    },
    get ply() {
      return e.ply;
    },
    get keyLo() {
      return e.keyLo;
    },
    get keyHi() {
      return e.keyHi;
    },
    boardKey: () => e.boardKey(),
    generate: (out, at) => e.generate(out, at),
    make: (m) => e.make(m),
    unmake: (m) => e.unmake(m),
    winner: () => e.winner(),
    king: (s) => e.king(s),
    occupied: (sq) => e.occupied(sq),
    slideEnd: (sq, d) => e.slideEnd(sq, d),
    mobility: (s) => e.mobility(s),
    clone: () => plain(e.clone()),
    toString: () => e.toString(),
  };
}
const plainEngine = (text: string): Engine => plain(engineOf(text));

// Found by the brute force from random games: the side to move forces a win in exactly 3 (or 5) plies.
const WIN_IN_3 = [
  '1s2s/4S/3Sk/2ssS/2K1S w 8',
  '1s1ss/5/1k2s/S2S1/2SKS b 19',
  'sss1s/S4/SS3/1S3/k1K2 w 10',
  's1ks1/4S/4S/Ss3/S1Ks1 b 7',
  'ssK1s/S3s/3Sk/5/1S2S w 8',
];
const WIN_IN_5 = ['ss1s1/3SS/4K/S4/s1kS1 w 8', 'sskss/2K2/5/5/S1SSS w 8', 'ssks1/1S3/S4/4s/1SKS1 b 7'];

describe('valley search', () => {
  it('takes a win in 1', () => {
    const text = 'k4/3s1/5/5/K3S w 4';
    const e = engineOf(text);
    const r = searched(e, { depth: 4 });
    expect(formatMove(r.move!, e.board)).toBe('a1c3');
    expect(r).toMatchObject({ score: WIN - 1, winner: 'white', winInPlies: 1, winIn: 1, ended: 'proven' });
    expect(refWinsWithin(refParse(text), true, 1)).toBe(true);
  });

  it('finds forced wins in 3 and 5 plies that the brute force confirms, and no shorter ones', () => {
    for (const [text, plies] of [...WIN_IN_3.map((t) => [t, 3] as const), ...WIN_IN_5.map((t) => [t, 5] as const)]) {
      const ref = refParse(text);
      expect(refWinDistance(ref, plies)).toBe(plies);
      const e = engineOf(text);
      const r = searched(e, { depth: 8 });
      expect(r.winInPlies).toBe(plies);
      expect(r.winIn).toBe((plies + 1) / 2);
      expect(r.winner).toBe(ref.white ? 'white' : 'black');
      expect(r.score).toBe(WIN - plies);
      // The chosen move keeps the win: every reply still loses within plies − 1.
      const move = formatMove(r.move!, e.board);
      expect(refMoves(ref)).toContain(move);
      expect(refWinsWithin(refPlay(ref, move), ref.white, plies - 1)).toBe(true);
      expect(e.toString()).toBe(text);
    }
  });

  it('works through the interface alone (the path other variants take)', () => {
    for (const [text, plies] of [
      [WIN_IN_3[1], 3],
      [WIN_IN_5[0], 5],
    ] as const) {
      const e = plainEngine(text);
      const r = searched(e, { depth: 8 });
      expect(r.winInPlies).toBe(plies);
      expect(
        refWinsWithin(refPlay(refParse(text), formatMove(r.move!, e.board)), refParse(text).white, plies - 1),
      ).toBe(true);
      expect(e.toString()).toBe(text);
    }
    const start = searched(plainEngine('sskss/5/5/5/SSKSS w 0'), { depth: 3 });
    expect(refMoves(refParse('sskss/5/5/5/SSKSS w 0'))).toContain(
      formatMove(start.move!, plainEngine('sskss/5/5/5/SSKSS w 0').board),
    );
  });

  it('sees a lost position as lost, in plies counted to the end', () => {
    const text = WIN_IN_3[0];
    const e = engineOf(text);
    e.make(searched(e, { depth: 6 }).move!);
    const r = searched(e, { depth: 6 });
    expect(r).toMatchObject({ score: -(WIN - 2), winner: 'white', winInPlies: 2, winIn: 1 });
  });

  it('returns a legal move and leaves the engine as it found it', () => {
    const rng = createRng(3);
    const searcher = new Searcher(1 << 12);
    for (let g = 0; g < 30; g++) {
      const e = createEngine(startPosition());
      const buf = new Int32Array(64);
      for (let i = 0; i < 5 + rng.below(20) && e.generate(buf, 0) > 0; i++)
        e.make(buf[rng.below(e.generate(buf, 0))] as Move);
      if (e.winner() !== null) continue;
      const before = [e.toString(), e.keyLo, e.keyHi, e.ply];
      const r = searchAnswer(searcher.searchSync(e, { maxNodes: 3000 }))!;
      expect(refMoves(refParse(e.toString()))).toContain(formatMove(r.move!, e.board));
      expect(r.pv[0]).toBe(r.move);
      expect([e.toString(), e.keyLo, e.keyHi, e.ply]).toEqual(before);
    }
  });

  it('answers a finished position without a move', () => {
    const r = searched(engineOf('ks3/ss3/5/5/4K b 5'));
    expect(r).toMatchObject({ move: null, result: 'white', depth: 0, ended: 'over', pv: [] });
    expect(searched(engineOf('5/5/2K2/5/k4 b 9')).result).toBe('white');
    // Ply 0 with every soldier stuck: the King may not move yet, so White has no legal move and loses.
    expect(searched(engineOf('k4/5/5/ss3/SKs2 w 0')).result).toBe('black');
  });

  it('scores the third occurrence of a game position as a draw, only under the draw rule', () => {
    // Black to move is lost in 2 plies; the history holds the position after one of Black's moves, twice.
    const e = engineOf(WIN_IN_3[0]);
    e.make(searched(e, { depth: 6 }).move!);
    const lost = e.toString();
    const buf = new Int32Array(64);
    const n = e.generate(buf, 0);
    const escape = buf[n - 1] as Move;
    e.make(escape);
    const once: Array<[number, number]> = [[e.keyLo, e.keyHi]];
    const history: Array<[number, number]> = [...once, [1, 2], ...once];
    e.unmake(escape);
    // Seen once before, a return is not yet the third occurrence: still lost.
    expect(searched(e, { depth: 6, history: once }).score).toBe(-(WIN - 2));
    const drawn = searched(e, { depth: 6, history });
    expect(drawn.score).toBe(0);
    expect(drawn.move).toBe(escape);
    expect(drawn.winner).toBeUndefined();
    // With contempt, the side to move values that draw below 0.
    expect(searched(e, { depth: 6, history, contempt: 30 }).score).toBe(-30);
    const off = searched(e, { depth: 6, history, drawRule: false });
    expect(off.score).toBe(-(WIN - 2));
    expect(e.toString()).toBe(lost);
  });

  it('respects depth, node, time and signal limits', () => {
    const e = createEngine(startPosition());
    expect(searched(e, { depth: 3 })).toMatchObject({ depth: 3, ended: 'depth' });
    const byNodes = searchSync(e, { maxNodes: 500 });
    // The budget is checked where the search may pause (after each iteration, or each child of a deep node).
    expect(byNodes).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(byNodes.nodes).toBeGreaterThanOrEqual(500);
    expect(byNodes.nodes).toBeLessThan(5000);
    // Stopped, it answers the best move of the deepest iteration it finished.
    expect(searchAnswer(byNodes)!.move).not.toBeNull();
    const byTime = searchSync(e, { timeoutMs: 1 });
    expect(byTime.finished ? byTime.value.ended : byTime.stopped).toMatch(/^(time|proven)$/);
    const ctl = new AbortController();
    ctl.abort();
    expect(searchSync(e, { signal: ctl.signal })).toMatchObject({ finished: false, stopped: 'signal' });
    const later = new AbortController();
    const fromCallback = searchSync(e, { signal: later.signal, onIteration: (i) => i.depth === 3 && later.abort() });
    expect(fromCallback).toMatchObject({ finished: false, stopped: 'signal', partial: { depth: 3 } });
    expect(searchAnswer(fromCallback)!.move).not.toBeNull();
    expect(e.toString()).toBe('sskss/5/5/5/SSKSS w 0');
    expect(() => searchSync(e, { depth: 0 })).toThrow(/depth must be a whole number/);
    expect(() => searchSync(e, { timeoutMs: -5 })).toThrow(/timeoutMs must be a number of milliseconds ≥ 0, got -5/);
  });

  it('names moves by the engine board and parses them back', () => {
    const e = createEngine(startPosition());
    const m = parseEngineMove(e, 'b1e4');
    expect(formatMove(m, e.board)).toBe('b1e4');
    expect(() => parseEngineMove(e, 'c1c4')).toThrow(/illegal move 'c1c4'/);
    expect(() => parseEngineMove(e, 'zz')).toThrow(/bad move 'zz'/);
  });
});
