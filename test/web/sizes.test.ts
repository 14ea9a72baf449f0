// Nothing kills a page (issue 33): every page with a board, on a 390×844 phone and at 1280×900, is walked through
// board sizes of every shape — 1×1, 1×N, N×1, thin (N×2, N×3, 3×N), the page's largest — given in the address, and
// through sides typed into Width and Height key by key (100 then 100 passes through 100×1, 1×1 and 10×100), and
// after each no error screen shows and no page error is raised. Sizes are drawn by fast-check (seeded).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { LONG, runs } from '../long.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/sizes.test.ts');

/** Each page with a board, its largest side, and its size fields' id prefix. */
const PAGES: ReadonlyArray<{ page: string; max: number }> = [
  { page: 'moves', max: 512 },
  { page: 'tours', max: 2000 },
  { page: 'walk', max: 100 },
  { page: 'fleet', max: 32 },
];

/** A size of one of the shapes that broke pages: [width, height], within 1..max. */
function shapes(max: number): fc.Arbitrary<[number, number]> {
  const side = fc.integer({ min: 1, max });
  const thin = fc.integer({ min: 1, max: Math.min(3, max) });
  return fc.oneof(
    fc.constant<[number, number]>([1, 1]),
    side.map((n): [number, number] => [1, n]),
    side.map((n): [number, number] => [n, 1]),
    fc.tuple(side, thin),
    fc.tuple(thin, side),
    fc.constant<[number, number]>([max, max]),
    fc.constant<[number, number]>([max, 1]),
    fc.tuple(side, side),
  );
}

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe.skipIf(skip)('nothing kills a page: any board size, in the address or typed', () => {
  const pg = usePlaygroundPage();

  /** The page is alive: no error screen, no page error or error the page reported, since `from`. */
  async function expectAlive(what: string, from: number): Promise<void> {
    const screen = await pg.page.getByText(/Something went wrong/).count();
    const errors = pg.problems.slice(from).filter((p) => /page error|hit an error/i.test(p));
    expect({ what, screen, errors }).toEqual({ what, screen: 0, errors: [] });
  }

  it.each(PAGES)('$page: sizes in the address, on a phone (and at 1280 px in test:long)', async ({ page, max }) => {
    const sizes = fc.sample(shapes(max), { seed: 33, numRuns: runs(3, 20) });
    // The phone's narrow board is where a thin board is thinnest.
    for (const viewport of LONG ? VIEWPORTS : VIEWPORTS.slice(1)) {
      await pg.page.setViewportSize(viewport);
      for (const [w, h] of sizes) {
        const from = pg.problems.length;
        await pg.open(`#/${page}?board=${w}x${h}`);
        // Long enough for the board to be drawn and the first answer to arrive.
        await pg.page.waitForTimeout(300);
        await expectAlive(`${page} ${w}x${h} at ${viewport.width} px`, from);
      }
    }
    await pg.page.setViewportSize(VIEWPORTS[0]);
  });

  it.each(PAGES)('$page: sides typed key by key, at 1280 px (and on a phone in test:long)', async ({ page, max }) => {
    // Each typed side passes through its prefixes (100: 1, 10, 100) with the other side as it stands.
    const typed = [
      ['100', '100'],
      ['1', String(max)],
      [String(max), '1'],
    ];
    for (const viewport of LONG ? VIEWPORTS : VIEWPORTS.slice(0, 1)) {
      await pg.page.setViewportSize(viewport);
      await pg.open(`#/${page}`);
      for (const [w, h] of typed) {
        const from = pg.problems.length;
        for (const [label, text] of [
          ['Width', w],
          ['Height', h],
        ]) {
          const field = pg.page.getByLabel(label, { exact: true }).first();
          await field.fill('');
          await field.pressSequentially(text, { delay: 30 });
        }
        await pg.page.waitForTimeout(300);
        await expectAlive(`${page}: typed ${w} × ${h} at ${viewport.width} px`, from);
      }
    }
    await pg.page.setViewportSize(VIEWPORTS[0]);
  });
});
