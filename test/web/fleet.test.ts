// The Sea Battle page in Debian's Chromium: a classic fleet placed and re-checked from the page by an
// independent rule check (10 straight ships of the right sizes, none touching, not even at corners); uniform
// placement; published counts; ships and forbidden cells drawn with the mouse; a drawn polyomino; the heat
// map; an impossible fleet; 360 px; no console errors.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { expectFitsNarrow } from './narrow.js';
import type { Served } from './serve-process.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 30_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/fleet.test.ts');

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
      for (const n of [
        [f + 1, r],
        [f - 1, r],
        [f, r + 1],
        [f, r - 1],
      ] as [number, number][]) {
        if (left.delete(key(n))) ship.push(n);
      }
    }
    ships.push(ship);
  }
  const errors: string[] = [];
  const got = ships.map((s) => s.length).sort((a, b) => b - a);
  if (JSON.stringify(got) !== JSON.stringify([...sizes].sort((a, b) => b - a))) errors.push(`sizes ${got.join(',')}`);
  for (const s of ships)
    if (!s.every(([f]) => f === s[0][0]) && !s.every(([, r]) => r === s[0][1]))
      errors.push(`a bent ship at ${s.map(key).join(' ')}`);
  ships.forEach((a, i) =>
    ships.forEach((b, j) => {
      if (j <= i) return;
      if (a.some(([f, r]) => b.some(([g, s]) => Math.abs(f - g) <= 1 && Math.abs(r - s) <= 1)))
        errors.push(`ships ${i} and ${j} touch`);
    }),
  );
  return errors;
}

