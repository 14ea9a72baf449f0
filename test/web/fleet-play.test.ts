// Sea Battle as a game people come back to, in Debian's Chromium at 1280×800 and on a 390×844 touch phone: the
// board and Randomize on the first screen, both game boards on one phone screen; ships dragged from the harbour and
// moved on the board with the mouse, the keyboard (Enter, arrows, R) and taps, each drop judged here by the rules
// (in the field, off forbidden cells, no touching) and a refused one saying why; the key to the game's marks; the
// score, the newest mark's animation (none when motion is reduced) and the review of a finished game read from the
// address, which a reload keeps; no serious accessibility fault in the game's end and its review.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { usePhone, usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG } from '../long.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/fleet-play.test.ts');
const WAIT = { timeout: 30_000 };
const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** [file, rank] of a square name (a1 = [0, 0]). */
const at = (n: string): [number, number] => [FILES.indexOf(n[0]), Number(n.slice(1)) - 1];
/** A square's index on a board `w` wide (rank * w + file), as the address's game record counts squares. */
const index = (n: string, w: number): number => at(n)[1] * w + at(n)[0];

/** Why cells are no layout of ships of `sizes` that keep apart (not even corners), by the rules, written here. */
function judge(cells: string[], sizes: number[], forbidden: string[] = []): string[] {
  const key = (f: number, r: number): string => `${f},${r}`;
  const left = new Set(cells.map((c) => key(...at(c))));
  const ships: [number, number][][] = [];
  for (const c of cells) {
    if (!left.delete(key(...at(c)))) continue;
    const ship = [at(c)];
    for (let i = 0; i < ship.length; i++) {
      const [f, r] = ship[i];
      for (const [g, s] of [
        [f + 1, r],
        [f - 1, r],
        [f, r + 1],
        [f, r - 1],
      ] as const)
        if (left.delete(key(g, s))) ship.push([g, s]);
    }
    ships.push(ship);
  }
  const errors: string[] = [];
  const got = ships.map((s) => s.length).sort((a, b) => b - a);
  if (got.join() !== [...sizes].sort((a, b) => b - a).join()) errors.push(`sizes ${got.join()}`);
  for (const s of ships)
    if (!s.every(([f]) => f === s[0][0]) && !s.every(([, r]) => r === s[0][1])) errors.push('a bent ship');
  ships.forEach((a, i) =>
    ships.forEach((b, j) => {
      if (j > i && a.some(([f, r]) => b.some(([g, s]) => Math.abs(f - g) <= 1 && Math.abs(r - s) <= 1)))
        errors.push(`ships ${i} and ${j} touch`);
    }),
  );
  for (const c of cells) if (forbidden.includes(c)) errors.push(`a ship on ${c}`);
  return errors;
}

/** The classic fleet on 10×10, none touching (checked by judge below). */
const CLASSIC = ['f1g1h1i1', 'g4h4i4', 'd5d6d7', 'a5b5', 'a8b8', 'g8g9', 'a2', 'e3', 'i8', 'd9'].map((s) =>
  s.match(/[a-j][0-9]+/g)!,
);
const WATER = ['a10', 'b10', 'c10', 'e10', 'f10', 'g10', 'h10', 'i10', 'j10', 'j9', 'j8', 'j7', 'j6', 'j5', 'j4'];

/** The address's game record: both fleets and the shots in order (yours first), squares in base 36. */
function gameParam(mine: string[][], theirs: string[][], shots: string[]): string {
  const sq = (n: string): string => index(n, 10).toString(36);
  const fleet = (l: string[][]): string => l.map((s) => s.map(sq).join('-')).join('_');
  return [fleet(mine), fleet(theirs), shots.map(sq).join('-')].join('.');
}

/** Your shots in turn with the computer's: `yours` and `its` interleaved, yours first. */
function turns(yours: string[], its: string[]): string[] {
  const out: string[] = [];
  yours.forEach((s, i) => {
    out.push(s);
    if (i < its.length) out.push(its[i]);
  });
  return out;
}

async function box(page: Page, sel: string): Promise<{ top: number; bottom: number; left: number; right: number }> {
  const b = (await page.locator(sel).first().boundingBox())!;
  return { top: b.y, bottom: b.y + b.height, left: b.x, right: b.x + b.width };
}

