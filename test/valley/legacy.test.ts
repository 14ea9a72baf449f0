// Every name the package root exported from the King's Valley engine in 0.1 is in legacy.ts, and a few behave
// as they did: sync stays sync, a spent budget answers as it did, 0.1's move codes stay from | to << 5.
import { describe, expect, it } from 'vitest';
import * as legacy from '../../src/valley/legacy.js';
import type * as L from '../../src/valley/legacy.js';

/** The value names of 0.1's root (src/valley/index.ts at 64d41a5). */
const VALUES = [
  'VALLEY',
  'VALLEY_BOARD',
  'valleySlideEnd',
  'VALLEY_BLACK',
  'VALLEY_WHITE',
  'copyValleyPosition',
  'sameValleyPosition',
  'valleyStart',
  'valleyWinner',
  'VALLEY_MAX_MOVES',
  'countValleyMoves',
  'generateValleyMoves',
  'valleyIsOver',
  'makeValleyMove',
  'valleyMoveFrom',
  'valleyMoveTo',
  'valleyMoveCodes',
  'unmakeValleyMove',
  'VALLEY_START',
  'formatValleyMove',
  'formatValleyPosition',
  'parseValleyMove',
  'parseValleyPosition',
  'playValleyMove',
  'valleyMoves',
  'formatValleyRecord',
  'parseValleyRecord',
  'PERFT_MAX_DEPTH',
  'valleyDivide',
  'valleyDivideAsync',
  'valleyPerft',
  'VALLEY_SOLVE_MAX_PLY',
  'valleySolve',
  'Valley5Engine',
  'createValleyEngine',
  'valleyZobristKeys',
  'ValleyGame',
  'VALLEY_VARIANTS',
  'VALLEY_VARIANT_NAMES',
  'createValleyVariantEngine',
  'valleyEngineDivideAsync',
  'valleyEngineMoves',
  'valleyEnginePerft',
  'formatValleyVariantPosition',
  'parseValleyVariantPosition',
  'valleyVariant',
  'valleyVariantStart',
  'VALLEY_LABYRINTH_GRID',
  'VALLEY_LABYRINTH_START',
  'createValleyLabyrinthEngine',
  'VALLEY_PILLAR',
  'formatValleySetup',
  'parseValleySetup',
  'formatValleyGameRecord',
  'readValleyRecordLines',
  'VALLEY_SEARCH_MAX_PLY',
  'VALLEY_WIN',
  'ValleySearcher',
  'ValleyTable',
  'formatValleyEngineMove',
  'parseValleyEngineMove',
  'valleySearch',
  'VALLEY_EVAL_MAX',
  'valleyEvaluate',
  'valleyKingDistance',
  'valleySimpleEvaluate',
  'VALLEY_AI_LEVELS',
  'VALLEY_DEFAULT_LEVEL',
  'createValleyPlayer',
  'formatValleyPlayer',
  'greedyValleyPlayer',
  'VALLEY_AI_CONTEMPT',
  'parseValleyPlayer',
  'playValleyGame',
  'randomValleyPlayer',
  'valleyLevelBudget',
  'valleyMatch',
];

// The type names, checked by the compiler: each must resolve in legacy.ts.
export type Types = [
  L.ValleyEngine,
  L.ValleyPosition,
  L.ValleyResult,
  L.ValleySide,
  L.ValleyRecord,
  L.ValleySolveOptions,
  L.ValleySolveResult,
  L.ValleySolveStatus,
  L.ValleySolveValue,
  L.ValleyColour,
  L.ValleyGameOptions,
  L.ValleyGameResult,
  L.ValleyVariant,
  L.ValleyVariantName,
  L.ValleyGridSpec,
  L.ValleySetup,
  L.ValleyRecordLines,
  L.ValleySearchInfo,
  L.ValleySearchOptions,
  L.ValleySearchResult,
  L.ValleyGameRecord,
  L.ValleyLevel,
  L.ValleyMatchOptions,
  L.ValleyMatchTally,
  L.ValleyPlayOptions,
  L.ValleyPlayer,
  L.ValleyPlayerKind,
  L.ValleyPlayerSpec,
  L.ValleyTurn,
];

describe('valley legacy names', () => {
  it('has every value name 0.1 exported, defined', () => {
    for (const name of VALUES) expect((legacy as Record<string, unknown>)[name], name).toBeDefined();
  });

  it('keeps 0.1 behaviour: sync calls, 0.1 move codes, a spent budget answers', async () => {
    expect(legacy.valleyPerft(legacy.valleyStart(), 4)).toBe(21708);
    expect(legacy.valleyEnginePerft(legacy.createValleyLabyrinthEngine(), 2)).toBe(288);
    const codes = legacy.valleyMoveCodes(legacy.valleyStart());
    const e1b4 = codes.find((m) => legacy.formatValleyMove(m) === 'e1b4')!;
    expect(e1b4).toBe(4 | (16 << 5));
    expect([legacy.valleyMoveFrom(e1b4), legacy.valleyMoveTo(e1b4)]).toEqual([4, 16]);
    expect(legacy.parseValleyMove(legacy.valleyStart(), 'e1b4')).toBe(516);
    const e = legacy.createValleyEngine(legacy.valleyStart());
    expect(legacy.parseValleyEngineMove(e, 'e1b4')).toBe(1028);
    const r = legacy.valleySearch(e, { maxNodes: 500 });
    expect(r.stopped).toBe('nodes');
    expect(r.move).not.toBeNull();
    const s = await legacy.valleySolve(legacy.valleyStart(), { maxNodes: 50, tableMegabytes: 1 });
    expect(s).toMatchObject({ value: 'unknown', exhausted: true });
    const ac = new AbortController();
    ac.abort();
    await expect(legacy.valleyDivideAsync(legacy.valleyStart(), 3, { signal: ac.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    });
    expect(legacy.valleyLevelBudget({ kind: 'ai' })).toEqual({ timeMs: 100 });
    expect(legacy.VALLEY_AI_LEVELS[4]).toMatchObject({ level: 5, timeMs: 100 });
  });
});
