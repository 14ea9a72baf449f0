// The deprecated names (src/tour/legacy.ts): every name the package root exported from the tour engine before
// 0.3 is there, sync calls stay sync, and a spent budget answers as it did (not as an outcome).
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT, parsePiece } from '../../src/pieces/piece.js';
import * as legacy from '../../src/tour/legacy.js';

/** The values the root exported from the tour engine before (git show 64d41a5:src/tour/index.ts). */
const OLD_VALUES = [
  'TourMachine',
  'searchTour',
  'formatTrace',
  'traceTour',
  'openTourStarts',
  'tableCellText',
  'tourTable',
  'tourTableAsync',
  'COUNT_CONVENTION',
  'countLimit',
  'countTours',
  'countToursAsync',
  'analyzeTour',
  'isMove',
  'parseTour',
  'closeByEuler',
  'eulerReversalAt',
  'GALLERY',
  'galleryNames',
  'galleryTour',
  'findTour',
  'knightClosedExists',
  'knightOpenExists',
  'tourExistence',
  'tourFault',
  'countToursFromEach',
  'symmetricSquares',
];

// The old types, named so the compiler checks each is still exported.
export type OldTypes = [
  legacy.TourAnswer,
  legacy.TourQuery,
  legacy.MachineLimits,
  legacy.MachineStatus,
  legacy.SearchSwitches,
  legacy.TourEvent,
  legacy.TourEventKind,
  legacy.SearchOptions,
  legacy.SearchResult,
  legacy.TraceOptions,
  legacy.StartCell,
  legacy.StartOptions,
  legacy.StartReason,
  legacy.TableCell,
  legacy.TableOptions,
  legacy.CountOptions,
  legacy.TourCount,
  legacy.AnalyzeOptions,
  legacy.TourAnalysis,
  legacy.TourSums,
  legacy.ParsedTour,
  legacy.EulerClosing,
  legacy.GalleryTour,
  legacy.Existence,
  legacy.EachCount,
];

describe('the deprecated tour names', () => {
  it('every old value is exported, and nothing else', () => {
    for (const name of OLD_VALUES) expect(legacy, name).toHaveProperty(name);
    expect(Object.keys(legacy).sort()).toEqual([...OLD_VALUES].sort());
  });

  it('sync stays sync: counts, tours, tables and searches answer at once', () => {
    const c = legacy.countTours(Board.of(5, 5));
    expect(c).not.toBeInstanceOf(Promise);
    expect(c).toMatchObject({ count: 1728n, complete: true, directed: true });
    const f = legacy.findTour({ board: Board.of(8, 8), piece: KNIGHT, closed: true });
    expect(f.exists).toBe(true);
    expect(legacy.tourTable(Board.of(5, 5), KNIGHT).filter((x) => x.exists).length).toBe(13);
    expect(legacy.searchTour({ board: Board.of(4, 4), piece: KNIGHT, closed: false })).toMatchObject({
      status: 'none',
    });
    expect(legacy.tourExistence({ board: Board.of(4, 4), piece: KNIGHT, closed: true }).exists).toBe(false);
  });

  it('a spent budget answers as it did: complete false, exists null, status budget, LIM', async () => {
    const c = legacy.countTours(Board.of(9, 9), { maxNodes: 20_000 });
    expect(c).toMatchObject({ complete: false, reason: 'budget exhausted after 20000 nodes', method: 'backtracking' });
    expect(c.count > 0n).toBe(true);
    expect(await legacy.countToursAsync(Board.of(6, 6), { timeoutMs: 20 })).toMatchObject({
      complete: false,
      reason: 'budget exhausted after 20 ms',
    });
    const zebra = { board: Board.of(8, 8), piece: parsePiece('zebra'), closed: false, from: 0 };
    const f = legacy.findTour(zebra, { maxNodes: 1000 });
    expect(f).toMatchObject({ exists: null, method: 'backtracking' });
    expect(f.reason).toMatch(/^budget exhausted after 1000 nodes and \d+ backtracks$/);
    expect(
      legacy.searchTour(
        { board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 },
        { maxBacktracks: 3, switches: { warnsdorff: false, deadCells: false, restarts: false } },
      ),
    ).toMatchObject({ status: 'budget', backtracks: 3 });
    // The machine's run resumes where a budget stopped it, counting nodes from its start.
    const m = new legacy.TourMachine({ board: Board.of(4, 4), piece: KNIGHT, closed: false, from: 0 });
    expect(m.run({ maxNodes: 5 })).toMatchObject({ status: 'budget', nodes: 5 });
    expect(m.run({ maxNodes: 5 })).toMatchObject({ status: 'budget', nodes: 5 });
    expect(m.run().status).toBe('none');
    // Past a table's deadline every square still gets a short look; a backtrack cap says LIM.
    expect(legacy.tourTable(Board.of(5, 5), KNIGHT, { timeoutMs: 1e-9 }).every((x) => x.exists !== null)).toBe(true);
    expect(
      legacy.tourTable(Board.of(10, 4), KNIGHT, { maxBacktracks: 10 }).filter((x) => x.exists === null).length,
    ).toBe(20);
    const each = await legacy.countToursFromEach(Board.of(6, 6), { timeoutMs: 20 });
    expect(each).toMatchObject({ complete: false, reason: 'budget exhausted after 20 ms' });
    expect(
      legacy.openTourStarts(Board.of(7, 3), KNIGHT, { maxBacktracks: 0 }).some((x) => x.reason === 'budget exhausted'),
    ).toBe(true);
  });

  it('the signal throws ABORTED, as before', async () => {
    const ac = new AbortController();
    ac.abort();
    expect(() => legacy.countTours(Board.of(6, 6), { closed: true, signal: ac.signal })).toThrow(/stopped/);
    await expect(legacy.tourTableAsync(Board.of(10, 4), KNIGHT, { signal: ac.signal })).rejects.toThrow(/stopped/);
    expect(() =>
      new legacy.TourMachine({ board: Board.of(5, 5), piece: KNIGHT, closed: false }).run({ signal: ac.signal }),
    ).toThrow(/stopped/);
  });
});
