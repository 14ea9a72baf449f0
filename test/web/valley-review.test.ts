// The King's Valley page as an analysis board, in Debian's Chromium: the move list and the keys step through the
// game (the link holds the position shown) and a move from a past position cuts the later ones; Save game
// downloads the record the command line loads, and Load game reads one back (file or paste; a bad one refused in
// one line); moves slide (not under reduced motion) and pieces drag; the board turns round; a hint; marks tied to
// their pieces; each board re-checked by the plain reference rules (test/valley/reference.ts, no engine code).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refMoves, refParse, refPlay, type RefPosition } from '../valley/reference.js';
import { gridbits, gridbitsJson } from '../cli/run.js';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 15_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/valley-review.test.ts');
const START = 'sskss/5/5/5/SSKSS w 0';
const LETTER: Record<string, string> = {
  'White King': 'K',
  'White soldier': 'S',
  'Black King': 'k',
  'Black soldier': 's',
};
const GAME = ['b1b4', 'd5d2', 'e1e4', 'b5e2'];

/** The reference position after the first `n` moves of `moves`. */
function refAfter(moves: readonly string[], n = moves.length): RefPosition {
  let p = refParse(START);
  for (const m of moves.slice(0, n)) {
    expect(refMoves(p)).toContain(m);
    p = refPlay(p, m);
  }
  return p;
}

