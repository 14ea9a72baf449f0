// "Your turn" on the Tours page in Chromium, at 1280×800 and on a 390×844 touch phone: a tour built by clicks, taps
// and the keyboard, the onward moves on the squares a move away, the hint, undo and redo, the verdicts (each path
// read back from the page and checked by the plain checker of test/reference), Euler's closing, the path in the
// link, the first screen's boxes, and axe in the mode, mid-way and at the verdict.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { KNIGHT } from '../../src/pieces/piece.js';
import { closeByEuler, findTourSync } from '../../src/tour/index.js';
import { tourProblem } from '../reference/tour.js';
import { axeViolations } from './axe.js';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/tours-play.test.ts');

/** Square names and indices on a board w wide, by plain arithmetic (not the engine's parser). */
const nameOf = (w: number, s: number): string => String.fromCharCode(97 + (s % w)) + String(Math.floor(s / w) + 1);
const indexOf = (w: number, name: string): number => name.charCodeAt(0) - 97 + (Number(name.slice(1)) - 1) * w;
const knightMove = (w: number, a: number, b: number): boolean => {
  const dx = Math.abs((a % w) - (b % w)),
    dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
  return (dx === 1 && dy === 2) || (dx === 2 && dy === 1);
};
const link = (w: number, h: number, path: number[]): string =>
  `#/tours?board=${w}x${h}&mode=play&path=${path.map((s) => nameOf(w, s)).join('-')}`;

/** The person's path as the page shows it (its verdict line's data-path), as indices. */
async function shownPath(page: Page, w: number): Promise<number[]> {
  const text = (await page.locator('#play-verdict').getAttribute('data-path')) ?? '';
  return text === '' ? [] : text.split('-').map((n) => indexOf(w, n));
}
const verdict = (page: Page): Promise<string | null> => page.locator('#play-verdict').getAttribute('data-verdict');
/** The squares ringed on the board by the hint, sorted. */
const hinted = async (page: Page): Promise<string[]> =>
  (
    await page.locator('.play-marks [data-hint]').evaluateAll((els) => els.map((e) => e.getAttribute('data-hint')!))
  ).sort();

/** An open 8×8 tour built by following Warnsdorff's rule by hand, which Euler's method closes. */
function eulerClosable(): number[] {
  const b8 = Board.of(8, 8);
  for (let seed = 0; ; seed++) {
    const path = [seed % 64];
    const seen = new Set(path);
    for (;;) {
      const last = path[path.length - 1];
      const free = [...Array(64).keys()].filter((s) => !seen.has(s) && knightMove(8, last, s));
      if (free.length === 0) break;
      const onward = (s: number): number =>
        [...Array(64).keys()].filter((t) => t !== s && !seen.has(t) && knightMove(8, s, t)).length;
      const fewest = Math.min(...free.map(onward));
      const tied = free.filter((s) => onward(s) === fewest);
      const s = tied[(seed + path.length) % tied.length];
      path.push(s);
      seen.add(s);
    }
    if (path.length === 64 && !knightMove(8, path[63], path[0]) && closeByEuler(b8, path, KNIGHT) !== null) return path;
  }
}

/** The element's box lies wholly in the first screen of a window `height` tall (the page not scrolled). */
async function onFirstScreen(page: Page, selector: string, height: number): Promise<void> {
  expect(await page.evaluate(() => scrollY)).toBe(0);
  const box = (await page.locator(selector).first().boundingBox())!;
  expect(box.y, selector).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, selector).toBeLessThanOrEqual(height);
}

