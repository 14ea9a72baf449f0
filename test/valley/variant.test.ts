import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { finishedValue } from '../../src/core/job.js';
import {
  VARIANTS,
  VARIANT_NAMES,
  createEngine,
  createVariantEngine,
  divide,
  engineMoves,
  findVariant,
  formatMove,
  formatVariantPosition,
  parseEngineMove,
  parseVariantPosition,
  perftSync,
  startPosition,
  variantStart,
  type Engine,
} from '../../src/valley/index.js';
import { gridMoves, gridParse, gridPerft } from './grid-reference.js';

/** perft that must finish (no limit is given). */
const enginePerft = (e: Engine, depth: number): number => finishedValue(perftSync(e, depth));

describe("King's Valley variants", () => {
  it('describes each variant: board, valley, pillars, start', () => {
    expect(VARIANT_NAMES).toEqual(['standard', 'retrieve', 'labyrinth']);
    expect(VARIANTS.standard.start).toBe('sskss/5/5/5/SSKSS w 0');
    expect(VARIANTS.retrieve.start).toBe('ssKss/5/5/5/SSkSS w 0');
    expect(VARIANTS.labyrinth.start).toBe('sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0');
    const lab = VARIANTS.labyrinth;
    expect(lab.grid.pillars.map((sq) => lab.board.name(sq)).sort()).toEqual(['b3', 'b5', 'f3', 'f5']);
    expect(lab.board.name(lab.grid.valley)).toBe('d4');
    expect(VARIANTS.standard.board.name(VARIANTS.standard.grid.valley)).toBe('c3');
    expect(variantStart('retrieve', 'black')).toBe('ssKss/5/5/5/SSkSS b 0');
    expect(() => findVariant('chess')).toThrow(
      /unknown King's Valley variant 'chess' \(standard, retrieve, labyrinth\)/,
    );
    for (const name of ['constructor', '__proto__', 'toString'])
      expect(() => findVariant(name)).toThrow(/unknown King's Valley variant/);
  });

  it('builds an engine per variant whose moves and perft agree with the reference, either side first', () => {
    for (const name of VARIANT_NAMES) {
      for (const first of ['white', 'black'] as const) {
        const start = variantStart(name, first);
        const e = createVariantEngine(name, first === 'white' ? undefined : start);
        expect(e.toString()).toBe(start);
        expect(e.size).toBe(VARIANTS[name].grid.size);
        expect(
          engineMoves(e)
            .map((m) => formatMove(m, e.board))
            .sort(),
        ).toEqual(gridMoves(gridParse(start)));
        for (const d of [1, 2, 3]) expect(enginePerft(e, d)).toBe(gridPerft(gridParse(start), d));
      }
    }
    // The standard variant's engine is the 5×5 engine: the same perft from the start.
    expect(enginePerft(createVariantEngine('standard'), 4)).toBe(enginePerft(createEngine(startPosition()), 4));
    expect(enginePerft(createVariantEngine('standard'), 4)).toBe(21708);
  });

  it('round-trips positions in each notation and rejects those of another board', () => {
    for (const name of VARIANT_NAMES) {
      const start = VARIANTS[name].start;
      expect(formatVariantPosition(name, parseVariantPosition(name, start))).toBe(start);
    }
    expect(() => parseVariantPosition('labyrinth', 'sskss/5/5/5/SSKSS w 0')).toThrow(/expected 7 ranks/);
    expect(() => parseVariantPosition('standard', VARIANTS.labyrinth.start)).toThrow(/expected 5 ranks/);
    expect(() => parseVariantPosition('standard', 's#kss/5/5/5/SSKSS w 0')).toThrow(/unexpected '#'/);
    expect(() => createVariantEngine('labyrinth', parseVariantPosition('standard', 'sskss/5/5/5/SSKSS w 0'))).toThrow(
      /7×7/,
    );
  });

  it('parses moves against the position: malformed and illegal ones are errors', () => {
    const e = createVariantEngine('labyrinth');
    expect(formatMove(parseEngineMove(e, 'a1f6'), e.board)).toBe('a1f6');
    expect(() => parseEngineMove(e, 'a1-h8')).toThrow(/bad move 'a1-h8'/);
    expect(() => parseEngineMove(e, 'd1d2')).toThrow(GridbitsError);
    expect(() => parseEngineMove(e, 'd1d2')).toThrow(/illegal move 'd1d2'/);
    const s = createVariantEngine('standard');
    expect(() => parseEngineMove(s, 'a1f6')).toThrow(/illegal move/);
  });

  it('divides perft by first move, with progress (throttled by the job driver, ending at its total)', async () => {
    const e = createVariantEngine('labyrinth');
    const seen: Array<[number, number | undefined]> = [];
    const rows = finishedValue(await divide(e, 2, { onProgress: (p) => seen.push([p.done, p.share]) }));
    expect(rows).toHaveLength(16);
    expect(rows.reduce((a, [, n]) => a + n, 0)).toBe(288);
    // Progress counts leaves, its share following a forecast: it ends at the count and a share of 1.
    expect(seen[seen.length - 1]).toEqual([288, 1]);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
    const ac = new AbortController();
    ac.abort();
    expect(await divide(e, 2, { signal: ac.signal })).toMatchObject({ finished: false, stopped: 'signal' });
    expect(e.toString()).toBe(VARIANTS.labyrinth.start);
  });
});