describe.skipIf(skip)('Sea Battle: the first screen, placing ships by hand, the game kept and reviewed', () => {
  const pg = usePlaygroundPage();
  const onPhone = usePhone(pg);
  let page: Page;
  let phone: Page;
  beforeAll(() => {
    page = pg.page;
    phone = onPhone.page;
  });
  const openPhone = async (hash: string): Promise<void> => {
    await phone.goto('about:blank');
    await phone.goto(pg.served.url + hash);
  };
  const shipCells = (p: Page): Promise<string[]> =>
    p.locator('.fleet-edit-board [data-square]').evaluateAll((els) =>
      els
        .filter((e) => /, ship(,|$)/.test(e.getAttribute('aria-label')!))
        .map((e) => e.getAttribute('data-square')!)
        .sort(),
    );
  const centre = async (p: Page, sel: string): Promise<[number, number]> => {
    const b = (await p.locator(sel).first().boundingBox())!;
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  /** Drags with the mouse from one element's centre to another's, in steps. */
  const drag = async (from: string, to: string): Promise<void> => {
    const [x0, y0] = await centre(page, from);
    const [x1, y1] = await centre(page, to);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
  };
  const sq = (n: string): string => `.fleet-edit-board [data-square="${n}"]`;

  it('at 1280×800 the board, Randomize and the tools are on the first screen; Randomize places a valid fleet', async () => {
    expect(judge(CLASSIC.flat(), [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])).toEqual([]);
    await pg.open('#/fleet');
    await page.locator('.fleet-edit-board .board').waitFor();
    const board = await box(page, '.fleet-edit-board .board');
    const randomize = await box(page, '#fleet-randomize');
    const tools = await box(page, '.fleet-tools');
    expect(board.bottom).toBeLessThanOrEqual(800);
    expect(randomize.bottom).toBeLessThanOrEqual(800);
    expect(randomize.bottom).toBeGreaterThan(0);
    // The controls that change the board sit next to it.
    expect(board.top - randomize.bottom).toBeLessThan(60);
    expect(board.top - tools.bottom).toBeLessThan(60);
    expect((await box(page, '#fleet-harbour')).left).toBeLessThan(1280);
    await page.getByRole('button', { name: 'Randomize' }).click();
    await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
    expect(judge(await shipCells(page), [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])).toEqual([]);
    expect(await page.locator('#fleet-harbour').textContent()).toBe('Every ship of the fleet is on the board.');
  });

  it('at 1280×800 New game is on the first screen, and both boards are on one screen once the game starts', async () => {
    await pg.open('#/fleet?play=1');
    expect((await box(page, 'button:text-is("New game")')).bottom).toBeLessThanOrEqual(800);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.locator('#fleet-game-status').waitFor(WAIT);
    await expect.poll(async () => (await box(page, '.own-board .board')).bottom, WAIT).toBeLessThanOrEqual(800);
    expect((await box(page, '.target-board .board')).top).toBeGreaterThanOrEqual(0);
    expect((await box(page, '.own-board .board')).top).toBeGreaterThanOrEqual(0);
    expect((await box(page, '#fleet-game-status')).top).toBeGreaterThanOrEqual(0);
  });

  it('drags ships from the harbour and on the board with the mouse; a refused drop says why and changes nothing', async () => {
    await pg.open('#/fleet?board=6x6&fleet=3,2,1&forbid=f6');
    await drag('.harbour-ship[data-kind-name="3-cell ship"]', sq('b2'));
    await expect.poll(() => shipCells(page), WAIT).toEqual(['b2', 'c2', 'd2']);
    // The 2-cell ship dropped where it would touch the 3-cell ship at a corner: refused, in words.
    await drag('.harbour-ship[data-kind-name="2-cell ship"]', sq('e3'));
    await expect
      .poll(() => page.locator('#fleet-move-note').textContent(), WAIT)
      .toBe(
        'That drop was refused: it would touch the ship on d2: ships may not touch, not even at corners. The ship went back.',
      );
    expect(await shipCells(page)).toEqual(['b2', 'c2', 'd2']);
    await drag('.harbour-ship[data-kind-name="2-cell ship"]', sq('a5'));
    await expect.poll(() => shipCells(page), WAIT).toEqual(['a5', 'b2', 'b5', 'c2', 'd2']);
    // The 1-cell ship onto the forbidden cell, then off the board's edge: both refused.
    await drag('.harbour-ship[data-kind-name="1-cell ship"]', sq('f6'));
    await expect.poll(() => page.locator('#fleet-move-note').textContent(), WAIT).toMatch(/f6 is a forbidden cell/);
    // A ship on the board dragged by its middle cell, turned with R on the way: it stands across the ranks.
    const [x0, y0] = await centre(page, sq('c2'));
    const [x1, y1] = await centre(page, sq('e4'));
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 6 });
    await page.keyboard.press('r');
    await page.mouse.up();
    await expect.poll(() => shipCells(page), WAIT).toEqual(['a5', 'b5', 'e3', 'e4', 'e5']);
    await drag('.harbour-ship[data-kind-name="1-cell ship"]', sq('c1'));
    await expect.poll(() => shipCells(page), WAIT).toEqual(['a5', 'b5', 'c1', 'e3', 'e4', 'e5']);
    const cells = await shipCells(page);
    expect(judge(cells, [3, 2, 1], ['f6'])).toEqual([]);
    await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
    // Kept in the address.
    await expect.poll(() => new URL(page.url()).hash, WAIT).toMatch(/layout=/);
    await pg.open(new URL(page.url()).hash);
    expect(await shipCells(page)).toEqual(cells);
  });

  it('moves a ship with the keyboard alone: Enter picks it up, the arrows walk it, R turns it, Enter puts it down', async () => {
    await pg.open('#/fleet?board=6x6&fleet=3,2,1&layout=b2c2d2,a5b5,f1');
    await page.locator(sq('b2')).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#fleet-move-note').textContent(), WAIT).toMatch(/in hand/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Turned about the cell held (b2, the ship's left end): it now runs down from there.
    await page.keyboard.press('r');
    // d4 is where the held cell goes: d4, d3, d2; d2 was the ship's own cell, so that is allowed.
    await page.keyboard.press('Enter');
    await expect.poll(() => shipCells(page), WAIT).toEqual(['a5', 'b5', 'd2', 'd3', 'd4', 'f1']);
    expect(judge(await shipCells(page), [3, 2, 1])).toEqual([]);
    // Into a touch with the keyboard: refused, the ship stays in hand, Escape puts it back.
    await page.locator(sq('f1')).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#fleet-move-note').textContent(), WAIT).toMatch(/^Not there: it would touch/);
    await page.keyboard.press('Escape');
    expect(await shipCells(page)).toEqual(['a5', 'b5', 'd2', 'd3', 'd4', 'f1']);
  });

  it('on a touch phone: tap a ship in the harbour and then a square; tap a ship, Turn, tap its new square; words say tap', async () => {
    await openPhone('#/fleet?board=6x6&fleet=3,2,1');
    await phone.locator('#fleet-harbour').waitFor();
    expect(await phone.locator('#fleet-harbour .harbour-title').textContent()).toMatch(/tap one, then tap a square/);
    expect(await phone.locator('main').innerText()).not.toMatch(/click/i);
    await phone.locator('.harbour-ship[data-kind-name="3-cell ship"]').tap();
    await phone.locator(sq('b2')).tap();
    await expect.poll(() => shipCells(phone), WAIT).toEqual(['b2', 'c2', 'd2']);
    await phone.locator(sq('b2')).tap();
    await phone.getByRole('button', { name: 'Turn', exact: true }).tap();
    await phone.locator(sq('b5')).tap();
    await expect.poll(() => shipCells(phone), WAIT).toEqual(['b3', 'b4', 'b5']);
    // The board fits the phone and starts on its first screen.
    expect((await box(phone, '.fleet-edit-board .board')).right).toBeLessThanOrEqual(390);
    expect((await box(phone, '.fleet-edit-board .board')).top).toBeLessThan(844 - 150);
  });

  it('on a touch phone both boards of a game and the key to their marks fit one screen: you shoot without scrolling', async () => {
    await openPhone('#/fleet?board=10x10&fleet=classic&play=1');
    await phone.getByRole('button', { name: 'New game' }).tap();
    const status = phone.locator('#fleet-game-status');
    await expect.poll(async () => (await status.textContent()) ?? '', WAIT).toMatch(/^Your turn: tap a square/);
    await expect.poll(async () => (await box(phone, '.own-board .board')).bottom, WAIT).toBeLessThanOrEqual(844);
    const target = await box(phone, '.target-board .board');
    expect(target.top).toBeGreaterThanOrEqual(0);
    expect(target.right).toBeLessThanOrEqual(390);
    // Each square a finger's width.
    expect((target.right - target.left) / 10).toBeGreaterThanOrEqual(32);
    const y = await phone.evaluate(() => scrollY);
    await phone.locator('.target-board [data-square="e5"]').tap();
    await expect
      .poll(() => phone.locator('#fleet-score [data-side="computer"]').textContent(), WAIT)
      .toMatch(/^The computer: 1 shot,/);
    expect(await phone.evaluate(() => scrollY)).toBe(y);
    expect(await phone.locator('#fleet-marks-key').isVisible()).toBe(true);
    // Every item of the key is whole on the screen with the boards: inside the phone's width and above its bottom.
    const items = await phone
      .locator('#fleet-marks-key li')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => [r.left, r.right, r.top, r.bottom]));
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const [left, right, top, bottom] of items) {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(390);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(bottom).toBeLessThanOrEqual(844);
    }
  });

  it('a finished game from the address: the score, both fleets, every mark in the key, the review stepped; a reload keeps it', async () => {
    // You sink every ship in 20 shots; the computer misses 19 times.
    const yours = CLASSIC.flat(),
      its = WATER.concat(['c8', 'c9', 'e7', 'e9']);
    await pg.open(`#/fleet?board=10x10&fleet=classic&play=1&game=${gameParam(CLASSIC, CLASSIC, turns(yours, its))}`);
    const status = page.locator('#fleet-game-status');
    await expect
      .poll(() => status.textContent(), WAIT)
      .toBe('You win: every ship of the computer’s fleet sunk in 20 shots.');
    expect(await page.locator('#fleet-score').innerText()).toMatch(
      /^You: 20 shots, 20 hits, 100 % on target\s+The computer: 19 shots, 0 hits, 0 % on target$/,
    );
    // The key names every mark the boards draw.
    const key = (await page.locator('#fleet-marks-key').textContent())!;
    for (const words of [
      'miss',
      'hit',
      'sunk ship',
      'water next to a sunk ship',
      'your ship',
      'latest shot',
      'never found',
    ])
      expect(key).toContain(words);
    const boards = await box(page, '.fleet-games');
    const keyBox = await box(page, '#fleet-marks-key');
    expect(keyBox.top - boards.top).toBeLessThan(800);
    // The review: 39 shots in order, stepped back to the start and forward one at a time.
    expect(await page.locator('#fleet-review-step').textContent()).toMatch(/^Review: shot 39 of 39\./);
    expect(await page.locator('#fleet-log li').first().textContent()).toBe('You fired at d9: sank a 1-cell ship');
    await page.getByRole('button', { name: 'First' }).click();
    expect(await page.locator('#fleet-review-shots li').count()).toBe(39);
    const notShot = () =>
      page
        .locator('.target-board [data-square]')
        .evaluateAll((els) => els.filter((e) => /, not shot/.test(e.getAttribute('aria-label')!)).length);
    expect(await notShot()).toBe(100);
    // Both fleets are shown in the review, the computer's as ships never found at the start.
    expect(await page.locator('.target-board .mark-hidden').count()).toBe(20);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.locator('#fleet-review-step').textContent()).toBe('Review: shot 1 of 39. You fired at f1: hit.');
    expect(await notShot()).toBe(99);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.locator('#fleet-review-step').textContent()).toBe(
      'Review: shot 2 of 39. The computer fired at a10: miss.',
    );
    await page.locator('#fleet-review-shots li').nth(7).getByRole('button').click();
    expect(await page.locator('#fleet-review-step').textContent()).toBe(
      'Review: shot 8 of 39. The computer fired at e10: miss.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await expect
      .poll(() => status.textContent(), WAIT)
      .toBe('You win: every ship of the computer’s fleet sunk in 20 shots.');
    // The game over as it first shows (the newest shots first), before any step back.
    expect(await axeViolations(page)).toEqual([]);
    await openPhone(`#/fleet?board=10x10&fleet=classic&play=1&game=${gameParam(CLASSIC, CLASSIC, turns(yours, its))}`);
    await expect.poll(() => phone.locator('#fleet-game-status').textContent(), WAIT).toMatch(/^You win/);
    await phone.getByRole('button', { name: 'Back' }).tap();
    expect(await axeViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a game under way from the address goes on; the newest mark pops in, and stays still when motion is reduced', async () => {
    const hash = `#/fleet?board=10x10&fleet=classic&play=1&game=${gameParam(CLASSIC, CLASSIC, turns(['f1', 'a1'], ['a10', 'b10']))}`;
    await pg.open(hash);
    await expect.poll(() => page.locator('#fleet-game-status').textContent(), WAIT).toMatch(/^Your turn/);
    const fresh = page.locator('.own-board .mark-miss.fresh');
    expect(await fresh.count()).toBe(1);
    expect(await fresh.evaluate((e) => getComputedStyle(e).animationName)).toBe('mark-pop');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await fresh.evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: null });
    // Your shot, then the computer's: the record in the address grows by both.
    await page.locator('.target-board [data-square="g1"]').click();
    await expect
      .poll(() => page.locator('#fleet-score [data-side="computer"]').textContent(), WAIT)
      .toMatch(/^The computer: 3 shots/);
    // The address follows the page a moment later.
    const shotsInAddress = (): number =>
      new URL(page.url()).hash
        .match(/game=([^&]+)/)![1]
        .split('.')[2]
        .split('-').length;
    await expect.poll(shotsInAddress, WAIT).toBe(6);
    // A record that breaks the rules (a square shot twice) is no game: the page offers a new one.
    await pg.open(`#/fleet?board=10x10&fleet=classic&play=1&game=${gameParam(CLASSIC, CLASSIC, ['f1', 'a10', 'f1'])}`);
    await page.getByRole('button', { name: 'New game' }).waitFor();
    expect(await page.locator('#fleet-game-status').count()).toBe(0);
  });

  // At least 8 s by design (the count's pace is judged then): in the long run only.
  it.runIf(LONG)(
    'the heat map on 32×32 says from the start that the exact map may not come, and then that it is out of reach',
    async () => {
      await pg.open('#/fleet?board=32x32&fleet=classic&heat=1');
      const label = page.locator('#fleet-heat .muted');
      await expect
        .poll(() => label.textContent(), WAIT)
        .toMatch(/^chance of a ship, an estimate from [0-9,]+ (uniform|weighted random) layouts/);
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            const t = (await label.textContent()) ?? '';
            seen.add(t.replace(/[0-9,]+/g, 'N'));
            return t;
          },
          { timeout: 40_000, interval: 250 },
        )
        .toMatch(/; the exact map is out of reach on this board \(.*\), so this estimate stays$/);
      // Never a promise the page did not keep.
      for (const t of seen) expect(t).not.toMatch(/follows/);
      expect(await page.locator('.job progress').count()).toBe(0);
    },
    60_000,
  );

  it('a drawn fleet on 10×10 gets its first heat estimate from thousands of layouts, said with their worth', async () => {
    await pg.open('#/fleet?board=10x10&fleet=classic&ships=%23./%23%23/%23.,%23%23%23/.%23.&heat=1');
    await page.waitForSelector('#fleet-heat[data-method="first"]', WAIT);
    const t = (await page.locator('#fleet-heat .muted').textContent())!;
    const m =
      /^chance of a ship, an estimate from ([0-9,]+) weighted random layouts \(worth about ([0-9,]+) uniform ones\)/.exec(
        t,
      );
    expect(m, t).not.toBeNull();
    expect(Number(m![1].replace(/,/g, ''))).toBeGreaterThanOrEqual(5000);
    expect(Number(m![2].replace(/,/g, ''))).toBeGreaterThanOrEqual(200);
  });

  it('logged no console errors or warnings', () => {
    expect(pg.problems).toEqual([]);
  });
});