describe.skipIf(skip)('Tours, your turn, at 1280×800', () => {
  const pg = usePlaygroundPage((page) => page.setViewportSize({ width: 1280, height: 800 }));
  let page: Page;
  beforeAll(() => {
    page = pg.page;
  });

  it('the first screen holds the board, Play and Your turn; in Your turn the board, the verdict and its buttons', async () => {
    await pg.open('#/tours');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    for (const sel of ['.board', '.player button.primary', 'label:has(input[value="play"])'])
      await onFirstScreen(page, sel, 800);
    await pg.open('#/tours?board=8x8&mode=play&path=a1-b3');
    await expect.poll(() => verdict(page), WAIT).toBe('going');
    for (const sel of ['.board', '#play-verdict', '.play-buttons']) await onFirstScreen(page, sel, 800);
  });

  it('builds a 5×5 tour by clicks and keys: onward moves, hint, undo and redo, an open tour that cannot be closed', async () => {
    const out = findTourSync({ board: Board.of(5, 5), piece: KNIGHT, closed: false, from: 0 });
    const tour = Array.from(out.finished ? out.value.path! : []);
    expect(tourProblem(5, 5, tour, false)).toBeNull();
    await pg.open('#/tours?board=5x5');
    await page.getByRole('radio', { name: 'Your turn' }).check();
    // The tour begins on the page's Start square (a1), placed for the person.
    await expect.poll(() => verdict(page), WAIT).toBe('going');
    expect(await shownPath(page, 5)).toEqual([0]);
    expect(await page.locator('#play-verdict').textContent()).toMatch(
      /^Your knight starts on a1, the Start square: click a marked square to move on \(2 to choose from\), or click another square to start there instead\.$/,
    );
    await page.getByRole('button', { name: 'Hint' }).click();
    expect(await page.locator('#play-hint').textContent()).toMatch(
      /^From here, Warnsdorff's rule allows any of c2 and b3/,
    );
    // The hinted squares are ringed on the board until the next move.
    expect(await hinted(page)).toEqual(['b3', 'c2']);
    for (let i = 0; i < tour.length; i++) {
      const sq = page.locator(`.board [data-square="${nameOf(5, tour[i])}"]`);
      // Every third move by the keyboard: the square focused, then Enter.
      if (i % 3 === 2) {
        await sq.focus();
        await page.keyboard.press('Enter');
      } else await sq.click();
      if (i === 1) await expect.poll(() => hinted(page), WAIT).toEqual([]);
      if (i === 2) {
        // The squares a move away are ringed with their onward moves, counted here by hand.
        const seen = new Set(tour.slice(0, 3));
        const want = [...Array(25).keys()]
          .filter((s) => !seen.has(s) && knightMove(5, tour[2], s))
          .map((s) => [
            nameOf(5, s),
            String([...Array(25).keys()].filter((t) => t !== s && !seen.has(t) && knightMove(5, s, t)).length),
          ]);
        const ringed = await page
          .locator('.board [data-target]')
          .evaluateAll((els) =>
            els.map((e) => [e.getAttribute('data-square'), e.querySelector('.count')?.textContent]),
          );
        expect(ringed.sort()).toEqual(want.sort());
        await page.getByRole('button', { name: 'Hint' }).click();
        expect(await page.locator('#play-hint').textContent()).toMatch(
          /^From here, Warnsdorff's rule (goes to|allows any of)/,
        );
        // The counts switch off and on.
        await page.getByLabel('Show onward moves').uncheck();
        expect(await page.locator('.board [data-target] .count').count()).toBe(0);
        await page.getByLabel('Show onward moves').check();
        expect(await axeViolations(page)).toEqual([]);
      }
    }
    await expect.poll(() => verdict(page), WAIT).toBe('open');
    const built = await shownPath(page, 5);
    expect(built).toEqual(tour);
    expect(tourProblem(5, 5, built, false)).toBeNull();
    expect(tourProblem(5, 5, built, true)).not.toBeNull();
    // The numbers on the squares are the visit order.
    expect(await page.locator(`.board [data-square="${nameOf(5, tour[9])}"] .count`).textContent()).toBe('10');
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    expect(await page.locator('#play-euler').textContent()).toMatch(/cannot close this tour/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => verdict(page), WAIT).toBe('going');
    expect(await shownPath(page, 5)).toEqual(tour.slice(0, 24));
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => verdict(page), WAIT).toBe('open');
    // The link gives the same tour (the address follows the page a moment after the move).
    const full = `path=${tour.map((s) => nameOf(5, s)).join('-')}`;
    await expect.poll(() => new URL(page.url()).hash, WAIT).toContain(full);
    const hash = new URL(page.url()).hash;
    await pg.open(hash);
    await expect.poll(() => verdict(page), WAIT).toBe('open');
    expect(await shownPath(page, 5)).toEqual(tour);
    await page.getByRole('button', { name: 'Start again' }).click();
    await expect.poll(() => shownPath(page, 5), WAIT).toEqual([0]);
    expect(pg.problems).toEqual([]);
  });

  it("a closed tour from a link; Euler's method closes an open one, checked closed; stuck after k of n", async () => {
    const out = findTourSync({ board: Board.of(6, 6), piece: KNIGHT, closed: true, from: 0 });
    const closed = Array.from(out.finished ? out.value.path! : []);
    await pg.open(link(6, 6, closed));
    await expect.poll(() => verdict(page), WAIT).toBe('closed');
    expect(tourProblem(6, 6, await shownPath(page, 6), true)).toBeNull();
    expect(await page.locator('#play-verdict').textContent()).toMatch(/^A closed tour: all 36 squares/);

    const open = eulerClosable();
    await pg.open(link(8, 8, open));
    await expect.poll(() => verdict(page), WAIT).toBe('open');
    await page.getByRole('button', { name: "Close it by Euler's method" }).click();
    await expect.poll(() => verdict(page), WAIT).toBe('closed');
    const shut = await shownPath(page, 8);
    expect(tourProblem(8, 8, shut, true)).toBeNull();
    expect(await page.locator('#play-euler').textContent()).toMatch(/^Closed by Euler's method: reversed steps/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to my open tour' }).click();
    await expect.poll(() => shownPath(page, 8), WAIT).toEqual(open);

    // A walk taking the first free square each time gets stuck on 5×5 before the end.
    const stuck = [0];
    for (;;) {
      const free = [...Array(25).keys()].filter((s) => !stuck.includes(s) && knightMove(5, stuck[stuck.length - 1], s));
      if (free.length === 0) break;
      stuck.push(free[0]);
    }
    expect(stuck.length).toBeLessThan(25);
    await pg.open(link(5, 5, stuck));
    await expect.poll(() => verdict(page), WAIT).toBe('stuck');
    expect(await page.locator('#play-verdict').textContent()).toContain(`Stuck after ${stuck.length} of 25 squares`);
    expect(await axeViolations(page)).toEqual([]);
    expect(pg.problems).toEqual([]);
  });
});

