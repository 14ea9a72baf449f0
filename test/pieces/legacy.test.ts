// The pieces and render engines' pre-0.2 root names (src/pieces/legacy.ts, src/render/legacy.ts): all there, as before.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import * as pieces from '../../src/pieces/legacy.js';
import * as render from '../../src/render/legacy.js';

describe('pieces and render legacy names', () => {
  it('has every value the package root exported before', () => {
    for (const name of [
      'AttackGen',
      'attackGen',
      'attacks',
      'mobility',
      'KING',
      'KNIGHT',
      'LEAPERS',
      'PIECE_NAMES',
      'VALLEY_SLIDER',
      'leaperVectors',
      'makePiece',
      'parsePiece',
    ]) {
      expect(pieces, name).toHaveProperty(name);
    }
    for (const name of ['drawGrid', 'boardSvg']) expect(render, name).toHaveProperty(name);
  });

  it('mobility stays sync, with the board beside the counts', () => {
    const b = Board.of(8, 8);
    const m = pieces.mobility(b, pieces.KNIGHT);
    expect(m.total).toBe(336);
    expect(m.board).toBe(b);
    expect(m.counts[0]).toBe(2);
  });
});
