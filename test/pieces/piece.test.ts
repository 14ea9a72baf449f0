import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/index.js';
import { LEAPERS, PIECE_NAMES, leaperVectors, parsePiece } from '../../src/pieces/index.js';

const key = (vs: readonly (readonly [number, number])[]): string[] => vs.map(([a, b]) => `${a},${b}`).sort();

describe('parsePiece', () => {
  it('knows the named leapers by (m, n)', () => {
    expect(LEAPERS.knight).toEqual([1, 2]);
    expect(LEAPERS.camel).toEqual([1, 3]);
    expect(LEAPERS.zebra).toEqual([2, 3]);
    expect(LEAPERS.giraffe).toEqual([1, 4]);
    expect(LEAPERS.alfil).toEqual([2, 2]);
    expect(LEAPERS.dabbaba).toEqual([0, 2]);
    expect(parsePiece('knight').leaps).toHaveLength(8);
    expect(parsePiece('wazir').leaps).toHaveLength(4);
    expect(parsePiece('ferz').leaps).toHaveLength(4);
    expect(key(parsePiece('1,2').leaps)).toEqual(key(parsePiece('knight').leaps));
    expect(key(parsePiece('2,1').leaps)).toEqual(key(parsePiece('knight').leaps));
  });

  it('builds compounds: king = wazir + ferz, knight+king', () => {
    expect(key(parsePiece('king').leaps)).toEqual(key([...leaperVectors(0, 1), ...leaperVectors(1, 1)]));
    expect(parsePiece('knight+king').leaps).toHaveLength(16);
    expect(parsePiece('king+wazir').leaps).toHaveLength(8);
    expect(parsePiece('queen').rides).toHaveLength(8);
    expect(parsePiece('rook').rides).toHaveLength(4);
    expect(parsePiece('1,2*').rides).toHaveLength(8);
    expect(parsePiece('queen-end').slides).toHaveLength(8);
    expect(parsePiece(' Knight + King ').name).toBe('knight+king');
    for (const n of PIECE_NAMES) expect(() => parsePiece(n)).not.toThrow();
  });

  it('refuses unknown pieces and malformed leaper specs with BAD_PIECE', () => {
    for (const bad of ['', 'dragon', '1,', '1,2,3', '-1,2', '0,0', 'knight+', '+', '1,x', 'knight-end', '1,2*x']) {
      expect(() => parsePiece(bad), bad).toThrowError(GridbitsError);
      try {
        parsePiece(bad);
      } catch (e) {
        expect((e as GridbitsError).code).toBe('BAD_PIECE');
      }
    }
    expect(() => parsePiece('dragon')).toThrow(/unknown piece 'dragon'/);
    // Only the tables' own names: not what every object inherits.
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf'])
      expect(() => parsePiece(name)).toThrow(/unknown piece/);
    expect(() => parsePiece('0,0')).toThrow(/malformed leaper/);
  });
});