/** A full w×h tour from `start` built by hand with Warnsdorff's rule (ties by the seed) that does not close. */
function openTour(w: number, h: number, start: number): number[] {
  const n = w * h;
  for (let seed = 0; seed < 500; seed++) {
    const path = [start];
    const seen = new Set(path);
    for (;;) {
      const last = path[path.length - 1];
      const free = [...Array(n).keys()].filter((s) => !seen.has(s) && knightMove(w, last, s));
      if (free.length === 0) break;
      const onward = (s: number): number =>
        [...Array(n).keys()].filter((t) => t !== s && !seen.has(t) && knightMove(w, s, t)).length;
      const fewest = Math.min(...free.map(onward));
      const tied = free.filter((s) => onward(s) === fewest);
      const s = tied[(seed * 7 + path.length) % tied.length];
      path.push(s);
      seen.add(s);
    }
    if (path.length === n && !knightMove(w, path[n - 1], path[0])) return path;
  }
  throw new Error(`no open ${w}x${h} tour from ${start} by hand`);
}

/** What the verdict should be for a whole tour, by the plain checker and the last square. */
function expectedVerdict(w: number, h: number, path: number[], closed: boolean, end: number | null): string {
  expect(tourProblem(w, h, path, false)).toBeNull();
  const closes = tourProblem(w, h, path, true) === null;
  if (closed) return closes ? 'closed' : 'not-closed';
  if (end !== null && path[path.length - 1] !== end) return 'off-end';
  return closes ? 'closed' : 'open';
}

describe.skipIf(skip)("Tours, your turn, with the page's Start square, End square and Closed", () => {
  const pg = usePlaygroundPage((page) => page.setViewportSize({ width: 1280, height: 800 }));
  let page: Page;
  beforeAll(() => {
    page = pg.page;
  });

  it('the tour begins on the Start square; another square moves the start; the hint is ringed, still for reduced motion', async () => {
    await pg.open('#/tours?board=6x6&from=c3&mode=play');
    await expect.poll(() => shownPath(page, 6), WAIT).toEqual([indexOf(6, 'c3')]);
    expect(await page.locator('.board [data-square="c3"] .glyph').count()).toBe(1);
    // The hint from c3, worked out by hand: the squares a move away with the fewest onward moves.
    const c3 = indexOf(6, 'c3');
    const free = [...Array(36).keys()].filter((s) => knightMove(6, c3, s));
    const onward = (s: number): number =>
      [...Array(36).keys()].filter((t) => t !== s && t !== c3 && knightMove(6, s, t)).length;
    const fewest = Math.min(...free.map(onward));
    await page.getByRole('button', { name: 'Hint' }).click();
    expect(await hinted(page)).toEqual(
      free
        .filter((s) => onward(s) === fewest)
        .map((s) => nameOf(6, s))
        .sort(),
    );
    // The rings pulse, but not for a person who asks for reduced motion.
    const animation = (): Promise<string> =>
      page
        .locator('.play-marks [data-hint]')
        .first()
        .evaluate((e) => getComputedStyle(e).animationName);
    expect(await animation()).not.toBe('none');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: null });
    expect(await axeViolations(page)).toEqual([]);
    // A square not a move away, before the first move, becomes the Start square.
    await page.locator('.board [data-square="f6"]').click();
    await expect.poll(() => page.locator('#tour-from').textContent(), WAIT).toBe('f6');
    expect(await shownPath(page, 6)).toEqual([indexOf(6, 'f6')]);
    expect(await hinted(page)).toEqual([]);
    expect(new URL(page.url()).hash).toContain('from=f6');
    expect(pg.problems).toEqual([]);
  });

  it('with Closed chosen a tour that does not close is "a tour, but not closed" (the choice judges it again); with an End square, whether it ended there', async () => {
    const open = openTour(6, 6, 0);
    const names = (p: number[]): string => p.map((s) => nameOf(6, s)).join('-');
    const last = (p: number[]): string => nameOf(6, p[p.length - 1]);
    const cases: [string, number[], boolean, number | null, RegExp][] = [
      ['&closed=1', open, true, null, /^A tour, but not closed: all 36 squares/],
      [
        `&to=${last(open)}`,
        open,
        false,
        open[35],
        new RegExp(`^A full tour: all 36 squares, ending on ${last(open)}, the End square`),
      ],
      [
        '&to=f6',
        open,
        false,
        indexOf(6, 'f6'),
        new RegExp(`^A tour, but not to the End square: all 36 squares, ending on ${last(open)}, not f6`),
      ],
    ];
    for (const [query, path, isClosed, end, words] of cases) {
      await pg.open(`#/tours?board=6x6&mode=play${query}&path=${names(path)}`);
      await expect.poll(() => verdict(page), WAIT).toBe(expectedVerdict(6, 6, path, isClosed, end));
      expect(await shownPath(page, 6)).toEqual(path);
      expect(await page.locator('#play-verdict').textContent()).toMatch(words);
      if (end !== null)
        expect(await page.locator('.play-marks [data-end]').getAttribute('data-end')).toBe(nameOf(6, end));
    }
    // Choosing Closed on the page judges the same tour again.
    await pg.open(`#/tours?board=6x6&mode=play&path=${names(open)}`);
    await expect.poll(() => verdict(page), WAIT).toBe('open');
    await page.getByRole('radio', { name: 'Closed' }).check();
    await expect.poll(() => verdict(page), WAIT).toBe('not-closed');
    expect(await axeViolations(page)).toEqual([]);
    expect(pg.problems).toEqual([]);
  });
});

