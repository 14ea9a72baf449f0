// The King's Valley page's state logic in Node: links read and written back, games replayed and re-checked by
// the plain reference rules, bad links cut at the first illegal move, the draw rule, the move list, Undo; the
// side picked in one click, the proven-win sentence checked by a solver run, and the analysis marks' logic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../web/src/router.js';
import { variantStart } from '../../src/valley/variant.js';
import { createEngine, parsePosition, solveSync } from '../../src/valley/index.js';
import {
  badge,
  markFromChild,
  marked,
  markWords,
  share,
  squareMarks,
  tableFor,
  type Mark,
} from '../../web/src/pages/valley/analysis.js';
import {
  DEFAULT_STATE,
  PLAYERS,
  PROVEN_START,
  humanSide,
  inProgress,
  movePairs,
  pickSide,
  playAt,
  provenText,
  readState,
  repeatingMoves,
  replay,
  shownPly,
  stateFromRecord,
  stepPly,
  targetsOf,
  undoCount,
  writeState,
  type ValleyState,
  type Variant,
} from '../../web/src/pages/valley/state.js';
import { gridFormat, gridMoves, gridParse, gridPlay } from '../valley/grid-reference.js';
import { refMoves, refParse, refPlay } from '../valley/reference.js';

const startPosition = (variant: Variant, first: 'w' | 'b'): string =>
  variantStart(variant, first === 'w' ? 'white' : 'black');

