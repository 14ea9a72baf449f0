// The King's Valley page's state logic in Node: links read and written back, games replayed and re-checked by
// the plain reference rules, bad links cut at the first illegal move, the draw rule, the move list, Undo.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../web/src/router.js';
import { variantStart } from '../../src/valley/variant.js';
import { DEFAULT_STATE, movePairs, readState, replay, stateFromRecord, targetsOf, undoCount, writeState, type ValleyState, type Variant } from '../../web/src/pages/valley/state.js';
import { gridFormat, gridMoves, gridParse, gridPlay } from '../valley/grid-reference.js';
import { refMoves, refParse, refPlay } from '../valley/reference.js';

const startPosition = (variant: Variant, first: 'w' | 'b'): string => variantStart(variant, first === 'w' ? 0 : 1);

describe('valley page state', () => {
  it('reads what it writes; unreadable values fall back to the defaults', () => {
    const s: ValleyState = { variant: 'retrieve', first: 'b', white: 'ai2', black: 'human', drawRule: false, moves: ['b5b2', 'a1a4'] };
    expect(readState(parseHash(formatHash('valley', writeState(s))).params)).toEqual(s);
    expect(readState(new URLSearchParams('variant=chess&first=x&white=ai9&black=robot&moves='))).toEqual(DEFAULT_STATE);
  });

  it('replays random games exactly as the reference rules do (every variant, either side first)', () => {
    fc.assert(
      fc.property(fc.constantFrom<Variant>('standard', 'retrieve', 'labyrinth'), fc.constantFrom<'w' | 'b'>('w', 'b'), fc.array(fc.nat(), { maxLength: 30 }), (variant, first, picks) => {
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
      }),
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
    expect(targetsOf(replay(DEFAULT_STATE).snapshots[0].legal, 'b1').sort()).toEqual(fromB1.map((m) => m.slice(2)).sort());
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
    expect(movePairs(['a', 'b', 'c'], 'w')).toEqual([{ number: 1, white: 'a', black: 'b' }, { number: 2, white: 'c' }]);
    expect(movePairs(['a', 'b'], 'b')).toEqual([{ number: 1, black: 'a' }, { number: 2, white: 'b' }]);
    const vsAi: ValleyState = { ...DEFAULT_STATE, white: 'human', black: 'ai3' };
    expect(undoCount(vsAi, replay({ ...vsAi, moves: ['a1a4', 'd5d2'] }))).toBe(2);
    expect(undoCount(vsAi, replay({ ...vsAi, moves: ['a1a4'] }))).toBe(1);
    expect(undoCount({ ...vsAi, black: 'human' }, replay({ ...vsAi, moves: ['a1a4', 'd5d2'] }))).toBe(1);
  });
});