describe.skipIf(skip)('Tours, your turn, on a 390×844 touch phone', () => {
  const pg = usePlaygroundPage();
  const phone = usePhone(pg);
  let page: Page;
  beforeAll(() => {
    page = phone.page;
  });

  it('taps build a path; the words say tap; the board and its buttons together; axe mid-way and at the verdict', async () => {
    await page.goto(pg.served.url + '#/tours?board=6x6&mode=play');
    await expect.poll(() => page.locator('#play-verdict').getAttribute('data-verdict'), WAIT).toBe('going');
    expect(await page.locator('#play-verdict').textContent()).toMatch(
      /^Your knight starts on a1, the Start square: tap/,
    );
    expect(await page.locator('.lead').textContent()).toMatch(/^Tap a square/);
    const path = [0];
    await page.locator('.board [data-square="a1"]').tap();
    for (let i = 0; i < 5; i++) {
      const next = [...Array(36).keys()].find((s) => !path.includes(s) && knightMove(6, path[path.length - 1], s))!;
      await page.locator(`.board [data-square="${nameOf(6, next)}"]`).tap();
      path.push(next);
    }
    expect(await shownPath(page, 6)).toEqual(path);
    expect(await page.locator('#play-verdict').textContent()).toMatch(/^6 of 36 squares visited; tap a marked square/);
    // The board and the buttons that change it: the verdict and Undo right under the board, all on the screen.
    const board = (await page.locator('.board').boundingBox())!;
    const undo = (await page.getByRole('button', { name: 'Undo' }).boundingBox())!;
    expect(undo.y - (board.y + board.height)).toBeLessThan(120);
    expect(undo.y + undo.height).toBeLessThanOrEqual(844);
    expect(board.y).toBeGreaterThanOrEqual(0);
    // In Tour, the board and the player under it share the first screen.
    await page.goto(pg.served.url + '#/tours?board=8x8');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    const tourBoard = (await page.locator('.board').boundingBox())!;
    const player = (await page.locator('.player button.primary').boundingBox())!;
    expect(player.y - (tourBoard.y + tourBoard.height)).toBeLessThan(60);
    expect(player.y + player.height).toBeLessThanOrEqual(844);
    await page.goto(pg.served.url + link(6, 6, path));
    await expect.poll(() => shownPath(page, 6), WAIT).toEqual(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    const closed = findTourSync({ board: Board.of(6, 6), piece: KNIGHT, closed: true, from: 0 });
    await page.goto(pg.served.url + link(6, 6, Array.from(closed.finished ? closed.value.path! : [])));
    await expect.poll(() => page.locator('#play-verdict').getAttribute('data-verdict'), WAIT).toBe('closed');
    expect(await axeViolations(page)).toEqual([]);
  });
});
