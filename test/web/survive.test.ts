// Every page survives any sequence of its own controls (issue 15): fast-check drives random clicks on squares,
// buttons and links, sizes (DOM boards, canvas boards and back, invalid entries), drop-downs, checkboxes, text
// fields, sliders, keys and hash links with random valid and invalid params, in real Chromium; then no page or
// console error, exactly one page title, and the page still answers a control. Controls are found by role and
// selector at run time, so the test follows the pages as they change. Seeded: a failure prints the seed and the
// action list to replay (SURVIVE_SEED=<seed>; SURVIVE_RUNS and SURVIVE_SHRINK=1 for more runs and a shrunk list).
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';
import { runs } from '../long.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/survive.test.ts');
// 1 run of 10–14 actions a page keeps the file near a quarter of a minute beside the other tests (sizes.test.ts
// walks the board sizes; 10 runs in `npm run test:long`); SURVIVE_RUNS=30 for a soak.
const RUNS = Number(process.env.SURVIVE_RUNS ?? runs(1, 10));
const SEED = process.env.SURVIVE_SEED === undefined ? 15 : Number(process.env.SURVIVE_SEED);
const SHRINK = process.env.SURVIVE_SHRINK === '1';
const DEBUG = process.env.SURVIVE_DEBUG === '1';

/** The pages, by hash route; '' is the home page. */
const PAGES = ['', 'moves', 'tours', 'walk', 'valley', 'fleet'];

/** Control kinds, each a CSS selector within main, resolved to the visible, enabled ones at run time. */
const KINDS = {
  button: 'main button',
  square: 'main [data-square], main canvas',
  link: 'main a[href^="#"]',
  header: 'header a[href^="#"]',
  select: 'main select',
  check: 'main input[type="checkbox"], main input[type="radio"]',
  number: 'main input[type="number"]',
  text: 'main input[type="text"], main input:not([type]), main textarea',
  range: 'main input[type="range"]',
} as const;
type Kind = keyof typeof KINDS;

/** Sides: DOM boards, canvas boards (over 32) and back, and entries the fields must refuse. */
const SIDES = ['1', '3', '5', '8', '8', '10', '12', '20', '32', '33', '40', '64', '', '0', '-3', '2.5', '1000', '1e3'];
const TEXTS = [
  'knight',
  'camel',
  'king',
  '1,3',
  'knight+king',
  'rook',
  'nightrider-ish',
  '',
  'a1',
  'd4',
  '10',
  '1e9',
  'x',
  '-1',
  '#./##',
  '3 3 2',
];
const VALUES = [
  '8x8',
  '1x1',
  '3x3',
  '5x5',
  '12x12',
  '33x33',
  '64x64',
  '0x5',
  '8x',
  'abc',
  'knight',
  'camel',
  'zz',
  '0',
  '10',
  '1e9',
  '-1',
  'a1',
  'd4',
  'z99',
  '',
  'classic',
  '%zz',
];
const PARAMS = ['board', 'piece', 'n', 'from', 'size', 'start', 'fleet', 'touch', 'variant', 'first', 'mode', 'x'];
const KEYS = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Enter',
  ' ',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Tab',
  'Escape',
];

type Action =
  | { do: 'press'; kind: Kind; pick: number; at: [number, number] }
  | { do: 'fill'; kind: 'number' | 'text'; pick: number; value: string }
  | { do: 'choose'; pick: number; option: number }
  | { do: 'slide'; pick: number; at: number }
  | { do: 'key'; key: string }
  | { do: 'hash'; page: string; set: [string, string][] };

