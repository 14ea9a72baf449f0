import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { Game, VARIANT_NAMES, variantStart } from '../../src/valley/index.js';
import { gridFormat, gridMoves, gridParse, gridPlay, gridWinner } from './grid-reference.js';

/** Everything a refused move must leave as it was. */
function snapshot(g: Game): unknown {
  return {
    position: g.position,
    moves: [...g.moves],
    keys: g.historyKeys(),
    record: g.record(),
    result: g.result(),
    legal: g.legalMoves(),
  };
}

const CYCLE = ['e1e4', 'a5a2', 'e4e1', 'a2a5'];

describe("King's Valley games", () => {
  it('draws at the third occurrence of a position with the draw rule, plays on without it', () => {
    const g = new Game();
    for (const m of [...CYCLE, ...CYCLE.slice(0, 3)]) g.play(m);
    expect(g.result()).toBeNull();
    g.play(CYCLE[3]);
    expect(g.occurrences()).toBe(3);
    expect(g.result()).toEqual({ winner: null, draw: true, reason: expect.stringMatching(/third time: draw rule/) });
    expect(g.legalMoves()).toEqual([]);
    expect(() => g.play('e1e4')).toThrow(/the game is over/);
    // Undo leaves the draw.
    g.undo();
    expect(g.result()).toBeNull();

    const free = new Game({ drawRule: false });
    for (let i = 0; i < 5; i++) for (const m of CYCLE) free.play(m);
    expect(free.occurrences()).toBe(6);
    expect(free.result()).toBeNull();
    expect(free.legalMoves().length).toBeGreaterThan(0);
  });

  it('keeps the board key of every position for the search: the start counts as the same position as its board met later', () => {
    const g = new Game();
    const startKey: [number, number] = [g.engine.keyLo, g.engine.keyHi];
    for (const m of [...CYCLE, ...CYCLE]) g.play(m);
    const keys = g.historyKeys();
    expect(keys).toHaveLength(9);
    // Plies 0, 4 and 8 are the same board with White to move: the draw rule's three occurrences, and the search's.
    expect(keys[0]).toEqual(keys[4]);
    expect(keys[4]).toEqual(keys[8]);
    expect(keys[8]).toEqual([g.engine.keyLo, g.engine.keyHi]);
    expect(new Set(keys.map((k) => k.join(':'))).size).toBe(4);
    // The engine's own key still tells the first move apart (the King may not move yet): the table keeps them apart.
    expect(startKey).not.toEqual(keys[0]);
  });

  it('gives equal board keys exactly to equal boards with the same side to move, in every variant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VARIANT_NAMES), fc.array(fc.nat(), { maxLength: 40 }), (variant, picks) => {
        const g = new Game({ variant, drawRule: false });
        const boards = [g.position.split(' ').slice(0, 2).join(' ')];
        for (const pick of picks) {
          const legal = g.legalMoves();
          if (legal.length === 0) break;
          g.play(legal[pick % legal.length]);
          boards.push(g.position.split(' ').slice(0, 2).join(' '));
        }
        const keys = g.historyKeys().map((k) => k.join(':'));
        for (let i = 0; i < boards.length; i++)
          for (let j = 0; j < i; j++) expect(keys[i] === keys[j]).toBe(boards[i] === boards[j]);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses malformed, illegal and late moves and leaves the game exactly as it was', () => {
    for (const variant of VARIANT_NAMES) {
      const g = new Game({ variant });
      g.play(g.legalMoves()[0]);
      const before = snapshot(g);
      for (const bad of ['', 'zz', 'b1', 'b1e4e5', 'a0a1', 'h1h2', 'a1a1', 'c5c4x']) {
        expect(() => g.play(bad)).toThrow(GridbitsError);
        expect(snapshot(g)).toEqual(before);
      }
      // A well-formed move of the wrong side, or one the slide rule forbids.
      const own = g.legalMoves()[0];
      expect(() => g.play(own.slice(0, 2) + own.slice(0, 2))).toThrow(/illegal move/);
      expect(snapshot(g)).toEqual(before);
    }
    expect(() => new Game().play('b1b3')).toThrow(/illegal move 'b1b3' in sskss\/5\/5\/5\/SSKSS w 0/);
    expect(() => new Game().play('b1')).toThrow(/bad move 'b1'/);
  });

  it('makes the first move a soldier move, whoever starts', () => {
    const w = new Game();
    expect(w.legalMoves().some((m) => m.startsWith('c1'))).toBe(false);
    expect(() => w.play('c1c4')).toThrow(/illegal move/);
    const b = new Game({ first: 'black' });
    expect(b.position).toBe('sskss/5/5/5/SSKSS b 0');
    expect(b.sideToMove).toBe('black');
    expect(b.legalMoves().every((m) => m[1] === '5' && m[0] !== 'c')).toBe(true);
    // Retrieve the King: the King in the opponent's rank may not move first either; it may on ply 1.
    const r = new Game({ variant: 'retrieve', position: 'ssKss/5/5/5/SSkSS w 0' });
    expect(r.targets('c5')).toEqual([]);
    expect(new Game({ variant: 'retrieve', position: 'ssKss/5/5/5/SSkSS w 1' }).targets('c5').sort()).toEqual([
      'a3',
      'c2',
      'e3',
    ]);
    const lab = new Game({ variant: 'labyrinth', first: 'black' });
    expect(lab.legalMoves().some((m) => m.startsWith('d7'))).toBe(false);
    expect(() => new Game({ first: 'black', position: 'sskss/5/5/5/SSKSS w 0' })).toThrow(
      /white to move, but first is black/,
    );
  });

  it('lets a soldier pass over the valley but not stop on it; a King stopping there wins', () => {
    const s = new Game({ position: '2k2/2s2/5/5/2S1K w 1' });
    expect(s.targets('c1')).not.toContain('c3');
    expect(() => s.play('c1c3')).toThrow(/illegal move/);
    expect(new Game({ position: 'k4/5/5/5/S3K w 1' }).targets('a1')).toContain('e5');
    const k = new Game({ position: '2k2/2s2/5/5/2K1S w 1' });
    k.play('c1c3');
    expect(k.result()).toEqual({ winner: 'white', draw: false, reason: 'the White King reached the valley c3' });
    expect(k.legalMoves()).toEqual([]);
    const boxed = new Game({ position: 'ks3/ss3/5/5/4K b 5' });
    expect(boxed.result()).toEqual({ winner: 'white', draw: false, reason: 'the Black King cannot move' });
    const lab = new Game({ variant: 'labyrinth', position: 'k6/7/1#1s1#1/7/1#1S1#1/7/3K3 w 1' });
    expect(lab.targets('d3')).not.toContain('d4');
    lab.play('d1d2');
    lab.play('a7a1');
    lab.play('d2d1');
    expect(lab.position).toBe('7/7/1#1s1#1/7/1#1S1#1/7/k2K3 b 4');
  });

  it('undoes moves back to the start and refuses one more', () => {
    const g = new Game({ variant: 'labyrinth' });
    const start = snapshot(g);
    g.play('a1f6');
    const after = snapshot(g);
    g.play(g.legalMoves()[3]);
    g.undo();
    expect(snapshot(g)).toEqual(after);
    expect(g.undo()).toBe('a1f6');
    expect(snapshot(g)).toEqual(start);
    expect(() => g.undo()).toThrow(/no move to undo/);
  });

  it('plays random games like the reference rules and round-trips them through records', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANT_NAMES),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 60 }),
        (variant, blackFirst, drawRule, picks) => {
          const g = new Game({ variant, first: blackFirst ? 'black' : 'white', drawRule });
          let ref = gridParse(g.position);
          for (const pick of picks) {
            const legal = g.legalMoves();
            const over = g.result();
            if (over === null || !over.draw) expect([...legal].sort()).toEqual(gridMoves(ref));
            if (over !== null) {
              if (!over.draw) expect(over.winner).toBe(gridWinner(ref));
              break;
            }
            const m = legal[pick % legal.length];
            g.play(m);
            ref = gridPlay(ref, m);
            expect(g.position).toBe(gridFormat(ref));
          }
          const back = Game.fromRecord(g.record(), { drawRule });
          expect(back.variant.name).toBe(variant);
          expect(back.start).toBe(variantStart(variant, blackFirst ? 'black' : 'white'));
          expect(back.moves).toEqual(g.moves);
          expect(back.position).toBe(g.position);
          expect(back.result()).toEqual(g.result());
          expect(back.record()).toBe(g.record());
        },
      ),
      { numRuns: 80, seed: 3 },
    );
  });

  it('writes records with a variant line and a start line only when needed', () => {
    const g = new Game();
    g.play('b1e4');
    expect(g.record()).toBe('b1e4\n');
    const r = new Game({ variant: 'retrieve', first: 'black' });
    expect(r.record()).toBe('variant retrieve\nssKss/5/5/5/SSkSS b 0\n');
    const l = new Game({ variant: 'labyrinth' });
    l.play('a1f6');
    expect(l.record()).toBe('variant labyrinth\na1f6\n');
    // A Labyrinth position needs no variant line: seven ranks tell.
    const p = Game.fromRecord('sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS b 0\na7f2\n');
    expect(p.variant.name).toBe('labyrinth');
    expect(p.moves).toEqual(['a7f2']);
    // Upper case and spaces are read; moves are written in lower case.
    expect(Game.fromRecord('  B1E4  \r\n').record()).toBe('b1e4\n');
  });

  it('loads nothing from a record with a bad line, and names the line', () => {
    expect(() => Game.fromRecord('b1e4\n\nc1c3\n')).toThrow(/game record line 3: illegal move 'c1c3'/);
    expect(() => Game.fromRecord('variant chess\nb1e4\n')).toThrow(
      /game record line 1: unknown King's Valley variant 'chess'/,
    );
    expect(() => Game.fromRecord('variant labyrinth\nsskss/5/5/5/SSKSS w 0\n')).toThrow(
      /game record line 2: bad Labyrinth position/,
    );
    expect(() => Game.fromRecord('b1e4\nxx\n')).toThrow(/game record line 2: bad move 'xx'/);
    // Moves after a draw by the draw rule are refused; without the rule they load.
    const text = [...CYCLE, ...CYCLE, 'e1e4'].join('\n');
    expect(() => Game.fromRecord(text)).toThrow(/line 9: the game is over/);
    expect(Game.fromRecord(text, { drawRule: false }).moves).toHaveLength(9);
  });
});