describe.skipIf(skip)('the Sea Battle page in Chromium', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let served: Served;
  let page: Page;
  beforeAll(() => {
    ({ served, page } = pg);
  });
  const square = (name: string) => page.locator(`.fleet-board [data-square="${name}"]`);
  const shipCells = (): Promise<string[]> =>
    page
      .locator('.fleet-board [data-square]')
      .evaluateAll((els) =>
        els.filter((e) => / ship(,|$)/.test(e.getAttribute('aria-label')!)).map((e) => e.getAttribute('data-square')!),
      );
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

  it('counts layouts in the worker: two 2-ships on 10×10, 15,626 touching and 13,952 not (published figures)', async () => {
    for (const [touch, want] of [
      ['any', '15,626'],
      ['none', '13,952'],
    ]) {
      await open(`#/fleet?board=10x10&fleet=2,2&touch=${touch}`);
      await page.getByRole('button', { name: 'Count layouts' }).click();
      await page.waitForSelector('#fleet-count', WAIT);
      expect(await text('#fleet-count strong')).toBe(want);
    }
  });

  it('a long count answers at once with an estimate beside the progress bar; Cancel keeps the estimate and Count again retries', async () => {
    await open('#/fleet?board=10x10&fleet=classic&touch=any');
    await page.getByRole('button', { name: 'Count layouts' }).click();
    await page.waitForSelector('#fleet-count-estimate', { timeout: 10_000 });
    expect(await text('#fleet-count-estimate')).toMatch(
      /^About [0-9.,]+ (million|billion|trillion|× 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+) layouts, an estimate \(95 % between .* and .*\) from the [0-9,]+ of [0-9,]+ random proposals that were valid layouts; refining while counting exactly…$/,
    );
    expect(await page.locator('.job progress').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
    await expect.poll(() => text('#fleet-count-estimate'), WAIT).toMatch(/the exact count was cancelled\.$/);
    await page.getByRole('button', { name: 'Count layouts' }).click();
    await expect.poll(() => text('#fleet-count-estimate'), WAIT).toMatch(/counting exactly…$/);
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
  });

  it('the running estimate narrows round by round while the exact count runs, and holds the exact count', async () => {
    await open('#/fleet?board=10x10&fleet=classic&touch=any');
    await page.getByRole('button', { name: 'Count layouts' }).click();
    type Seen = { proposals: number; low: number; high: number };
    const seen: Seen[] = [];
    const deadline = Date.now() + 170_000;
    while ((await page.locator('#fleet-count').count()) === 0 && Date.now() < deadline) {
      // Read in one step: the estimate goes away when the exact count arrives, maybe between two reads.
      const s = await page.evaluate(() => {
        const e = document.querySelector('#fleet-count-estimate');
        return e === null
          ? null
          : {
              proposals: Number(e.getAttribute('data-proposals')),
              low: Number(e.getAttribute('data-low')),
              high: Number(e.getAttribute('data-high')),
            };
      });
      if (s !== null && (seen.length === 0 || seen[seen.length - 1].proposals !== s.proposals)) seen.push(s);
      await page.waitForTimeout(200);
    }
    await page.waitForSelector('#fleet-count', WAIT);
    expect(await text('#fleet-count strong')).toBe('1,328,786,533,779,290,712');
    const exact = Number(1328786533779290712n);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i].proposals).toBeGreaterThan(seen[i - 1].proposals);
    const first = seen[0],
      last = seen[seen.length - 1];
    expect(last.high - last.low).toBeLessThan(first.high - first.low);
    // The last 95 % interval, widened by half (about 99.7 %: the rounds seen depend on the machine's speed).
    const mid = (last.high + last.low) / 2,
      half = ((last.high - last.low) / 2) * 1.5;
    expect(Math.abs(exact - mid)).toBeLessThan(half);
  }, 200_000);

  it('the exact heat map of the default fleet (classic, 10×10) is labelled exact', async () => {
    await open('#/fleet?heat=1');
    await page.waitForSelector('#fleet-heat[data-method="exact"]', WAIT);
    expect(await text('#fleet-heat .muted')).toBe('chance of a ship, over all 1,855,545,978,831,780 layouts');
  }, 60_000);

  it('the heat map answers at once with an estimate from uniform layouts, and the exact map replaces it', async () => {
    await open('#/fleet?board=10x10&fleet=classic&heat=1');
    await page.waitForSelector('#fleet-heat[data-method="first"]', { timeout: 10_000 });
    expect(await text('#fleet-heat .muted')).toMatch(
      /^chance of a ship, an estimate from [0-9,]+ (uniform layouts|weighted random layouts \(worth about [0-9,]+ uniform ones\)) — counting every layout for the exact map, which may not finish on a large board$/,
    );
    // Read out with the percent the square shows (label in name).
    expect(await square('e5').getAttribute('aria-label')).toMatch(
      /^e5, water, ship probability [0-9.]+ %, shown as [0-9]+$/,
    );
    // Cancel stops the exact map, keeps the estimate, and leaves a button to try again.
    await page.getByRole('button', { name: 'Cancel' }).click(WAIT);
    await page.waitForSelector('#fleet-heat-stopped', WAIT);
    expect(await page.locator('#fleet-heat[data-method="first"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Compute the exact map' }).click();
    await expect.poll(() => text('.job'), WAIT).toMatch(/^Counting every layout for the exact map/);
    // Unticked and ticked again: a fresh start, with the box ready.
    await page.getByRole('checkbox', { name: /^Heat map/ }).uncheck();
    await expect.poll(() => page.locator('#fleet-heat').count(), WAIT).toBe(0);
    await page.getByRole('checkbox', { name: /^Heat map/ }).check();
    await page.waitForSelector('#fleet-heat[data-method="first"]', { timeout: 10_000 });
    // A fleet whose exact map is quick: the exact map takes the estimate's place.
    await open('#/fleet?board=6x6&fleet=3,2,2,1&heat=1');
    await page.waitForSelector('#fleet-heat[data-method="exact"]', WAIT);
    expect(await text('#fleet-heat .muted')).toMatch(/^chance of a ship, over all [0-9,]+ layouts$/);
  });

  it('a board too large for the page in a link is drawn as large as the page allows, saying so; growing the board keeps the layout', async () => {
    await open('#/fleet?board=50x50&fleet=classic');
    await page.waitForSelector('#fleet-board-notice', WAIT);
    expect(await text('#fleet-board-notice')).toBe(
      'The link asks for a 50×50 board; this page draws boards up to 32×32 (every square a button you can click), so it shows 32×32.',
    );
    expect(await page.locator('#fleet-side-width').inputValue()).toBe('32');
    expect(await square('af32').count()).toBe(1);
    await open('#/fleet?board=6x6&fleet=2,1&layout=a1b1,d4&forbid=f6');
    await page.locator('#fleet-side-width').fill('9');
    await page.locator('#fleet-side-height').fill('8');
    await expect.poll(() => square('i8').count(), WAIT).toBe(1);
    expect((await shipCells()).sort()).toEqual(['a1', 'b1', 'd4']);
    expect(await square('f6').getAttribute('aria-label')).toBe('f6, forbidden');
    expect(await page.locator('#fleet-board-notice').count()).toBe(0);
  });

  it('ships look like no heat colour, and a key says what the colours mean', async () => {
    await open('#/fleet?board=6x6&fleet=3,2,2,1&heat=1&layout=a1a2a3');
    await page.waitForSelector('#fleet-heat[data-method="exact"]', WAIT);
    expect(await text('#fleet-key')).toMatch(/water.*ship.*forbidden cell/);
    const colours = await page.locator('.fleet-board [data-square]').evaluateAll((els) =>
      els.map((e) => ({
        ship: / ship(,|$)/.test(e.getAttribute('aria-label')!),
        rgb: getComputedStyle(e)
          .backgroundColor.match(/[0-9]+/g)!
          .slice(0, 3)
          .map(Number),
      })),
    );
    const ships = colours.filter((c) => c.ship),
      heat = colours.filter((c) => !c.ship);
    expect(ships).toHaveLength(3);
    for (const s of ships)
      for (const h of heat)
        expect(Math.hypot(s.rgb[0] - h.rgb[0], s.rgb[1] - h.rgb[1], s.rgb[2] - h.rgb[2])).toBeGreaterThan(60);
  });

  it('drop-downs show their choices whole, on a desktop and at 390 px', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const route of ['#/fleet', '#/fleet?play=1']) {
        await open(route);
        await page.waitForSelector('select', WAIT);
        const cut = await page.locator('.fleet select').evaluateAll((sels) => {
          const ctx = document.createElement('canvas').getContext('2d')!;
          return (sels as HTMLSelectElement[]).flatMap((sel) => {
            const cs = getComputedStyle(sel);
            ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            // The text room: the box less its padding and the arrow.
            const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
            return Array.from(sel.options)
              .filter((o) => ctx.measureText(o.text).width > room)
              .map((o) => `${sel.id}: ${o.text}`);
          });
        });
        expect(cut, `at ${width} px`).toEqual([]);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('ship cells and forbidden cells drawn with the mouse; the check names what is wrong', async () => {
    await open('#/fleet?board=6x6&fleet=2,1');
    await page.getByText('Draw cells').click();
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

  it('a ship drawn on the small grid joins the fleet, drawn the same way in the list and the summary; the heat map of one 1-ship on 3×3 is 1/9 everywhere', async () => {
    await open('#/fleet?board=6x6&fleet=');
    for (const sq of ['a3', 'b3', 'c3', 'b2']) await page.locator(`.shape-grid [data-square="${sq}"]`).click();
    await page.getByRole('button', { name: 'Add ship' }).click();
    await expect.poll(() => text('.drawn-ships .drawn-name'), WAIT).toBe('4-cell T-ship');
    expect(await text('#fleet-problem')).toBe('1 ship; ships may not touch, not even at corners:one 4-cell T-ship');
    await expect.poll(() => new URL(page.url()).hash, WAIT).toContain('ships=');
    // An L drawn standing up: the list and the summary draw it in one orientation.
    await page.getByRole('button', { name: 'Remove the 4-cell T-ship' }).click();
    for (const sq of ['a3', 'a2', 'a1', 'b1']) await page.locator(`.shape-grid [data-square="${sq}"]`).click();
    await page.getByRole('button', { name: 'Add ship' }).click();
    await expect.poll(() => text('.drawn-ships .drawn-name'), WAIT).toBe('4-cell L-ship');
    const picture = (sel: string) =>
      page
        .locator(`${sel} .shape-picture`)
        .first()
        .evaluate((e) =>
          Array.from(e.children)
            .map((row) =>
              Array.from(row.children)
                .map((c) => (c.classList.contains('on') ? '#' : '.'))
                .join(''),
            )
            .join('/'),
        );
    expect(await picture('.drawn-ships')).toBe(await picture('#fleet-problem'));
    expect(await picture('#fleet-problem')).toMatch(/^[#.]{3}\/[#.]{3}$/);
    expect(await text('#fleet-problem')).not.toMatch(/[#]/);
    await open('#/fleet?board=3x3&fleet=1&heat=1');
    await page.waitForSelector('#fleet-heat[data-method="exact"]', WAIT);
    for (const sq of ['a1', 'b2', 'c3'])
      expect(await square(sq).getAttribute('aria-label')).toBe(`${sq}, water, ship probability 11.11 %, shown as 11`);
  });

  it('works at 360 px wide: the board fits the screen', async () => {
    await expectFitsNarrow(
      pg.browser,
      served,
      '#/fleet?board=10x10&fleet=classic',
      '.fleet-board [data-square="j10"]',
      '.fleet-board .board',
    );
  });

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