/** The board as the page labels it, as the reference's grid (rank 0 = rank 1). */
async function boardOnPage(page: Page): Promise<string[][]> {
  const labels = await page
    .locator('.valley-board [data-square]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-square')!, e.getAttribute('aria-label')!] as const));
  const grid = Array.from({ length: 5 }, () => Array<string>(5).fill('.'));
  for (const [name, label] of labels)
    grid[Number(name[1]) - 1]['abcde'.indexOf(name[0])] = LETTER[label.split(', ')[1]] ?? '.';
  return grid;
}
const movesOnPage = (page: Page): Promise<string[]> =>
  page
    .locator('#valley-moves [data-move]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!).filter((m) => m !== ''));
const targetsOnPage = (page: Page): Promise<string[]> =>
  page
    .locator('.valley-board [data-target]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!).sort());
const param = (page: Page, name: string): string | null =>
  new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get(name);
/** The centre of a square on screen. */
async function centreOf(page: Page, name: string): Promise<{ x: number; y: number }> {
  const b = (await page.locator(`.valley-board [data-square="${name}"]`).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

describe.skipIf(skip)("King's Valley as an analysis board, in Chromium", () => {
  const pg = usePlaygroundPage();
  let page: Page;
  let dir: string;
  beforeAll(() => {
    page = pg.page;
    dir = mkdtempSync(join(tmpdir(), 'gridbits-valley-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the move list and ← → Home End show any past position, kept in the link; a move played there cuts the later ones', async () => {
    await pg.open(`#/valley?white=human&black=human&moves=${GAME.join(',')}`);
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(GAME);
    await page.locator('#valley-moves [data-ply="2"]').click();
    await expect.poll(() => boardOnPage(page), WAIT).toEqual(refAfter(GAME, 2).grid);
    expect(param(page, 'at')).toBe('2');
    expect(await page.locator('#valley-moves [aria-current]').getAttribute('data-move')).toBe('d5d2');
    expect(await page.locator('#valley-status').textContent()).toMatch(/^Move 2 of 4: White to move/);
    // The keys, from the move list's button (the board keeps its arrows for its squares).
    for (const [key, at] of [
      ['ArrowLeft', '1'],
      ['Home', '0'],
      ['ArrowRight', '1'],
      ['End', null],
      ['ArrowLeft', '3'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => param(page, 'at'), WAIT).toBe(at);
      await expect.poll(() => boardOnPage(page), WAIT).toEqual(refAfter(GAME, at === null ? 4 : Number(at)).grid);
    }
    // The arrow keys on the board still move between squares, not through the game.
    await page.locator('.valley-board [data-square="a1"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('b1');
    expect(param(page, 'at')).toBe('3');
    // A link to a past position opens on it, and stepping buttons agree.
    await pg.open(`#/valley?white=human&black=human&moves=${GAME.join(',')}&at=1`);
    await expect.poll(() => boardOnPage(page), WAIT).toEqual(refAfter(GAME, 1).grid);
    await page.getByRole('button', { name: 'Next move' }).click();
    await expect.poll(() => param(page, 'at'), WAIT).toBe('2');
    // Playing the game's own next move just steps on; another move cuts the later ones, as the page says.
    expect(await page.locator('#valley-review-note').textContent()).toMatch(
      /A move played here replaces the 2 later moves/,
    );
    await page.locator('.valley-board [data-square="e1"]').click();
    await page.locator('.valley-board [data-square="e4"]').click();
    await expect.poll(() => param(page, 'at'), WAIT).toBe('3');
    expect(await movesOnPage(page)).toEqual(GAME);
    await page.getByRole('button', { name: 'Previous move' }).click();
    await expect.poll(() => param(page, 'at'), WAIT).toBe('2');
    const cut = [...GAME.slice(0, 2), 'a1a4'];
    refAfter(cut);
    await page.locator('.valley-board [data-square="a1"]').click();
    await page.locator('.valley-board [data-square="a4"]').click();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(cut);
    expect(param(page, 'at')).toBeNull();
    expect(await boardOnPage(page)).toEqual(refAfter(cut).grid);
    expect(await page.locator('#valley-review-note').count()).toBe(0);
    expect(pg.problems).toEqual([]);
  });

  it('Save game downloads the record the command line loads; Load game reads a file or a paste back; a bad record is refused in one line', async () => {
    await pg.open(`#/valley?white=human&black=human&moves=${GAME.join(',')}`);
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(GAME);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save game' }).click(),
    ]);
    const saved = join(dir, 'saved.txt');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe(GAME.map((m) => m + '\n').join(''));
    // The command line loads it: the same moves, the same record.
    const loaded = gridbitsJson<{ moves: string[]; record: string }>(['valley', 'play', '--load', saved], '');
    expect(loaded.moves).toEqual(GAME);
    expect(loaded.record).toBe(readFileSync(saved, 'utf8'));
    // A record the command line saves (Retrieve the King, Black first) loads on the page from a file.
    const cli = join(dir, 'cli.txt');
    const r = gridbits(
      ['valley', 'play', '--variant', 'retrieve', '--first', 'black', '--white', 'human', '--black', 'human'],
      `b5b2\na1a4\nsave ${cli}\nquit\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    await page.locator('#valley-file').setInputFiles(cli);
    await page.locator('dialog.valley-confirm').getByRole('button', { name: 'Discard it and load' }).click();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(['b5b2', 'a1a4']);
    expect(param(page, 'variant')).toBe('retrieve');
    expect(param(page, 'first')).toBe('b');
    // Bad records: one line that says why; the game stays as it was.
    for (const [name, text, why] of [
      ['bad.txt', 'a1a4\nc5c3\n', /^That record was not loaded: game record line 2: illegal move 'c5c3'/],
      ['bad.json', '{"moves": 3}', /^That record was not loaded: AbstractPlay game record: "moves" must be a list/],
      ['binary.txt', '\u0000\u0001\u00ff', /^That record was not loaded: game record line 1: /],
    ] as const) {
      await page.locator('#valley-file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
      const error = page.locator('.valley-record-error');
      await expect.poll(() => error.textContent(), WAIT).toMatch(why);
      expect((await error.textContent())!.split('\n')).toHaveLength(1);
      expect(await movesOnPage(page)).toEqual(['b5b2', 'a1a4']);
    }
    // A pasted AbstractPlay record loads too.
    await page.getByText('Game record (save and load)').click();
    await page
      .locator('#valley-load')
      .fill(JSON.stringify({ header: { game: { name: "King's Valley" } }, moves: [['b1-b4', 'd5-d2']] }));
    await page.getByRole('button', { name: 'Load record' }).click();
    await page.locator('dialog.valley-confirm').getByRole('button', { name: 'Discard it and load' }).click();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(['b1b4', 'd5d2']);
    expect(await page.locator('.valley-record-error').count()).toBe(0);
    expect(pg.problems).toEqual([]);
  });

  it('a piece drags to a target (its targets shown while it moves), goes back from elsewhere; moves slide, but not under reduced motion', async () => {
    await pg.open('#/valley?white=human&black=human');
    await page.locator('.valley-board [data-square="b1"] .glyph').waitFor(WAIT);
    // Every slide the page starts, by the square its piece lands on.
    await page.evaluate(() => {
      const w = window as unknown as { slides: string[] };
      w.slides = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, ...a: Parameters<Element['animate']>) {
        w.slides.push(this.closest('[data-square]')?.getAttribute('data-square') ?? '');
        return animate.apply(this, a);
      };
    });
    const slides = (): Promise<string[]> => page.evaluate(() => (window as unknown as { slides: string[] }).slides);
    const start = refParse(START);
    const from = await centreOf(page, 'b1'),
      to = await centreOf(page, 'b4');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    const want = refMoves(start)
      .filter((m) => m.startsWith('b1'))
      .map((m) => m.slice(2));
    expect(await targetsOnPage(page)).toEqual(['b1', ...want].sort());
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(['b1b4']);
    expect(await boardOnPage(page)).toEqual(refPlay(start, 'b1b4').grid);
    // Dropped where it cannot go: nothing is played, and the piece stays chosen.
    const d5 = await centreOf(page, 'd5'),
      c3 = await centreOf(page, 'c3');
    expect(refMoves(refPlay(start, 'b1b4'))).not.toContain('d5c3');
    await page.mouse.move(d5.x, d5.y);
    await page.mouse.down();
    await page.mouse.move(c3.x, c3.y, { steps: 6 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    expect(await movesOnPage(page)).toEqual(['b1b4']);
    expect(await targetsOnPage(page)).toContain('d5');
    // Click-click still plays, and the move slides to its square (a dropped piece did not: it was there already).
    await page.locator('.valley-board [data-square="d2"]').click();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(['b1b4', 'd5d2']);
    expect(await slides()).toEqual(['d2']);
    // Stepping back slides the piece back.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await expect.poll(slides, WAIT).toEqual(['d2', 'd5']);
    // Under reduced motion nothing slides.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Next move' }).click();
    await page.locator('.valley-board [data-square="e1"]').click();
    await page.locator('.valley-board [data-square="e4"]').click();
    await expect.poll(() => movesOnPage(page), WAIT).toEqual(['b1b4', 'd5d2', 'e1e4']);
    expect(await slides()).toEqual(['d2', 'd5']);
    await page.emulateMedia({ reducedMotion: null });
    expect(pg.problems).toEqual([]);
  });

  it('turns the board round: a button, flip=1 in the link, rank 1 at the top, and the arrow keys follow the screen', async () => {
    await pg.open('#/valley?white=human&black=human&moves=b1b4');
    await page.locator('.valley-board [data-square="a1"]').waitFor(WAIT);
    const flip = page.getByRole('button', { name: 'Flip board' });
    expect(await flip.getAttribute('aria-pressed')).toBe('false');
    await flip.click();
    await expect.poll(() => param(page, 'flip'), WAIT).toBe('1');
    expect(await flip.getAttribute('aria-pressed')).toBe('true');
    const a1 = (await page.locator('.valley-board [data-square="a1"]').boundingBox())!;
    const e5 = (await page.locator('.valley-board [data-square="e5"]').boundingBox())!;
    expect(a1.y).toBeLessThan(e5.y);
    expect(a1.x).toBeGreaterThan(e5.x);
    expect(await page.locator('.valley-board .ranks').textContent()).toBe('12345');
    expect(await page.locator('.valley-board .files').textContent()).toBe('edcba');
    // The last move's arrow follows: it points down the screen from b1 to b4.
    const head = (await page.locator('.last-move .arrow-head').boundingBox())!;
    const b4 = (await page.locator('.valley-board [data-square="b4"]').boundingBox())!;
    expect(head.y + head.height).toBeLessThanOrEqual(b4.y + 1);
    // ArrowRight moves right on the screen: from c3 to b3.
    await page.locator('.valley-board [data-square="c3"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('b3');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-square'))).toBe('b2');
    // The link opens turned round, and the board's pieces are the game's.
    await pg.open('#/valley?white=human&black=human&moves=b1b4&flip=1');
    await expect.poll(() => boardOnPage(page), WAIT).toEqual(refAfter(['b1b4']).grid);
    expect(await page.getByRole('button', { name: 'Flip board' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("a hint names a legal move on the board and in words: the engine's, or the solver's in a position it has proved", async () => {
    await pg.open(`#/valley?white=human&black=human&moves=${GAME.join(',')}`);
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.locator('#valley-hint');
    await expect.poll(() => hint.getAttribute('data-move'), WAIT).toMatch(/^[a-e][1-5][a-e][1-5]$/);
    const move = (await hint.getAttribute('data-move'))!;
    expect(refMoves(refAfter(GAME))).toContain(move);
    expect(await hint.textContent()).toMatch(
      new RegExp(
        `^Hint: the White (soldier|King) from ${move.slice(0, 2)} to ${move.slice(2)} \\(${move}\\): the computer's`,
      ),
    );
    expect(await page.locator('.hint-move').getAttribute('data-move')).toBe(move);
    expect(
      await page.locator(`.valley-board [data-square="${move.slice(0, 2)}"]`).getAttribute('aria-label'),
    ).toContain(`hint: move this piece to ${move.slice(2)}`);
    // Another position drops it.
    await page.getByRole('button', { name: 'Previous move' }).click();
    await expect.poll(() => page.locator('.hint-move').count(), WAIT).toBe(0);
    // A position the solver proves: the hint is its quickest win.
    const played = ['d1e2', 'd5d1', 'e2c4', 'a5d2'];
    await pg.open(`#/valley?white=human&black=human&moves=${played.join(',')}&analysis=on&think=20`);
    await page.locator('.valley-analysis[data-status="done"]').waitFor({ timeout: 60_000 });
    const wins = await page
      .locator('#valley-analysis li[data-value="win"]')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-move')!, Number(e.getAttribute('data-plies'))] as const),
      );
    const quickest = Math.min(...wins.map(([, n]) => n));
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect.poll(() => hint.getAttribute('data-move'), WAIT).not.toBeNull();
    const solved = (await hint.getAttribute('data-move'))!;
    expect(wins.filter(([, n]) => n === quickest).map(([m]) => m)).toContain(solved);
    expect(await hint.textContent()).toMatch(new RegExp(`the solver proves it wins (at once|in ${quickest} plies)`));
    expect(pg.problems).toEqual([]);
  });

  it('where several pieces go to one square, each mark names its piece, a line runs from it, and the square says so in words', async () => {
    const played = ['d1e2', 'd5d1', 'e2c4', 'a5d2'];
    await pg.open(`#/valley?white=human&black=human&moves=${played.join(',')}&analysis=on&think=20`);
    await page.locator('.valley-analysis[data-status="done"]').waitFor({ timeout: 60_000 });
    const marks = await page
      .locator('.valley-marks [data-move]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-move')!, e.textContent!] as const));
    const bySquare = new Map<string, string[]>();
    for (const [m] of marks) bySquare.set(m.slice(2), [...(bySquare.get(m.slice(2)) ?? []), m]);
    const shared = [...bySquare.values()].filter((l) => l.length > 1).flat();
    expect(shared.length).toBeGreaterThan(1);
    const lines = await page
      .locator('.valley-mark-lines [data-move]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-move')!));
    expect(lines.sort()).toEqual([...shared].sort());
    const p = refAfter(played);
    for (const m of shared) {
      const from = m.slice(0, 2);
      const letter = p.grid[Number(from[1]) - 1]['abcde'.indexOf(from[0])];
      const glyph = { K: '♔', S: '♙', k: '♚', s: '♟' }[letter]!;
      expect(marks.find(([x]) => x === m)![1]).toMatch(new RegExp(`^${glyph}${from} `));
      const piece = letter === 'K' ? 'White King' : 'White soldier';
      expect(await page.locator(`.valley-board [data-square="${m.slice(2)}"]`).getAttribute('aria-label')).toMatch(
        new RegExp(`the ${piece} from ${from} (wins|loses|draws)`),
      );
    }
  });
});
