// Zoom and pan on canvas boards in Debian's Chromium: a 400×400 tour zoomed by the wheel, the keys, a drag and a
// pinch; the edge labels and the status line checked against each other (a label's square read out under it) and
// the visit numbers read out checked as a knight's tour (each move a knight's step from the one before); the
// Moves page on 64×64 (attacked squares filled, hover readout, numbers once zoomed in); the phone layout (each
// page's board starts on the first screen at 390×844).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 30_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/zoom.test.ts');

/** 0-based file of a file name, bijective base 26 (a = 0, z = 25, aa = 26), written here apart from the engine's. */
function fileIndex(name: string): number {
  let n = 0;
  for (const ch of name) n = n * 26 + (ch.charCodeAt(0) - 96);
  return n - 1;
}

interface Label {
  text: string;
  /** Centre on the page, in CSS pixels. */
  at: number;
}

describe.skipIf(skip)('zoom and pan on canvas boards', () => {
  const pg = usePlaygroundPage();
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });
  const range = async (): Promise<{ zoom: number; view: string; text: string }> => {
    const el = page.locator('.board-range');
    return {
      zoom: Number(await el.getAttribute('data-zoom')),
      view: (await el.getAttribute('data-view'))!,
      text: (await el.textContent())!.trim(),
    };
  };
  const readout = async (): Promise<string> => (await page.locator('.board-readout').textContent())!.trim();
  const labels = async (which: 'files' | 'ranks'): Promise<Label[]> =>
    page.locator(`.canvas-${which} span`).evaluateAll(
      (els, w) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { text: e.textContent!, at: w === 'files' ? r.left + r.width / 2 : r.top + r.height / 2 };
        }),
      which,
    );
  /** The square under a file label and a rank label, by the labels' positions, and the size of a square. */
  const grid = async (): Promise<{ files: Label[]; ranks: Label[]; cell: number }> => {
    const files = await labels('files'),
      ranks = await labels('ranks');
    expect(files.length).toBeGreaterThan(2);
    expect(ranks.length).toBeGreaterThan(2);
    const [a, b] = [files[0], files[files.length - 1]];
    return { files, ranks, cell: (b.at - a.at) / (fileIndex(b.text) - fileIndex(a.text)) };
  };
  const hoverRead = async (x: number, y: number): Promise<string> => {
    const before = await readout();
    await page.mouse.move(x, y);
    // The same square read twice in a row leaves the line as it was; otherwise wait for the change.
    await expect.poll(readout, { timeout: 5_000 }).not.toBe('');
    return before === (await readout()) ? before : readout();
  };
  const moveOf = (text: string): number => Number(/move (\d+) of/.exec(text)?.[1] ?? NaN);

  it('zooms a 400×400 tour with the wheel about the pointer: labels, range and readouts follow, the visits read as a knight’s tour', async () => {
    await open('#/tours?board=400x400&from=a1');
    await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
    await page.waitForSelector('canvas.path-overlay[data-shown="160000"]', WAIT);
    const whole = await range();
    expect(whole.zoom).toBe(1);
    expect(whole.view).toBe('a1:oj400');
    expect(await readout()).toMatch(/^Hover or focus/);
    // Whole board: labels on round numbers only (squares are about 1.5 px), none crowding the next.
    const w0 = await grid();
    expect(w0.cell).toBeGreaterThan(1);
    expect(w0.cell).toBeLessThan(2);
    for (let i = 1; i < w0.files.length; i++) expect(w0.files[i].at - w0.files[i - 1].at).toBeGreaterThan(20);
    const box = (await page.locator('canvas.board-canvas').boundingBox())!;
    // Zoom in about a point a third of the way across: the square under the pointer stays under it.
    const px = box.x + box.width / 3,
      py = box.y + box.height / 3;
    const under = (await hoverRead(px, py)).split(',')[0];
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await range()).zoom, WAIT).toBeGreaterThan(20);
    const zoomed = await range();
    expect(zoomed.view).not.toBe(whole.view);
    expect(zoomed.text).toMatch(/^\d+× · [a-z]+\d+ to [a-z]+\d+$/);
    await page.mouse.move(px + 0.3, py);
    await expect.poll(async () => (await readout()).split(',')[0], WAIT).toBe(under);
    // At this zoom every file and rank is labelled, a square apart; the labels changed with the view.
    const g = await grid();
    expect(g.cell).toBeGreaterThan(25);
    expect(g.files.map((l) => fileIndex(l.text))).toEqual(g.files.map((_, i) => fileIndex(g.files[0].text) + i));
    expect(g.files.map((l) => l.text)).not.toEqual(w0.files.map((l) => l.text));
    // The square under a file label and a rank label is the one read out there, with its visit number; the
    // squares a knight's move away hold the visits before and after it.
    const f = g.files[g.files.length >> 1],
      r = g.ranks[g.ranks.length >> 1];
    const here = await hoverRead(f.at, r.at);
    expect(here).toMatch(new RegExp(`^${f.text}${r.text}, .*move \\d+ of 160000`));
    const k = moveOf(here);
    const near: number[] = [];
    for (const [df, dr] of [
      [1, 2],
      [2, 1],
      [2, -1],
      [1, -2],
      [-1, -2],
      [-2, -1],
      [-2, 1],
      [-1, 2],
    ]) {
      const x = f.at + df * g.cell,
        y = r.at - dr * g.cell;
      if (x < box.x + 2 || x > box.x + box.width - 2 || y < box.y + 2 || y > box.y + box.height - 2) continue;
      const t = await hoverRead(x, y);
      expect(t.split(',')[0]).toBe(`${fileName(fileIndex(f.text) + df)}${Number(r.text) + dr}`);
      near.push(moveOf(t));
    }
    if (k > 1) expect(near).toContain(k - 1);
    if (k < 160000) expect(near).toContain(k + 1);
    // Wheel back out to the whole board; a further turn scrolls the page instead.
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 400);
    await expect.poll(async () => (await range()).zoom, WAIT).toBe(1);
    expect(problems).toEqual([]);
  });

  it('zooms with the keys and the buttons, pans with the arrows, a drag and a pinch', async () => {
    await open('#/tours?board=400x400&from=a1');
    await page.waitForSelector('canvas.path-overlay[data-shown="160000"]', WAIT);
    const board = page.locator('canvas.board-canvas');
    await board.focus();
    // The cursor starts on a1: + zooms about it, so a1's centre stays where it was, in the bottom-left corner
    // (a view 50 squares wide from 7/16 of a square in: files a to ay, ranks 1 to 51).
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => (await range()).zoom, WAIT).toBe(8);
    expect((await range()).view).toBe('a1:ay51');
    expect(await readout()).toMatch(/^a1, start, move 1 of 160000/);
    // Arrows move the cursor; the view follows it wholly into sight (file a whole, so files a to ax) and past
    // the top edge, a53 now its top row.
    for (let i = 0; i < 52; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(readout, WAIT).toMatch(/^a53\b/);
    expect((await range()).view).toBe('a4:ax53');
    // Shift and an arrow pan a quarter of the view (12.5 squares), the cursor staying.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await range()).view, WAIT).toBe('m4:bk53');
    await page.keyboard.press('0');
    await expect.poll(async () => (await range()).zoom, WAIT).toBe(1);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await range()).zoom, WAIT).toBe(2);
    // The middle stays in the middle: files and ranks 101 to 300 (a quarter of the way in to three quarters).
    expect((await range()).view).toBe('cw101:kn300');
    // A drag of 100 px to the right shows squares further left, and is not a click (the start stays a1).
    const box = (await board.boundingBox())!;
    const cell = (box.width - 4) / 200;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + 10 * i, box.y + box.height / 2);
    await page.mouse.up();
    const dragged = (await range()).view;
    const [from] = dragged.split(':');
    expect(fileIndex(/^[a-z]+/.exec(from)![0])).toBe(Math.floor(100 - 100 / cell + 1e-9));
    expect(new URL(page.url()).hash).toContain('from=a1');
    // A pinch: two touches moving apart to twice their distance double the zoom.
    await board.evaluate((el: HTMLCanvasElement) => {
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2,
        cy = r.top + r.height / 2;
      const fire = (type: string, id: number, x: number): void => {
        el.dispatchEvent(
          new PointerEvent(type, {
            pointerId: id,
            pointerType: 'touch',
            isPrimary: id === 1,
            clientX: x,
            clientY: cy,
            bubbles: true,
            cancelable: true,
          }),
        );
      };
      fire('pointerdown', 1, cx - 40);
      fire('pointerdown', 2, cx + 40);
      for (let i = 1; i <= 8; i++) fire('pointermove', 2, cx + 40 + 10 * i);
      fire('pointerup', 2, cx + 120);
      fire('pointerup', 1, cx - 40);
    });
    await expect.poll(async () => (await range()).zoom, WAIT).toBeCloseTo(4, 5);
    expect(new URL(page.url()).hash).toContain('from=a1');
    expect(problems).toEqual([]);
  });

  it('shows the Moves page’s attacked squares on 64×64 filled, reads squares out on hover, and numbers once zoomed in', async () => {
    await open('#/moves?board=64x64&piece=knight&at=ab30');
    await page.waitForSelector('canvas.board-canvas');
    await expect.poll(() => page.locator('#target-count').textContent(), WAIT).toBe('8');
    const box = (await page.locator('canvas.board-canvas').boundingBox())!;
    const cell = (box.width - 4) / 64;
    const centre = (file: number, rank: number): [number, number] => [
      box.x + 2 + (file + 0.5) * cell,
      box.y + 2 + (63 - rank + 0.5) * cell,
    ];
    // ad31 is a knight's move from ab30: read out as attacked, and its whole square is green, corners too.
    const [x, y] = centre(fileIndex('ad'), 30);
    expect(await hoverRead(x, y)).toBe('ad31, attacked');
    const colour = (cx: number, cy: number): Promise<number[]> =>
      page.locator('canvas.board-canvas').evaluate(
        (c: HTMLCanvasElement, [px, py]) => {
          const r = c.getBoundingClientRect();
          const copy = document.createElement('canvas');
          copy.width = copy.height = 1;
          const g = copy.getContext('2d', { willReadFrequently: true })!;
          g.drawImage(
            c,
            Math.floor(px - r.left - c.clientLeft),
            Math.floor(py - r.top - c.clientTop),
            1,
            1,
            0,
            0,
            1,
            1,
          );
          return [...g.getImageData(0, 0, 1, 1).data];
        },
        [cx, cy] as const,
      );
    for (const [dx, dy] of [
      [0, 0],
      [-0.35, -0.35],
      [0.35, 0.35],
    ]) {
      const [r, g, b] = await colour(x + dx * cell, y + dy * cell);
      expect(g).toBeGreaterThan(r + 60);
      expect(g).toBeGreaterThan(b + 30);
    }
    expect(await hoverRead(...centre(fileIndex('ab'), 29))).toBe('ab30, knight');
    expect(await hoverRead(...centre(0, 0))).toBe('a1');
    // Labels on the edges: every fifth file and rank at this size, each over its own square.
    const files = await labels('files');
    expect(files.map((l) => l.text).slice(0, 3)).toEqual(['e', 'j', 'o']);
    for (const l of files) expect(Math.abs(l.at - (box.x + 2 + (fileIndex(l.text) + 0.5) * cell))).toBeLessThan(1.5);
    // The heat map's counts do not fit 10-px squares: the board says so, and stops saying it once zoomed in.
    await page.getByRole('checkbox', { name: 'Mobility heat map' }).check();
    await page.waitForSelector('.board-numbers', WAIT);
    expect(await page.locator('.board-numbers').textContent()).toMatch(/^Zoom in to read the numbers/);
    expect(await hoverRead(x, y)).toBe('ad31, attacked, 8 moves from here');
    await page.locator('canvas.board-canvas').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => page.locator('.board-numbers').count(), WAIT).toBe(0);
    expect(problems).toEqual([]);
  });

  it('starts every page’s board on the first screen of a 390×844 phone, one header row, no sideways scrolling', async () => {
    const phone = await pg.browser.context.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (e) => errors.push(e.message));
    phone.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      for (const hash of [
        '#/moves',
        '#/tours',
        '#/walk',
        '#/valley',
        '#/fleet',
        '#/tours?board=100x100&from=e5',
        '#/moves?board=64x64&piece=queen&at=d4',
      ]) {
        await phone.goto('about:blank');
        await phone.goto(pg.served.url + hash);
        await phone.waitForSelector('.board [data-square], canvas.board-canvas', WAIT);
        await phone.waitForTimeout(300);
        // The top of the first board a person sees (a visible board at least half the screen wide).
        const top = await phone.evaluate(() =>
          Math.min(
            ...Array.from(document.querySelectorAll('.board, canvas.board-canvas'))
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 195)
              .map((r) => r.top + window.scrollY),
          ),
        );
        expect(top, hash).toBeLessThan(844 - 150);
        const header = (await phone.locator('header.top').boundingBox())!;
        expect(header.height, hash).toBeLessThan(60);
        expect(await phone.evaluate(() => document.documentElement.scrollWidth), hash).toBeLessThanOrEqual(390);
      }
      // The menu lists the pages and takes you there.
      await phone.getByText('☰').click();
      await phone.locator('.menu nav a', { hasText: 'Random walk' }).click();
      await phone.waitForURL(/#\/walk/);
      // (It closes once the new page is drawn.)
      await expect.poll(() => phone.locator('.menu').getAttribute('open'), WAIT).toBeNull();
      // A folded intro unfolds from its "more" button.
      const lead = phone.locator('main .lead');
      const folded = (await lead.boundingBox())!.height;
      await lead.getByRole('button', { name: 'more' }).click();
      await expect.poll(async () => (await lead.boundingBox())!.height, WAIT).toBeGreaterThan(folded + 10);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
    expect(problems).toEqual([]);
  });
});

function fileName(file: number): string {
  let s = '';
  for (let n = file + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(97 + ((n - 1) % 26)) + s;
  return s;
}