const pick = fc.nat(1000);
/** A spot across a control, 0..1 (evenly: fc.double leans to tiny values). */
const unit = fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      do: fc.constant('press' as const),
      kind: fc.constantFrom<Kind>('square', 'square', 'button', 'check', 'link'),
      pick,
      at: fc.tuple(unit, unit),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('fill' as const),
      kind: fc.constant('number' as const),
      pick,
      value: fc.constantFrom(...SIDES),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('fill' as const),
      kind: fc.constant('text' as const),
      pick,
      value: fc.constantFrom(...TEXTS),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ do: fc.constant('choose' as const), pick, option: pick }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('slide' as const), pick, at: unit }), weight: 1 },
  { arbitrary: fc.record({ do: fc.constant('key' as const), key: fc.constantFrom(...KEYS) }), weight: 1 },
  {
    arbitrary: fc.record({
      do: fc.constant('hash' as const),
      page: fc.constantFrom(...PAGES, 'nowhere'),
      set: fc.array(fc.tuple(fc.constantFrom(...PARAMS), fc.constantFrom(...VALUES)), { maxLength: 3 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      do: fc.constant('press' as const),
      kind: fc.constant<Kind>('header'),
      pick,
      at: fc.constant<[number, number]>([0.5, 0.5]),
    }),
    weight: 1,
  },
);

/** Lets the page render what the last action changed: two animation frames and a turn of its event loop. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))),
  );
}

/** Marks the `pick`-th (mod their number) visible, enabled control of a kind; false when there is none. */
async function mark(page: Page, selector: string, n: number): Promise<boolean> {
  return page.evaluate(
    ([sel, n]) => {
      for (const e of Array.from(document.querySelectorAll('[data-survive]'))) e.removeAttribute('data-survive');
      const all = Array.from(document.querySelectorAll<HTMLElement>(sel)).filter(
        (e) => e.getClientRects().length > 0 && !(e as HTMLInputElement).disabled,
      );
      if (all.length === 0) return false;
      all[n % all.length].setAttribute('data-survive', '');
      return true;
    },
    [selector, n] as const,
  );
}

/**
 * Does one action; what the page refuses (nothing to click, an element gone, a value a field cannot take) is skipped.
 */
async function perform(page: Page, a: Action): Promise<string> {
  const target = page.locator('[data-survive]').first();
  // Forced: a person's click lands on whatever is at that spot; no waiting for the element to settle.
  const quick = { timeout: 500, force: true };
  try {
    if (a.do === 'press') {
      if (!(await mark(page, KINDS[a.kind], a.pick))) return 'none';
      const box = await target.boundingBox();
      const position = box
        ? {
            x: Math.max(1, Math.min(box.width - 1, a.at[0] * box.width)),
            y: Math.max(1, Math.min(box.height - 1, a.at[1] * box.height)),
          }
        : undefined;
      await target.click({ ...quick, position });
    } else if (a.do === 'fill') {
      if (!(await mark(page, KINDS[a.kind], a.pick))) return 'none';
      await target.fill(a.value, quick);
    } else if (a.do === 'choose') {
      if (!(await mark(page, KINDS.select, a.pick))) return 'none';
      const options = await target
        .locator('option:not([disabled])')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      if (options.length > 0) await target.selectOption(options[a.option % options.length], { timeout: 500 });
    } else if (a.do === 'slide') {
      if (!(await mark(page, KINDS.range, a.pick))) return 'none';
      const value = await target.evaluate((e, at) => {
        const r = e as HTMLInputElement;
        const min = Number(r.min || 0),
          max = Number(r.max || 100),
          step = Number(r.step || 1) || 1;
        return String(min + Math.round(((max - min) * at) / step) * step);
      }, a.at);
      await target.fill(value, quick);
    } else if (a.do === 'key') {
      await page.keyboard.press(a.key);
    } else {
      const hash = await page.evaluate(
        ([p, set]) => {
          const [, query = ''] = location.hash.split('?');
          const params = new URLSearchParams(query);
          for (const [k, v] of set) params.set(k, v);
          const q = params.toString();
          return `#/${p}${q ? `?${q}` : ''}`;
        },
        [a.page, a.set] as const,
      );
      await page.evaluate((h) => (location.hash = h), hash);
    }
  } catch (e) {
    // A control that went away or refuses the entry between finding it and acting on it: not the page's fault.
    const m = (e as Error).message;
    if (
      !/Timeout|not attached|detached|Malformed value|Cannot type|not an? (input|select)|Element is not|intercepts pointer|outside of the viewport|Target closed/i.test(
        m,
      )
    )
      throw e;
    await settle(page);
    return 'refused';
  }
  await settle(page);
  return 'done';
}

/** What the page shows: its address and the text and state of main (changes when the page answers). */
function snapshot(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const values = Array.from(document.querySelectorAll<HTMLInputElement>('main input, main select'))
      .map((e) => `${e.value}:${e.checked}`)
      .join(',');
    return `${location.hash}|${main?.innerHTML.length}|${main?.textContent}|${values}`;
  });
}

