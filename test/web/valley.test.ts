// The King's Valley page in Debian's Chromium: three moves played by clicks and keys, each target set and board
// re-checked by the plain reference rules (test/valley/reference.ts, no engine code); the computer's reply is
// legal; a shared game ends in a win; 360 px; the proven-win sentence and a side picked in one click; the
// analysis marks checked against the tests' own solver run; a confirm before a game is thrown away; the arrow's
// head clear of the moved piece; the move list in rows; board, moves and controls above the fold at 1280×900; no
// console errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD,
  createEngine,
  formatMove,
  legalMoves,
  parsePosition,
  play,
  solveSync,
  winnerOf,
} from '../../src/valley/index.js';
import { PROVEN_START } from '../../web/src/pages/valley/state.js';
import { gridFormat, gridMoves, gridParse, gridPlay } from '../valley/grid-reference.js';
import { refMoves, refParse, refPlay, type RefPosition } from '../valley/reference.js';
import { usePlaygroundPage } from './fixture.js';
import { expectFitsNarrow } from './narrow.js';
import type { Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG } from '../long.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/valley.test.ts');
const START = 'sskss/5/5/5/SSKSS w 0';
const LETTER: Record<string, string> = {
  'White King': 'K',
  'White soldier': 'S',
  'Black King': 'k',
  'Black soldier': 's',
};