describe('valley page state', () => {
  it('reads what it writes; unreadable values fall back to the defaults', () => {
    const s: ValleyState = {
      variant: 'retrieve',
      first: 'b',
      white: 'ai2',
      black: 'human',
      drawRule: false,
      moves: ['b5b2', 'a1a4'],
      analysis: true,
      think: 20,
      at: 1,
      flip: true,
    };
    expect(readState(parseHash(formatHash('valley', writeState(s))).params)).toEqual(s);
    expect(
      readState(new URLSearchParams('variant=chess&first=x&white=ai9&black=robot&moves=&analysis=1&think=7')),
    ).toEqual(DEFAULT_STATE);
  });

  it('replays random games exactly as the reference rules do (every variant, either side first)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Variant>('standard', 'retrieve', 'labyrinth'),
        fc.constantFrom<'w' | 'b'>('w', 'b'),
        fc.array(fc.nat(), { maxLength: 30 }),
        (variant, first, picks) => {
          let p = gridParse(startPosition(variant, first));
          const moves: string[] = [];
          for (const k of picks) {
            const legal = gridMoves(p);
            if (legal.length === 0) break;
            moves.push(legal[k % legal.length]);
            p = gridPlay(p, moves[moves.length - 1]);
          }
          const game = replay({ variant, first, drawRule: false, moves });
          expect(game.error).toBeNull();
          const now = game.snapshots[game.snapshots.length - 1];
          expect(now.position).toBe(gridFormat(p));
          expect([...now.legal].sort()).toEqual([...gridMoves(p)].sort());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('cuts a link at its first illegal move and says which', () => {
    const game = replay({ ...DEFAULT_STATE, moves: ['a1a4', 'c5c3', 'e1e4'] });
    expect(game.moves).toEqual(['a1a4']);
    expect(game.error).toMatch(/move 2 \(c5c3\)/);
    // The King may not make the first move.
    expect(replay({ ...DEFAULT_STATE, moves: ['c1c4'] }).error).toMatch(/move 1/);
    const fromB1 = refMoves(refParse(startPosition('standard', 'w'))).filter((m) => m.startsWith('b1'));
    expect(targetsOf(replay(DEFAULT_STATE).snapshots[0].legal, 'b1').sort()).toEqual(
      fromB1.map((m) => m.slice(2)).sort(),
    );
  });

  it('a win ends the game; the third repetition is a draw only with the draw rule', () => {
    const won = replay({ ...DEFAULT_STATE, moves: ['a1a4', 'a5d2', 'c1a3', 'd5d3', 'a3c3'] });
    expect(won.snapshots.at(-1)!.outcome).toMatchObject({ kind: 'win', winner: 'white' });
    expect(won.snapshots.at(-1)!.legal).toEqual([]);
    // Two soldiers shuffle back and forth: the position after the first move comes back every four plies.
    const shuffle = ['a1a4', 'd5d2', 'e1e4', 'd2d5', 'e4e1', 'd5d2', 'e1e4', 'd2d5', 'e4e1'];
    let p = refParse(startPosition('standard', 'w'));
    for (const m of shuffle) {
      expect(refMoves(p)).toContain(m);
      p = refPlay(p, m);
    }
    const on = replay({ ...DEFAULT_STATE, moves: shuffle });
    expect(on.snapshots.at(-1)!.outcome).toMatchObject({ kind: 'draw' });
    expect(on.snapshots.slice(0, -1).every((s) => s.outcome === null)).toBe(true);
    expect(replay({ ...DEFAULT_STATE, drawRule: false, moves: shuffle }).snapshots.at(-1)!.outcome).toBeNull();
  });

  it('reads a game record into the state (variant, who starts, moves) and refuses a bad one', () => {
    const game = replay({ variant: 'retrieve', first: 'b', drawRule: true, moves: ['b5b2', 'a1a4'] });
    const back = stateFromRecord(game.game.record(), DEFAULT_STATE);
    expect(back).toMatchObject({ variant: 'retrieve', first: 'b', moves: ['b5b2', 'a1a4'] });
    expect(() => stateFromRecord('a1a4\nc5c3\n', DEFAULT_STATE)).toThrow(/line 2/);
  });

  it('numbers the moves in pairs and takes back to the last human turn', () => {
    expect(movePairs(['a', 'b', 'c'], 'w')).toEqual([
      { number: 1, white: 'a', black: 'b' },
      { number: 2, white: 'c' },
    ]);
    expect(movePairs(['a', 'b'], 'b')).toEqual([
      { number: 1, black: 'a' },
      { number: 2, white: 'b' },
    ]);
    const vsAi: ValleyState = { ...DEFAULT_STATE, white: 'human', black: 'ai3' };
    expect(undoCount(vsAi, replay({ ...vsAi, moves: ['a1a4', 'd5d2'] }))).toBe(2);
    expect(undoCount(vsAi, replay({ ...vsAi, moves: ['a1a4'] }))).toBe(1);
    expect(undoCount({ ...vsAi, black: 'human' }, replay({ ...vsAi, moves: ['a1a4', 'd5d2'] }))).toBe(1);
  });

  it('the proven-win sentence says what a solver run proves of the standard start, either side first', () => {
    for (const first of ['w', 'b'] as const) {
      const position = createEngine(parsePosition(startPosition('standard', first)));
      const out = solveSync(position, { shortest: true, tableMegabytes: 64 });
      expect(out.finished).toBe(true);
      if (!out.finished) continue;
      const claim = PROVEN_START[first];
      expect(out.value.value).toBe('win');
      expect(out.value.winner).toBe(first === 'w' ? 'white' : 'black');
      for (const m of claim.moves) expect(out.value.moves).toContain(m);
      expect(out.value.shortest).toBe(claim.plies);
      const text = provenText(first);
      expect(text).toContain(`${claim.side}, moving first, wins`);
      expect(text).toContain(`${claim.plies} plies`);
      for (const m of claim.moves) expect(text).toContain(m);
    }
  }, 60_000);

  it('Play first / Play second: the person takes the side that moves first or second, the computer keeps its kind', () => {
    expect(pickSide(DEFAULT_STATE, 'first')).toEqual({ white: 'human', black: 'ai5' });
    expect(pickSide(DEFAULT_STATE, 'second')).toEqual({ white: 'ai5', black: 'human' });
    const blackFirst: ValleyState = { ...DEFAULT_STATE, first: 'b', white: 'ai2', black: 'human' };
    expect(pickSide(blackFirst, 'first')).toEqual({ white: 'ai2', black: 'human' });
    expect(pickSide(blackFirst, 'second')).toEqual({ white: 'human', black: 'ai2' });
    // Two people: the computer comes in at the default level.
    expect(pickSide({ ...DEFAULT_STATE, black: 'human' }, 'second')).toEqual({ white: 'ai5', black: 'human' });
    expect(humanSide(DEFAULT_STATE)).toBe('w');
    expect(humanSide({ ...DEFAULT_STATE, black: 'human' })).toBeNull();
    expect(humanSide({ ...DEFAULT_STATE, white: 'random', black: 'human' })).toBe('b');
  });

  it('asks before discarding only a game in progress; finds the moves that repeat a position a third time', () => {
    expect(inProgress(replay(DEFAULT_STATE))).toBe(false);
    expect(inProgress(replay({ ...DEFAULT_STATE, moves: ['a1a4'] }))).toBe(true);
    expect(inProgress(replay({ ...DEFAULT_STATE, moves: ['a1a4', 'a5d2', 'c1a3', 'd5d3', 'a3c3'] }))).toBe(false);
    const shuffle = ['a1a4', 'd5d2', 'e1e4', 'd2d5', 'e4e1', 'd5d2', 'e1e4', 'd2d5'];
    const g = replay({ ...DEFAULT_STATE, moves: shuffle });
    expect(repeatingMoves(g)).toEqual(['e4e1']);
    // The check plays and takes back: the game is as it was.
    expect(g.game.moves).toEqual(shuffle);
    expect(repeatingMoves(replay({ ...DEFAULT_STATE, drawRule: false, moves: shuffle }))).toEqual([]);
  });

  it('analysis marks: a loss after the move is a win for it, plies counted from now; badges and words; time shares', () => {
    expect(markFromChild({ value: 'loss', shortest: 8 })).toEqual({ value: 'win', plies: 9 });
    expect(markFromChild({ value: 'win', shortest: 3 })).toEqual({ value: 'loss', plies: 4 });
    expect(markFromChild({ value: 'win' })).toEqual({ value: 'loss' });
    expect(markFromChild({ value: 'draw' })).toEqual({ value: 'draw' });
    expect(markFromChild(undefined)).toEqual({ value: 'unknown', why: 'time' });
    expect(markFromChild(undefined, 'later')).toEqual({ value: 'unknown', why: 'later' });
    // Proved, its quickest win not yet found: the proof's length, this move counted, bounds it.
    expect(markFromChild({ value: 'loss', proofDepth: 10 })).toEqual({ value: 'win', atMost: 11 });
    expect(markFromChild({ value: 'loss', proofDepth: 10, shortest: 6 })).toEqual({ value: 'win', plies: 7 });
    expect(markFromChild({ value: 'win', proofDepth: null })).toEqual({ value: 'loss' });
    expect(badge({ value: 'win', atMost: 11 })).toBe('win ≤11');
    expect(badge({ value: 'unknown', why: 'later' })).toBe('?');
    expect(badge({ value: 'unknown', why: 'waiting' })).toBe('…');
    expect([
      marked({ value: 'unknown', why: 'waiting' }),
      marked({ value: 'unknown', why: 'later' }),
      marked({ value: 'loss' }),
      marked(undefined),
    ]).toEqual([false, true, true, false]);
    expect(markWords({ value: 'loss', atMost: 5 }, 5)).toBe('loses in at most 5 plies (the quickest not found in 5 s)');
    expect(markWords({ value: 'unknown', why: 'later' }, 5)).toMatch(/^not proved yet/);
    expect(tableFor(10)).toBe(12);
    expect([tableFor(1), tableFor(0), tableFor(40)]).toEqual([32, 32, 4]);
    expect(badge({ value: 'win', plies: 9 })).toBe('win 9');
    expect(badge({ value: 'loss' })).toBe('loss');
    expect(badge({ value: 'unknown', why: 'time' })).toBe('?');
    expect(markWords({ value: 'win', plies: 1 }, 5)).toBe('wins at once');
    expect(markWords({ value: 'loss', plies: 4 }, 5)).toBe('loses in 4 plies');
    expect(markWords({ value: 'unknown', why: 'time' }, 60)).toBe('not proved in 1 min');
    const marks: Record<string, Mark> = {
      a1d4: { value: 'loss', plies: 4 },
      d1d4: { value: 'win', plies: 9 },
      b1b4: { value: 'draw' },
    };
    const on = squareMarks(marks, ['a1d4', 'd1d4', 'b1b4']);
    // Two pieces reach d4: each named, the better move first.
    expect(on.get('d4')!.map((e) => e.text)).toEqual(['d1 win 9', 'a1 loss 4']);
    expect(on.get('b4')!.map((e) => e.text)).toEqual(['draw']);
    expect(share(3000, 3)).toBe(1000);
    expect(share(-5, 2)).toBe(0);
    expect(share(100, 0)).toBe(0);
  });
});

describe("the players' names, in the player's words", () => {
  it('say how far each computer looks or how long it thinks, with no engine words, short enough for a phone', () => {
    const names = PLAYERS.map(([, n]) => n);
    expect(names).toContain('Computer 5 (0.1 s a move)');
    expect(names).toContain('Computer 3 (looks 4 moves ahead)');
    for (const n of names) {
      expect(n).not.toMatch(/pl(y|ies)\b|depth|ms\b/);
      expect(n.length, n).toBeLessThanOrEqual(40);
    }
  });
});

describe('reviewing a game', () => {
  it('a link holds the position under review only below the number of moves; anything else is the latest', () => {
    for (const [at, want] of [
      ['2', 2],
      ['0', 0],
      ['4', null],
      ['9', null],
      ['-1', null],
      ['x', null],
      ['1.5', null],
    ] as const) {
      expect(readState(new URLSearchParams(`moves=b1b4,d5d2,e1e4,b5e2&at=${at}`)).at, at).toBe(want);
    }
    expect(writeState({ ...DEFAULT_STATE, moves: ['b1b4'], at: 1 }).at).toBeUndefined();
    expect(readState(new URLSearchParams('flip=1')).flip).toBe(true);
    expect(readState(new URLSearchParams('flip=yes')).flip).toBe(false);
  });

  it('the keys step within the game, and a move from a past position cuts the later ones (or steps on, when it is the same)', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(25), (played, at) => {
        const ply = shownPly({ at }, played);
        expect(ply).toBe(Math.min(at, played));
        expect(stepPly('ArrowLeft', ply, played)).toBe(Math.max(0, ply - 1));
        expect(stepPly('ArrowRight', ply, played)).toBe(Math.min(played, ply + 1));
        expect(stepPly('Home', ply, played)).toBe(0);
        expect(stepPly('End', ply, played)).toBe(played);
        expect(stepPly('a', ply, played)).toBeNull();
      }),
    );
    const moves = ['b1b4', 'd5d2', 'e1e4', 'b5e2'];
    expect(playAt(moves, 2, 'a1a4')).toEqual({ moves: ['b1b4', 'd5d2', 'a1a4'], at: null });
    expect(playAt(moves, 2, 'e1e4')).toEqual({ moves, at: 3 });
    expect(playAt(moves, 3, 'b5e2')).toEqual({ moves, at: null });
    expect(playAt(moves, 4, 'a1a4')).toEqual({ moves: [...moves, 'a1a4'], at: null });
  });
});
