// The King's Valley page in Debian's Chromium: three moves played by clicks and keys, each target set and board
// re-checked by the plain reference rules (test/valley/reference.ts, no engine code); the computer's reply is
// legal; a shared game ends in a win; 360 px; no console errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { gridFormat, gridMoves, gridParse, gridPlay } from '../valley/grid-reference.js';
import { refMoves, refParse, refPlay, type RefPosition } from '../valley/reference.js';
import { chromiumMissing } from './browser.js';
import { usePlaygroundPage } from './fixture.js';
import { expectFitsNarrow } from './narrow.js';
import type { Served } from './serve-process.js';

const WAIT = { timeout: 15_000 };
const missing = chromiumMissing();
const START = 'sskss/5/5/5/SSKSS w 0';
const LETTER: Record<string, string> = { 'White King': 'K', 'White soldier': 'S', 'Black King': 'k', 'Black soldier': 's' };

describe.skipIf(missing !== null)("the King's Valley page in Chromium", () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let page: Page;
  beforeAll(() => {
    ({ served, page } = pg);
  });
  const square = (name: string) => page.locator(`.valley-board [data-square="${name}"]`);

  /** The board as the page labels it, as the reference's grid (rank 0 = rank 1). */
  async function boardOnPage(): Promise<string[][]> {
    const labels = await page.locator('.valley-board [data-square]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.getAttribute('aria-label')!] as const));
    const grid = Array.from({ length: 5 }, () => Array<string>(5).fill('.'));
    for (const [name, label] of labels) {
      const what = label.split(', ')[1];
      grid[Number(name[1]) - 1]['abcde'.indexOf(name[0])] = LETTER[what] ?? '.';
    }
    return grid;
  }
  const targetsOnPage = (): Promise<string[]> => page.locator('.valley-board [data-target]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!).sort());
  const movesOnPage = (): Promise<string[]> => page.locator('#valley-moves [data-move]').evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!).filter((m) => m !== ''));

  /** Chooses `from` and checks its targets against the reference, then plays to `to`. */
  async function playChecked(p: RefPosition, move: string, how: 'click' | 'keys', boardAfter = true): Promise<RefPosition> {
    const from = move.slice(0, 2), to = move.slice(2);
    const want = refMoves(p).filter((m) => m.startsWith(from)).map((m) => m.slice(2));
    expect(want).toContain(to);
    if (how === 'click') await square(from).click();
    else {
      await square(from).focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(targetsOnPage, WAIT).toEqual([from, ...want].sort());
    if (how === 'click') await square(to).click();
    else {
      // Walk there with the arrow keys (files then ranks), then Enter.
      const df = to.charCodeAt(0) - from.charCodeAt(0), dr = Number(to[1]) - Number(from[1]);
      for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
      for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
      await page.keyboard.press('Enter');
    }
    const next = refPlay(p, move);
    if (boardAfter) await expect.poll(boardOnPage, WAIT).toEqual(next.grid);
    return next;
  }

  it('three moves by a friend and by the keyboard: targets, board and move list agree with the reference rules', async () => {
    await open('#/valley?white=human&black=human');
    let p = refParse(START);
    // The page draws its pieces once the game module has loaded: wait for them.
    await expect.poll(boardOnPage, WAIT).toEqual(p.grid);
    // The first move must be a soldier's: the King on c1 cannot be chosen.
    await square('c1').click();
    expect(await targetsOnPage()).toEqual([]);
    const played = ['b1b4', 'd5d2', 'e1e4'];
    p = await playChecked(p, played[0], 'click');
    p = await playChecked(p, played[1], 'keys');
    await playChecked(p, played[2], 'click');
    expect(await movesOnPage()).toEqual(played);
    await expect.poll(() => new URL(page.url()).hash, WAIT).toContain(`moves=${played.join(',')}`);
    expect(await page.locator('#valley-status').textContent()).toMatch(/^Black to move/);
    // Undo takes back one move between friends.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(movesOnPage, WAIT).toEqual(played.slice(0, 2));
  });

  it("the computer answers with a legal move (level 1) and Undo takes back both moves", async () => {
    await open('#/valley?white=human&black=ai1');
    // The reply may come at once, so the board is checked after both moves.
    const p = await playChecked(refParse(START), 'a1a4', 'click', false);
    await expect.poll(async () => (await movesOnPage()).length, WAIT).toBe(2);
    const [, reply] = await movesOnPage();
    expect(refMoves(p)).toContain(reply);
    await expect.poll(boardOnPage, WAIT).toEqual(refPlay(p, reply).grid);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(movesOnPage, WAIT).toEqual([]);
  });

  it('a shared game restores its moves and ends when the White King reaches the valley', async () => {
    const moves = ['a1a4', 'a5d2', 'c1a3', 'd5d3', 'a3c3'];
    await open(`#/valley?white=human&black=human&moves=${moves.join(',')}`);
    await expect.poll(() => page.locator('#valley-status').getAttribute('data-outcome'), WAIT).toBe('white');
    expect(await page.locator('#valley-status').textContent()).toMatch(/White wins: the White King reached the valley c3/);
    let p = refParse(START);
    for (const m of moves) p = refPlay(p, m);
    expect(await boardOnPage()).toEqual(p.grid);
    expect(await page.locator('.valley-board [data-target]').count()).toBe(0);
    // The record can be copied, and a pasted record loads (Retrieve the King, Black first).
    expect(await page.locator('#valley-record').inputValue()).toBe(moves.map((m) => m + '\n').join(''));
    await page.getByText('Game record (save and load)').click();
    await page.locator('#valley-load').fill('variant retrieve\nssKss/5/5/5/SSkSS b 0\nb5b2\n');
    await page.getByRole('button', { name: 'Load record' }).click();
    await expect.poll(movesOnPage, WAIT).toEqual(['b5b2']);
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/variant=retrieve&first=b/);
    // A link with an illegal move keeps the legal part and says why.
    await open('#/valley?white=human&black=human&moves=a1a4,c5c3,e1e4');
    await expect.poll(movesOnPage, WAIT).toEqual(['a1a4']);
    expect(await page.locator('.stage .error').textContent()).toMatch(/move 2 \(c5c3\)/);
  });

  it('Labyrinth: a 7×7 board with four pillars; its targets agree with the plain reference for any board', async () => {
    await open('#/valley?variant=labyrinth&white=human&black=human');
    await page.waitForSelector('.valley-board [data-square="g7"]', WAIT);
    const pillars = await page.locator('.valley-board [data-kind="blocker"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort());
    expect(pillars).toEqual(['b3', 'b5', 'f3', 'f5']);
    const p = gridParse(await page.locator('#valley-position').innerText());
    await square('b1').click();
    const want = gridMoves(p).filter((m) => m.startsWith('b1')).map((m) => m.slice(2));
    await expect.poll(targetsOnPage, WAIT).toEqual(['b1', ...want].sort());
    await square(want[0]).click();
    await expect.poll(() => page.locator('#valley-position').innerText(), WAIT).toBe(gridFormat(gridPlay(p, `b1${want[0]}`)));
  });

  it('the computer thinks in a worker: Cancel pauses it, and it moves again when asked', async () => {
    await open('#/valley?white=ai6&black=ai6');
    // The computer answers within a second a move, so Cancel is pressed from inside the page the moment it shows.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const press = (): void => {
            const cancel = Array.from(document.querySelectorAll<HTMLButtonElement>('.job button')).find((b) => b.textContent === 'Cancel');
            if (cancel) {
              cancel.click();
              resolve();
            } else requestAnimationFrame(press);
          };
          press();
        }),
    );
    await page.getByRole('button', { name: 'Let it move' }).waitFor(WAIT);
    const n = (await movesOnPage()).length;
    // The page still answers while paused, and no move comes.
    await page.waitForTimeout(1500);
    expect((await movesOnPage()).length).toBe(n);
    await page.getByRole('button', { name: 'Let it move' }).click();
    await expect.poll(async () => (await movesOnPage()).length, WAIT).toBeGreaterThan(n);
    await page.locator('#valley-white').selectOption('human');
    await page.locator('#valley-black').selectOption('human');
  });

  it('works at 360 px wide: the board fits the screen', async () => {
    await expectFitsNarrow(pg.browser, served, '#/valley?white=human&black=human&moves=b1b4', '.valley-board [data-square="b4"][aria-label*="White soldier"]', '.valley-board .board');
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