describe.skipIf(skip)("the King's Valley page in Chromium", () => {
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
    const labels = await page
      .locator('.valley-board [data-square]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.getAttribute('aria-label')!] as const));
    const grid = Array.from({ length: 5 }, () => Array<string>(5).fill('.'));
    for (const [name, label] of labels) {
      const what = label.split(', ')[1];
      grid[Number(name[1]) - 1]['abcde'.indexOf(name[0])] = LETTER[what] ?? '.';
    }
    return grid;
  }
  const targetsOnPage = (): Promise<string[]> =>
    page
      .locator('.valley-board [data-target]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!).sort());
  const movesOnPage = (): Promise<string[]> =>
    page
      .locator('#valley-moves [data-move]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!).filter((m) => m !== ''));

  /** Chooses `from` and checks its targets against the reference, then plays to `to`. */
  async function playChecked(
    p: RefPosition,
    move: string,
    how: 'click' | 'keys',
    boardAfter = true,
  ): Promise<RefPosition> {
    const from = move.slice(0, 2),
      to = move.slice(2);
    const want = refMoves(p)
      .filter((m) => m.startsWith(from))
      .map((m) => m.slice(2));
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
      const df = to.charCodeAt(0) - from.charCodeAt(0),
        dr = Number(to[1]) - Number(from[1]);
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

  it('the computer answers with a legal move (level 1) and Undo takes back both moves', async () => {
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
    expect(await page.locator('#valley-status').textContent()).toMatch(
      /White wins: the White King reached the valley c3/,
    );
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
    const pillars = await page
      .locator('.valley-board [data-kind="blocker"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')).sort());
    expect(pillars).toEqual(['b3', 'b5', 'f3', 'f5']);
    const p = gridParse(await page.locator('#valley-position').innerText());
    await square('b1').click();
    const want = gridMoves(p)
      .filter((m) => m.startsWith('b1'))
      .map((m) => m.slice(2));
    await expect.poll(targetsOnPage, WAIT).toEqual(['b1', ...want].sort());
    await square(want[0]).click();
    await expect
      .poll(() => page.locator('#valley-position').innerText(), WAIT)
      .toBe(gridFormat(gridPlay(p, `b1${want[0]}`)));
  });

  it('the computer thinks in a worker: Cancel pauses it, and it moves again when asked', async () => {
    await open('#/valley?white=ai6&black=ai6');
    // The computer answers within a second a move, so Cancel is pressed from inside the page the moment it shows.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const press = (): void => {
            const cancel = Array.from(document.querySelectorAll<HTMLButtonElement>('.job button')).find(
              (b) => b.textContent === 'Cancel',
            );
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
    await expectFitsNarrow(
      pg.browser,
      served,
      '#/valley?white=human&black=human&moves=b1b4',
      '.valley-board [data-square="b4"][aria-label*="White soldier"]',
      '.valley-board .board',
    );
  });

  it('says the standard start is a proven first-player win, and picks a side in one click (second: the computer opens)', async () => {
    await open('#/valley');
    const proven = page.locator('#valley-proven');
    await expect.poll(() => proven.textContent(), WAIT).toMatch(/proven win for the side that moves first/);
    const text = (await proven.textContent())!;
    for (const m of PROVEN_START.w.moves) expect(text).toContain(m);
    expect(text).toContain(`${PROVEN_START.w.plies} plies`);
    // The default match gives the person the winning side, and says so.
    expect(await page.locator('#valley-you').textContent()).toMatch(
      /You play White, who moves first: the winning side/,
    );
    await page.getByRole('button', { name: 'Play second' }).click();
    await expect.poll(async () => (await movesOnPage()).length, WAIT).toBe(1);
    expect(await page.locator('#valley-white').inputValue()).toBe('ai5');
    expect(await page.locator('#valley-black').inputValue()).toBe('human');
    expect(await page.locator('#valley-status').textContent()).toMatch(/^Black to move/);
    expect(await page.locator('#valley-you').textContent()).toMatch(
      /You play Black, who moves second: the computer has the winning side/,
    );
    expect(await page.getByRole('button', { name: 'Play second' }).getAttribute('aria-pressed')).toBe('true');
    // Black first: the sentence names Black's winning moves.
    await open('#/valley?first=b&white=human&black=human');
    await expect
      .poll(() => proven.textContent(), WAIT)
      .toContain(`Black, moving first, wins against any defence with ${PROVEN_START.b.moves[0]}`);
  });

  it("marks every legal move as the tests' own solver run does (win or loss, in how many plies)", async () => {
    const played = ['d1e2', 'd5d1', 'e2c4', 'a5d2'];
    // The tests' own run: the solver on the position after each move, in Node; a move that ends the game wins in 1.
    let p = parsePosition(START);
    for (const m of played) p = play(p, m);
    const want: Record<string, { value: string; plies: string }> = {};
    for (const m of legalMoves(p)) {
      const child = play(p, m);
      if (winnerOf(child) !== null) {
        want[formatMove(m, BOARD)] = { value: 'win', plies: '1' };
        continue;
      }
      const out = solveSync(createEngine(child), { shortest: true, tableMegabytes: 16 });
      expect(out.finished).toBe(true);
      if (!out.finished) continue;
      expect(out.value.shortest).toBeTypeOf('number');
      want[formatMove(m, BOARD)] = {
        value: out.value.value === 'loss' ? 'win' : out.value.value === 'win' ? 'loss' : 'draw',
        plies: String(out.value.shortest! + 1),
      };
    }
    expect(new Set(Object.values(want).map((w) => w.value))).toEqual(new Set(['win', 'loss']));
    await open(`#/valley?white=human&black=human&moves=${played.join(',')}&analysis=on&think=60`);
    await page.locator('.valley-analysis[data-status="done"]').waitFor({ timeout: 90_000 });
    const listed = await page
      .locator('#valley-analysis li')
      .evaluateAll((els) =>
        els.map(
          (e) =>
            [
              e.getAttribute('data-move')!,
              { value: e.getAttribute('data-value')!, plies: e.getAttribute('data-plies')! },
            ] as const,
        ),
      );
    expect(Object.fromEntries(listed)).toEqual(want);
    // On the board: every move's mark on its destination square, named by the piece where two go to one square.
    const drawn = await page
      .locator('.valley-marks [data-move]')
      .evaluateAll((els) =>
        els.map(
          (e) =>
            [
              e.getAttribute('data-move')!,
              e.closest('[data-at]')!.getAttribute('data-at')!,
              e.getAttribute('data-value')!,
              e.getAttribute('data-plies')!,
              e.textContent!,
            ] as const,
        ),
      );
    expect(drawn.length).toBe(Object.keys(want).length);
    const perSquare = new Map<string, number>();
    for (const [m] of drawn) perSquare.set(m.slice(2), (perSquare.get(m.slice(2)) ?? 0) + 1);
    for (const [m, at, value, plies, text] of drawn) {
      expect(at).toBe(m.slice(2));
      expect({ value, plies }).toEqual(want[m]);
      // Where several pieces go to one square, each mark starts with its piece: glyph and square.
      expect(text).toMatch(
        perSquare.get(at)! > 1
          ? new RegExp(`^[♔♙♚♟]${m.slice(0, 2)} ${value} ${plies}$`)
          : new RegExp(`^${value} ${plies}$`),
      );
    }
    expect(await page.locator('#valley-analysis').textContent()).toMatch(/wins at once/);
    // Choosing a piece keeps only its moves' marks.
    await square('c1').click();
    const c1 = await page
      .locator('.valley-marks [data-move]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!).sort());
    expect(c1).toEqual(
      Object.keys(want)
        .filter((m) => m.startsWith('c1'))
        .sort(),
    );
  });

  it('the analysis marks every legal move at once (what proves fast, "?" on the rest), then goes deeper to the end', async () => {
    await open(`#/valley?white=human&black=human&analysis=on&think=${LONG ? 20 : 5}`);
    const box = page.locator('.valley-analysis');
    const n = legalMoves(parsePosition(START)).length;
    // Every move marked while the analysis still runs: the first pass is over long before the think time is.
    await expect
      .poll(
        async () => [
          await box.getAttribute('data-status'),
          await box.getAttribute('data-marked'),
          await box.getAttribute('data-moves'),
        ],
        WAIT,
      )
      .toEqual(['running', String(n), String(n)]);
    const drawn = await page
      .locator('.valley-marks [data-move]')
      .evaluateAll((els) => els.map((e) => e.textContent!.replace(/^[♔♙♚♟]?[a-e][1-5] /, '')));
    expect(drawn.length).toBe(n);
    expect(drawn).not.toContain('…');
    expect(drawn).toContain('?');
    await page.locator('.valley-analysis[data-status="done"]').waitFor({ timeout: 90_000 });
    expect(await box.getAttribute('data-marked')).toBe(String(n));
    // What the page proved agrees with the tests' own solver run on each proved move's position.
    const listed = await page
      .locator('#valley-analysis li')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-move')!, e.getAttribute('data-value')!] as const));
    expect(listed.length).toBe(n);
    for (const [m, value] of listed) {
      if (value === 'unknown') continue;
      const out = solveSync(createEngine(play(parsePosition(START), m)), { tableMegabytes: 16, maxNodes: 200_000 });
      if (!out.finished) continue;
      expect(value).toBe(out.value.value === 'loss' ? 'win' : out.value.value === 'win' ? 'loss' : 'draw');
    }
    expect(problems).toEqual([]);
  });

  it('the analysis shows its progress and stops on Cancel, keeping what it proved; Labyrinth is not analysed', async () => {
    await open('#/valley?white=human&black=human&analysis=on&think=60');
    const box = page.locator('.valley-analysis');
    await box.locator('progress').waitFor(WAIT);
    await box.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.valley-analysis[data-status="cancelled"]').waitFor(WAIT);
    expect(await box.locator('[role="status"]').textContent()).toMatch(/^Stopped: \d+ of 10 moves proved\./);
    expect(await page.locator('#valley-analysis li').count()).toBe(10);
    expect(await page.locator('#valley-analysis li[data-value="unknown"]').count()).toBeGreaterThan(0);
    await box.getByRole('button', { name: 'Analyse again' }).waitFor(WAIT);
    // The page still answers: a move is played and the analysis starts on the new position.
    await square('b1').click();
    await square('b4').click();
    await expect.poll(movesOnPage, WAIT).toEqual(['b1b4']);
    await page.locator('.valley-analysis[data-status="running"]').waitFor(WAIT);
    await page.locator('#valley-analysis-on').uncheck();
    await expect.poll(() => page.locator('.valley-marks').count(), WAIT).toBe(0);
    await open('#/valley?variant=labyrinth&white=human&black=human&analysis=on');
    await expect
      .poll(() => page.locator('.valley-analysis-box').textContent(), WAIT)
      .toMatch(/Labyrinth's moves are not analysed/);
  });

  it('asks in the page before a change throws the game away: Keep keeps the moves, going ahead starts afresh', async () => {
    const played = ['b1b4', 'd5d2'];
    await open(`#/valley?white=human&black=human&moves=${played.join(',')}`);
    await expect.poll(movesOnPage, WAIT).toEqual(played);
    let dialogs = 0;
    page.on('dialog', () => dialogs++);
    const dialog = page.locator('dialog.valley-confirm');
    await page.locator('#valley-variant').selectOption('retrieve');
    await dialog.waitFor({ state: 'visible', ...WAIT });
    expect(await dialog.textContent()).toMatch(/2 moves/);
    await dialog.getByRole('button', { name: 'Keep this game' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    expect(await movesOnPage()).toEqual(played);
    expect(await page.locator('#valley-variant').inputValue()).toBe('standard');
    // Escape keeps it too; so does cancelling a change of who moves first.
    await page.locator('#valley-first').selectOption('b');
    await dialog.waitFor({ state: 'visible', ...WAIT });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    expect(await movesOnPage()).toEqual(played);
    expect(await page.locator('#valley-first').inputValue()).toBe('w');
    await page.locator('#valley-variant').selectOption('retrieve');
    await dialog.getByRole('button', { name: 'Discard it and switch' }).click();
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/variant=retrieve/);
    expect(await page.locator('#valley-moves').count()).toBe(0);
    // A new game's first change asks nothing.
    await page.locator('#valley-first').selectOption('b');
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/first=b/);
    expect(await dialog.isVisible()).toBe(false);
    expect(dialogs).toBe(0);
  });

  it("draws the last move's arrow head outside the moved piece's glyph, in every direction", async () => {
    // Vertical, horizontal, diagonal (one step) and diagonal (three steps).
    for (const moves of ['b1b4', 'b1b4,d5d2,b4e4', 'b1b4,d5d2,d1e2', 'a1d4']) {
      await open(`#/valley?white=human&black=human&moves=${moves}`);
      const to = moves.slice(-2);
      const glyph = page.locator(`.valley-board [data-square="${to}"] .glyph`);
      await glyph.waitFor(WAIT);
      const g = (await glyph.boundingBox())!;
      const h = (await page.locator('.last-move .arrow-head').boundingBox())!;
      expect(h.width).toBeGreaterThan(4);
      const overlaps = h.x < g.x + g.width && g.x < h.x + h.width && h.y < g.y + g.height && g.y < h.y + h.height;
      expect(overlaps, `${moves}: head ${JSON.stringify(h)} glyph ${JSON.stringify(g)}`).toBe(false);
      // The head points at the destination: its box touches the destination square.
      const sq = (await square(to).boundingBox())!;
      const near =
        h.x <= sq.x + sq.width + 1 &&
        sq.x <= h.x + h.width + 1 &&
        h.y <= sq.y + sq.height + 1 &&
        sq.y <= h.y + h.height + 1;
      expect(near, moves).toBe(true);
    }
  });

  it('lists the moves in rows, one numbered pair a row, and keeps board, moves and controls above the fold at 1280×900', async () => {
    const played = ['b1b4', 'd5d2', 'e1e4', 'b5e2', 'a1a4', 'c5c2', 'e4d5', 'e5e3', 'd5e5', 'a5d5', 'e5e4', 'd5e5'];
    let p = refParse(START);
    for (const m of played) {
      expect(refMoves(p)).toContain(m);
      p = refPlay(p, m);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(`#/valley?white=human&black=human&moves=${played.join(',')}&analysis=on`);
    await expect.poll(movesOnPage, WAIT).toEqual(played);
    const rows = await page.locator('#valley-moves li').evaluateAll((els) =>
      els.map((e) => ({
        value: (e as HTMLLIElement).value,
        text: e.textContent!.trim().split(/\s+/),
        y: e.getBoundingClientRect().y,
        x: e.getBoundingClientRect().x,
      })),
    );
    expect(rows.map((r) => r.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((r) => r.text)).toEqual([0, 1, 2, 3, 4, 5].map((i) => played.slice(2 * i, 2 * i + 2)));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].y).toBeGreaterThan(rows[i - 1].y);
      expect(rows[i].x).toBe(rows[0].x);
    }
    const boxes = await page.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      return {
        board: box('.valley-board .board'),
        files: box('.valley-board .files'),
        moves: box('#valley-moves'),
        game: box('.valley .controls fieldset'),
        analysis: box('.valley-analysis-box .check'),
        scroll: window.scrollY,
      };
    });
    expect(boxes.scroll).toBe(0);
    for (const [name, b] of Object.entries(boxes)) {
      if (typeof b === 'number') continue;
      expect(b.bottom, name).toBeLessThanOrEqual(900);
      expect(b.right, name).toBeLessThanOrEqual(1280);
    }
    expect(boxes.board.bottom - boxes.board.top).toBeGreaterThanOrEqual(400);
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
