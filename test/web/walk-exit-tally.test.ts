// The Random walk page's one-walk player past its old limits, in Chromium: the move off the board marked on a canvas
// board (40×40, past the button board's 32×32) where the plain arithmetic here says the walk leaves, and the tally of
// many walks at N = 100,000 (made on the page's worker) against a bound worked out by hand; past the engine's limit
// the page says why the walk is shown alone.
import { describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const WAIT = { timeout: 20_000 };
const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/walk-exit-tally.test.ts');

/** A square's file and rank from its name (a1 is 0, 0), read here without the engine's board. */
function at(name: string): [number, number] {
  const m = /^([a-z]+)([0-9]+)$/.exec(name)!;
  let f = 0;
  for (const c of m[1]) f = f * 26 + (c.charCodeAt(0) - 96);
  return [f - 1, Number(m[2]) - 1];
}

describe.skipIf(skip)(
  'Random walk: the exit mark on a canvas board, the tally past N = 1,000 (made on the page’s worker)',
  () => {
    const pg = usePlaygroundPage((page) => page.setViewportSize({ width: 1280, height: 800 }));

    it('a walk off a 40×40 board is marked where it crosses the edge, following the board on screen', async () => {
      const { page } = pg;
      const W = 40,
        H = 40;
      // From a1 six of the knight's eight moves leave the board: some early seed's walk leaves.
      let walk: { names: string[]; exit: string } | null = null;
      for (let seed = 1; seed <= 8 && !walk; seed++) {
        await pg.open(`#/walk?board=${W}x${H}&n=30&from=a1&seed=${seed}`);
        await page.waitForSelector('#walk-walk', WAIT);
        const w = await page.locator('#walk-walk').evaluate((e) => ({
          names: (e.getAttribute('data-walk') ?? '').split(' '),
          exit: e.getAttribute('data-exit') ?? '',
        }));
        if (w.exit !== '') walk = w;
      }
      expect(walk).not.toBeNull();
      const [f, r] = at(walk!.names[walk!.names.length - 1]);
      const [lx, ly] = walk!.exit.split(',').map(Number);
      // Where the leap from the last square's centre crosses the edge, in squares from the top left, by hand.
      const x0 = f + 0.5,
        y0 = H - 0.5 - r,
        dx = lx,
        dy = -ly;
      const t = Math.min(
        dx > 0 ? (W - x0) / dx : dx < 0 ? -x0 / dx : Infinity,
        dy > 0 ? (H - y0) / dy : dy < 0 ? -y0 / dy : Infinity,
      );
      const ex = x0 + dx * t,
        ey = y0 + dy * t;
      const mark = page.locator('svg.walk-exit');
      await expect.poll(() => mark.count(), WAIT).toBe(1);
      expect(await page.locator('.canvas-stack svg.walk-exit').count()).toBe(1);
      const [ax, ay] = (await mark.getAttribute('data-exit-at'))!.split(',').map(Number);
      expect(ax).toBeCloseTo(ex, 3);
      expect(ay).toBeCloseTo(ey, 3);
      // On screen the cross sits at that point of the squares' area (the whole board is in view).
      const area = (await mark.boundingBox())!;
      const cross = (await mark.locator('path').evaluate((e) => {
        const b = e.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }))!;
      expect(Math.abs(cross.x - (area.x + (ex / W) * area.width))).toBeLessThan(1.5);
      expect(Math.abs(cross.y - (area.y + (ey / H) * area.height))).toBeLessThan(1.5);
      expect(pg.problems).toEqual([]);
    });

    it('at N = 100,000 the tally of 1,000 walks comes; past 5,000,000 the page says why there is none', async () => {
      const { page } = pg;
      await pg.open('#/walk?board=8x8&n=100000&from=d4&seed=2');
      const tally = page.locator('#walk-tally');
      await expect.poll(() => tally.textContent(), WAIT).toMatch(/^Of 1,000 walks like this one/);
      const m =
        /^Of 1,000 walks like this one \(the first is the one shown\), (\d+) stayed on for all 100,000 moves: /.exec(
          (await tally.textContent())!,
        );
      expect(m).not.toBeNull();
      // From any square of 8×8 a knight can reach, within two moves, a square with a move off the board, each move
      // chosen with chance 1/8: it stays on for two moves with chance at most 63/64, and for 100,000 moves at most
      // (63/64)^50,000 < 10^-300. None of 1,000 walks stays on.
      expect(Number(m![1])).toBe(0);
      await pg.open('#/walk?board=8x8&n=10000000&from=d4');
      await expect
        .poll(() => tally.textContent(), WAIT)
        .toBe(
          'A tally of 1,000 walks like this one is made for N up to 5,000,000: past that it could take many minutes. At N = 10,000,000 the walk is shown alone.',
        );
      expect(pg.problems).toEqual([]);
    });
  },
);
