// The Sea Battle page in Debian's Chromium: a classic fleet placed and re-checked from the page by an
// independent rule check (10 straight ships of the right sizes, none touching, not even at corners); uniform
// placement; published counts; ships and forbidden cells drawn with the mouse; a drawn polyomino; the heat
// map; an impossible fleet; 360 px; no console errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from './browser.js';
import { usePlaygroundPage } from './fixture.js';
import { expectFitsNarrow } from './narrow.js';
import type { Served } from './serve-process.js';

const WAIT = { timeout: 30_000 };
const missing = chromiumMissing();

/** [file, rank] of a square name. */
function at(name: string): [number, number] {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

/**
 * Splits ship cells into edge-connected ships and judges them as the classic rules do: every ship straight,
 * the sizes as given, and no two ships meeting at an edge or a corner. Returns the reasons it fails.
 */
function judgeNoTouch(cells: string[], sizes: number[]): string[] {
  const key = ([f, r]: [number, number]): string => `${f},${r}`;
  const left = new Set(cells.map((c) => key(at(c))));
  const ships: [number, number][][] = [];
  for (const start of cells.map(at)) {
    if (!left.has(key(start))) continue;
    left.delete(key(start));
    const ship = [start];
    for (let i = 0; i < ship.length; i++) {
      const [f, r] = ship[i];
      for (const n of [[f + 1, r], [f - 1, r], [f, r + 1], [f, r - 1]] as [number, number][]) {
        if (left.delete(key(n))) ship.push(n);
      }
    }
    ships.push(ship);
  }
  const errors: string[] = [];
  const got = ships.map((s) => s.length).sort((a, b) => b - a);
  if (JSON.stringify(got) !== JSON.stringify([...sizes].sort((a, b) => b - a))) errors.push(`sizes ${got.join(',')}`);
  for (const s of ships) if (!s.every(([f]) => f === s[0][0]) && !s.every(([, r]) => r === s[0][1])) errors.push(`a bent ship at ${s.map(key).join(' ')}`);
  ships.forEach((a, i) =>
    ships.forEach((b, j) => {
      if (j <= i) return;
      if (a.some(([f, r]) => b.some(([g, s]) => Math.abs(f - g) <= 1 && Math.abs(r - s) <= 1))) errors.push(`ships ${i} and ${j} touch`);
    }),
  );
  return errors;
}

describe.skipIf(missing !== null)('the Sea Battle page in Chromium', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let page: Page;
  beforeAll(() => {
    ({ served, page } = pg);
  });
  const square = (name: string) => page.locator(`.fleet-board [data-square="${name}"]`);
  const shipCells = (): Promise<string[]> =>
    page.locator('.fleet-board [data-square]').evaluateAll((els) => els.filter((e) => / ship(,|$)/.test(e.getAttribute('aria-label')!)).map((e) => e.getAttribute('data-square')!));
  const text = async (sel: string): Promise<string> => ((await page.locator(sel).first().textContent()) ?? '').trim();

  it('places a classic fleet on 10×10; the page and an independent check agree it is valid', async () => {
    await open('#/fleet?board=10x10&fleet=classic&method=rails&seed=7');
    await page.getByRole('button', { name: 'Place', exact: true }).click();
    await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
    const cells = await shipCells();
    expect(cells).toHaveLength(20);
    expect(judgeNoTouch(cells, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])).toEqual([]);
    expect(await text('#fleet-check')).toBe('Valid layout: 10 ships.');
    // The layout is in the link: opened fresh, the same cells come back.
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/layout=/);
    const hash = new URL(page.url()).hash;
    await open(hash);
    await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
    expect((await shipCells()).sort()).toEqual([...cells].sort());
  });

  it('places uniformly (a new seed, a new layout) and proves an impossible fleet impossible', async () => {
    await open('#/fleet?board=6x6&fleet=3,2,2,1&method=uniform&seed=3');
    await page.getByRole('button', { name: 'Place', exact: true }).click();
    await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
    expect(judgeNoTouch(await shipCells(), [3, 2, 2, 1])).toEqual([]);
    expect(await text('#fleet-placed')).toMatch(/equally likely/);
    await open('#/fleet?board=6x6&fleet=classic&method=search');
    await page.getByRole('button', { name: 'Place', exact: true }).click();
    await page.waitForSelector('#fleet-placed[data-exists="false"]', WAIT);
    expect(await text('#fleet-placed')).toMatch(/^No layout exists/);
  });

  it('counts layouts in the worker: two 2-ships on 10×10, 15,626 touching and 13,952 not (published figures); Cancel stops a long count', async () => {
    for (const [touch, want] of [['any', '15,626'], ['none', '13,952']]) {
      await open(`#/fleet?board=10x10&fleet=2,2&touch=${touch}`);
      await page.getByRole('button', { name: 'Count layouts' }).click();
      await page.waitForSelector('#fleet-count', WAIT);
      expect(await text('#fleet-count strong')).toBe(want);
    }
    // The classic fleet on 10×10 takes a while: its progress shows, and Cancel stops it.
    await open('#/fleet?board=10x10&fleet=classic');
    await page.getByRole('button', { name: 'Count layouts' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
    await expect.poll(() => text('.job'), WAIT).toBe('Cancelled.');
  });

  it('ship cells and forbidden cells drawn with the mouse; the check names what is wrong', async () => {
    await open('#/fleet?board=6x6&fleet=2,1');
    // Drag from a1 to b1: one 2-ship.
    await square('a1').hover();
    await page.mouse.down();
    await square('b1').hover();
    await page.mouse.up();
    await expect.poll(shipCells, WAIT).toEqual(['a1', 'b1']);
    await expect.poll(() => page.locator('#fleet-check').getAttribute('data-valid'), WAIT).toBe('false');
    // The 1-ship next to it touches at a corner: refused under the default rule, accepted with corners allowed.
    await square('c2').click();
    await expect.poll(() => text('#fleet-check li'), WAIT).toMatch(/touch/);
    await page.locator('#fleet-touch').selectOption('corner');
    await expect.poll(() => page.locator('#fleet-check').getAttribute('data-valid'), WAIT).toBe('true');
    // A forbidden cell under a ship is named.
    await page.getByText('Forbid cells').click();
    await square('a1').click();
    await expect.poll(() => square('a1').getAttribute('aria-label'), WAIT).toBe('a1, forbidden');
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/forbid=a1/);
  });

  it('a T-shaped ship drawn on the small grid joins the fleet, and the heat map of one 1-ship on 3×3 is 1/9 everywhere', async () => {
    await open('#/fleet?board=6x6&fleet=');
    for (const sq of ['a3', 'b3', 'c3', 'b2']) await page.locator(`.shape-grid [data-square="${sq}"]`).click();
    await page.getByRole('button', { name: 'Add ship' }).click();
    await expect.poll(() => text('.drawn-ships code'), WAIT).toBe('###/.#.');
    // The engine names a kind by its first orientation: a T of four cells either way.
    expect(await text('#fleet-problem')).toMatch(/^1 ship \(([#.]{2,3}\/){1,2}[#.]{2,3}\)/);
    await expect.poll(() => new URL(page.url()).hash, WAIT).toContain('ships=');
    await open('#/fleet?board=3x3&fleet=1&heat=1');
    await page.waitForSelector('#fleet-heat', WAIT);
    for (const sq of ['a1', 'b2', 'c3']) expect(await square(sq).getAttribute('aria-label')).toBe(`${sq}, water, ship probability 11.11 %`);
  });

  it('a game against the computer: shots answered on both boards until one fleet is sunk; the revealed fleet is valid', async () => {
    await open('#/fleet?board=5x5&fleet=2,1&play=1');
    await page.getByRole('button', { name: 'New game' }).click();
    const status = page.locator('#fleet-game-status');
    const target = (name: string) => page.locator(`.target-board [data-square="${name}"]`);
    const shotsAtMe = () => page.locator('.fleet-board:not(.target-board) [data-square]').evaluateAll((els) => els.filter((e) => !/not shot$/.test(e.getAttribute('aria-label')!)).length);
    // The odds from your shots so far (the engine's sampled estimate) label the unshot cells.
    await page.getByLabel(/Show the odds/).check();
    await expect.poll(() => target('c3').getAttribute('aria-label'), WAIT).toMatch(/^c3, not shot, ship chance about [0-9.]+ %$/);
    let fired = 0;
    for (const name of ['a', 'b', 'c', 'd', 'e'].flatMap((f) => [1, 2, 3, 4, 5].map((r) => f + r))) {
      await expect.poll(async () => (await status.textContent()) ?? '', WAIT).toMatch(/^(Your turn|You win|The computer wins)/);
      if (await status.getAttribute('data-winner')) break;
      await target(name).click();
      fired++;
      await expect.poll(() => target(name).getAttribute('aria-label'), WAIT).toMatch(new RegExp(`^${name}, (miss|hit|sunk)$`));
      // The computer answers with one shot of its own (unless that shot ended the game first).
      if (!(await status.getAttribute('data-winner'))) await expect.poll(shotsAtMe, WAIT).toBe(fired);
    }
    await expect.poll(() => status.getAttribute('data-winner'), WAIT).toMatch(/^(you|computer)$/);
    const revealed = await page.locator('.target-board [data-kind="piece"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-square')!));
    expect(judgeNoTouch(revealed, [2, 1])).toEqual([]);
    // The computer's hunter can be chosen; the page says how the chosen one aims (the game above used the default).
    expect(await page.locator('#fleet-hunter').inputValue()).toBe('lattice');
    await page.locator('#fleet-hunter').selectOption('posterior');
    await expect.poll(() => page.locator('.fleet-game .help').first().textContent(), WAIT).toMatch(/The computer aims at the cell most likely to hold a ship/);
  });

  it('works at 360 px wide: the board fits the screen', async () => {
    await expectFitsNarrow(pg.browser, served, '#/fleet?board=10x10&fleet=classic', '.fleet-board [data-square="j10"]', '.fleet-board .board');
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
