import { describe, expect, it } from 'vitest';
import { formatPosition, formatRecord, parseRecord, startPosition, winnerOf } from '../../src/valley/index.js';
import { refFormat, refMoves, refParse, refPlay } from './reference.js';

describe("King's Valley game records", () => {
  it('reads moves from the start and writes them back', () => {
    const r = parseRecord('b1e4\n\nd5a2\r\ne4e2\n');
    expect(r.moves).toEqual(['b1e4', 'd5a2', 'e4e2']);
    expect(r.positions).toHaveLength(4);
    // The reference plays the same record to the same board.
    let ref = refParse('sskss/5/5/5/SSKSS w 0');
    for (const m of r.moves) {
      expect(refMoves(ref)).toContain(m);
      ref = refPlay(ref, m);
    }
    expect(formatPosition(r.positions[3])).toBe(refFormat(ref));
    expect(formatRecord(r.start, r.moves)).toBe('b1e4\nd5a2\ne4e2\n');
    expect(parseRecord(formatRecord(r.start, r.moves)).moves).toEqual(r.moves);
  });

  it('takes a starting position and keeps it on the way out', () => {
    const r = parseRecord('4k/2s2/5/5/2K1S w 1\nc1c3\n');
    expect(winnerOf(r.positions[1])).toBe('white');
    expect(formatRecord(r.start, r.moves)).toBe('4k/2s2/5/5/2K1S w 1\nc1c3\n');
    expect(formatRecord(startPosition(), [])).toBe('');
  });

  it('names the line of an illegal or malformed move, and of a bad position', () => {
    expect(() => parseRecord('b1e4\nc1c3\n')).toThrow(/line 2: illegal move 'c1c3'/);
    expect(() => parseRecord('\nb1e4\nzz\n')).toThrow(/line 3: bad move 'zz'/);
    // After a win nothing more may be played.
    expect(() => parseRecord('4k/2s2/5/5/2K1S w 1\nc1c3\nc4c5\n')).toThrow(/line 3: illegal move/);
    expect(() => parseRecord('sskss/5/5/5/SSKS w 0\n')).toThrow(/rank 1 has 4 squares/);
  });
});
