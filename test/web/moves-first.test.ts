// The Moves page's heat map answers in a moment in Debian's Chromium: the queen on 512×512 at once, a small
// board with blockers equal to the engine's counts square by square, and a piece whose rays meet (counted by
// the worker) drawn rank by rank before it is done, ending equal to the engine's total.
import { describe, expect, it } from 'vitest';
import { Bitboard } from '../../src/core/bitboard.js';
import { Board } from '../../src/core/board.js';
import { finishedValue } from '../../src/core/job.js';
import { mobilitySync } from '../../src/pieces/mobility.js';
import { parsePiece } from '../../src/pieces/piece.js';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/moves-first.test.ts');

/**
 * Records in the page, as they come, the texts the heat map's legend shows and whether the job's bar showed:
 * the ranks drawn on the way are read afterwards, however late the test's own calls reach a busy page.
 */
function recordLegend(): void {
  const seen = { legends: [] as string[], bar: false };
  (window as unknown as { seen: typeof seen }).seen = seen;
  new MutationObserver(() => {
    const text = document.querySelector('#moves-heat')?.textContent;
    if (text && seen.legends.at(-1) !== text) seen.legends.push(text);
    if (document.querySelector('.job progress')) seen.bar = true;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

describe.skipIf(skip)('the Moves heat map in Chromium', () => {
  const pg = usePlaygroundPage((page) => page.addInitScript(recordLegend));

  it('shows the queen on 512×512 (a loose bound: the bench times it)', async () => {
    await pg.open('#/moves?board=512x512&piece=queen&at=a1&heat=1');
    await pg.page.waitForSelector('#moves-heat[data-complete="true"]', { timeout: 10_000 });
    // Total of the engine's count, 446,344,192 (bench/results/web-caps.md).
    expect(await pg.page.locator('#moves-heat').textContent()).toContain('total 446,344,192');
    expect(await pg.page.locator('.job').count()).toBe(0);
    expect(pg.problems).toEqual([]);
  });

  it('equals the engine on a smaller board with blockers, square by square', async () => {
    const blocks = ['c3', 'f6', 'k2', 'b11', 'l12', 'g7'];
    await pg.open(`#/moves?board=12x12&piece=amazon&block=${blocks.join(',')}&heat=1`);
    await pg.page.waitForSelector('#moves-heat[data-complete="true"]');
    const shown = await pg.page
      .locator('[data-square]')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-square')!, Number(e.querySelector('.count')?.textContent)] as const),
      );
    const board = Board.of(12, 12);
    const engine = finishedValue(
      mobilitySync(
        board,
        parsePiece('amazon'),
        Bitboard.fromSquares(
          board,
          blocks.map((b) => board.parse(b)),
        ),
      ),
    );
    expect(shown).toHaveLength(144);
    for (const [name, n] of shown) expect(n, name).toBe(engine.counts[board.parse(name)]);
    expect(pg.problems).toEqual([]);
  });

  it('draws the ranks of a piece whose rays meet as they are counted, then the whole map', async () => {
    const spec = 'queen+2,2*+0,2*';
    await pg.open(`#/moves?board=256x256&piece=${encodeURIComponent(spec)}&heat=1`);
    await pg.page.waitForSelector('#moves-heat[data-complete="true"]', { timeout: 60_000 });
    const seen = await pg.page.evaluate(
      () => (window as unknown as { seen: { legends: string[]; bar: boolean } }).seen,
    );
    // The ranks drew as they were counted, more of them each time, with the job's bar showing.
    const ranks = seen.legends.flatMap((t) => {
      const m = /ranks 1 to ([\d,]+) of 256 counted so far/.exec(t);
      return m ? [Number(m[1].replace(/,/g, ''))] : [];
    });
    expect(ranks.length).toBeGreaterThanOrEqual(2);
    expect(ranks[0]).toBeLessThan(256);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(seen.bar).toBe(true);
    const board = Board.of(256, 256);
    const total = finishedValue(mobilitySync(board, parsePiece(spec))).total;
    expect(await pg.page.locator('#moves-heat').textContent()).toContain(`total ${total.toLocaleString('en-US')}`);
    expect(pg.problems).toEqual([]);
  });
});
