// GridbitsError's message is one short line whatever the input quoted in it.
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';

describe('GridbitsError messages', () => {
  it('escapes newlines and other control characters', () => {
    expect(new GridbitsError('BAD_BOARD', "bad board size '5\nx\t5\u0000'").message).toBe(
      "bad board size '5\\nx\\t5\\u0000'",
    );
  });

  it('cuts quoted input over 80 characters to its first 60 and its length, and leaves the rest as it was', () => {
    const m = new GridbitsError(
      'BAD_SQUARE',
      `bad square '${'a'.repeat(300)}': expected a file letter and a rank number`,
    ).message;
    expect(m).toBe(`bad square '${'a'.repeat(60)}…' (300 characters): expected a file letter and a rank number`);
    const huge = new GridbitsError('BAD_INPUT', `line 1: '${'ab'.repeat(500_000)}' is neither a square nor a number`)
      .message;
    expect(huge.length).toBeLessThan(150);
    expect(huge).toMatch(/\(1000000 characters\) is neither a square nor a number$/);
    // Characters beyond the basic plane are counted and cut whole.
    expect(new GridbitsError('BAD_INPUT', `shape '${'🚢'.repeat(100)}'`).message).toBe(
      `shape '${'🚢'.repeat(60)}…' (100 characters)`,
    );
    // Short quotes and apostrophes in the words are untouched.
    for (const text of [
      "unknown King's Valley variant 'chess' (standard, retrieve, labyrinth)",
      `bad square '${'a'.repeat(80)}'`,
    ]) {
      expect(new GridbitsError('BAD_ARGUMENT', text).message).toBe(text);
    }
  });
});