/** Changes one control of the page the sequence ended on and says whether the page answered within 10 s. */
async function answers(page: Page): Promise<string | null> {
  const before = await snapshot(page);
  const tried: string[] = [];
  const attempt = async (kind: Kind, act: () => Promise<void>): Promise<boolean> => {
    if (!(await mark(page, KINDS[kind], 0))) return false;
    tried.push(kind);
    await act();
    for (let i = 0; i < 100; i++) {
      if ((await snapshot(page)) !== before) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  const target = page.locator('[data-survive]').first();
  const ok =
    (await attempt('select', async () => {
      const cur = await target.inputValue();
      const options = await target
        .locator('option:not([disabled])')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      const other = options.find((o) => o !== cur);
      if (other !== undefined) await target.selectOption(other);
    })) ||
    (await attempt('number', async () => target.fill((await target.inputValue()) === '6' ? '7' : '6'))) ||
    (await attempt('check', () => target.click())) ||
    (await attempt('link', () => target.click()));
  return ok ? null : `the page did not answer a change (tried ${tried.join(', ') || 'nothing: no control found'})`;
}

describe.skipIf(skip)('every page survives any sequence of its own controls', () => {
  const pg = usePlaygroundPage(async (p) =>
    p
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'])
      .catch(() => undefined),
  );
  const { problems } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });

  PAGES.forEach((id, i) => {
    const seed = SEED + i;
    it(`${id || 'home'} (seed ${seed}, ${RUNS} runs)`, { timeout: 20 * 60_000 }, async () => {
      await pg.open(`#/${id}`);
      let run = 0;
      const property = fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 14 }), async (actions) => {
        run++;
        problems.length = 0;
        // Each run starts on the page afresh, as a link to it would (the app stays loaded).
        await page.evaluate(() => (location.hash = '#/survive-reset'));
        await page.evaluate((h) => (location.hash = h), `#/${id}`);
        await page
          .waitForFunction(
            () => document.querySelectorAll('h1').length === 1 && !document.querySelector('main .loading'),
            null,
            { timeout: 30_000 },
          )
          .catch(async (e: unknown) => {
            throw new Error(
              `run ${run} of page ${id || 'home'}: the page did not open afresh (${String(e)}); it shows: ${(await page.locator('main').innerHTML()).slice(0, 400)}; problems: ${problems.join(' | ')}`,
            );
          });
        for (const a of actions) {
          const t = Date.now();
          const how = await perform(page, a);
          if (DEBUG) console.log(`${Date.now() - t} ms ${how} ${JSON.stringify(a)} -> ${new URL(page.url()).hash}`);
        }
        await page.waitForTimeout(200);
        await settle(page);
        const failures: string[] = [];
        if (problems.length > 0) failures.push(...problems);
        // One page title (a page still loading its chunk has none for a moment).
        const titles = await page
          .waitForFunction(() => document.querySelectorAll('h1').length === 1, null, { timeout: 10_000 })
          .then(() => 1)
          .catch(() => page.locator('h1').count());
        if (titles !== 1)
          failures.push(`${titles} page titles on screen: ${(await page.locator('h1').allTextContents()).join(' | ')}`);
        if (failures.length === 0) {
          const stuck = await answers(page);
          if (stuck) failures.push(stuck);
          failures.push(...problems);
        }
        if (failures.length > 0) {
          throw new Error(
            `run ${run} of page ${id || 'home'} (seed ${seed}) ended on ${new URL(page.url()).hash}:\n  ${failures.join('\n  ')}\nactions: ${JSON.stringify(actions)}`,
          );
        }
      });
      await fc.assert(property, { numRuns: RUNS, seed, endOnFailure: !SHRINK, verbose: true });
      expect(problems).toEqual([]);
    });
  });
});
