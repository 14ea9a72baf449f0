// A whole Sea Battle game in Debian's Chromium: the test fires (the squares in order), the page's computer
// answers; every shot, the water marks a sunk ship implies, the ships-remaining lists and the log are checked
// after the game by rules written here (the layouts read off the boards at the end, where both fleets show);
// then the loss shown as a loss, marks readable at 390 px, sunk cells alike with the odds shown, and Rematch.
// Math.random is seeded on the page so the game is the same every run.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePlaygroundPage } from './fixture.js';
import { CHROMIUM, skipWithout } from '../service.js';

const skip = skipWithout(CHROMIUM, 'the browser tests of test/web/fleet-game.test.ts');

const WAIT = { timeout: 30_000 };
const W = 10,
  H = 10;
const FILES = 'abcdefghij';

/** Square name ↔ index (rank * W + file), written here rather than taken from the engine. */
const nameOf = (s: number): string => FILES[s % W] + String(Math.floor(s / W) + 1);
const indexOf = (n: string): number => FILES.indexOf(n[0]) + (Number(n.slice(1)) - 1) * W;

/** The 8 neighbours on the board: the classic fleet's ships may not touch, not even at corners. */
function around(cells: number[]): Set<number> {
  const out = new Set<number>();
  for (const c of cells) {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const x = (c % W) + dx,
          y = Math.floor(c / W) + dy;
        if (x >= 0 && y >= 0 && x < W && y < H && !cells.includes(y * W + x)) out.add(y * W + x);
      }
    }
  }
  return out;
}

/** Edge-joined groups of cells (the classic rule keeps ships apart, so each is one ship). */
function ships(cells: number[]): number[][] {
  const left = new Set(cells),
    out: number[][] = [];
  for (const c of cells) {
    if (!left.delete(c)) continue;
    const ship = [c];
    for (let i = 0; i < ship.length; i++) {
      const x = ship[i] % W,
        y = Math.floor(ship[i] / W);
      for (const [nx, ny] of [
        [x + 1, y],
        [x - 1, y],
        [x, y + 1],
        [x, y - 1],
      ]) {
        if (nx >= 0 && ny >= 0 && nx < W && ny < H && left.delete(ny * W + nx)) ship.push(ny * W + nx);
      }
    }
    out.push(ship.sort((a, b) => a - b));
  }
  return out;
}

/** The classic fleet: straight ships 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, none touching. */
function judgeClassic(fleet: number[][]): string[] {
  const errors: string[] = [];
  const sizes = fleet
    .map((s) => s.length)
    .sort((a, b) => b - a)
    .join(',');
  if (sizes !== '4,3,3,2,2,2,1,1,1,1') errors.push(`sizes ${sizes}`);
  for (const s of fleet)
    if (!s.every((c) => c % W === s[0] % W) && !s.every((c) => Math.floor(c / W) === Math.floor(s[0] / W)))
      errors.push(`bent ship ${s.map(nameOf)}`);
  fleet.forEach((a, i) =>
    fleet.forEach((b, j) => j > i && b.some((c) => around(a).has(c)) && errors.push(`ships ${i} and ${j} touch`)),
  );
  return errors;
}

interface Snapshot {
  target: string[];
  own: string[];
  theirsAfloat: number;
  mineAfloat: number;
  theirsSunk: number[];
  mineSunk: number[];
  log: string[];
}

/** Replays shots against a layout by the rules: miss, hit, or sunk when the ship's last cell is hit. */
function replay(layout: number[][], shots: number[]): { replies: string[]; sunk: number[][][] } {
  const hit = new Set<number>();
  const sunkNow: number[][] = [];
  const replies: string[] = [],
    sunk: number[][][] = [];
  for (const s of shots) {
    hit.add(s);
    const ship = layout.find((sh) => sh.includes(s));
    if (!ship) replies.push('miss');
    else if (ship.every((c) => hit.has(c))) {
      replies.push('sunk');
      sunkNow.push(ship);
    } else replies.push('hit');
    sunk.push([...sunkNow]);
  }
  return { replies, sunk };
}

/** What a label says of the shot record: its last words. */
function markOf(label: string): string {
  const m = /, (not shot|miss|hit|sunk|water next to a sunk ship)(, |$)/.exec(label);
  return m ? m[1] : '?';
}

describe.skipIf(skip)('a Sea Battle game in Chromium, checked by the rules', () => {
  const pg = usePlaygroundPage((page) =>
    page.addInitScript(() => {
      // A seeded Math.random (mulberry32): the computer's fleet and aim are the same every run.
      let a = 20240515;
      Math.random = () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    }),
  );
  const { problems, open } = pg;
  let page: Page;
  beforeAll(() => {
    ({ page } = pg);
  });

  const snapshot = (): Promise<Snapshot> =>
    page.evaluate(() => {
      const labels = (sel: string) =>
        Array.from(document.querySelectorAll(`${sel} [data-square]`)).map((e) => e.getAttribute('aria-label')!);
      const roster = (side: string) => document.querySelector<HTMLElement>(`.fleet-roster[data-side="${side}"]`)!;
      const sunkList = (side: string) =>
        Array.from(roster(side).querySelectorAll('li')).map((li) => Number(li.dataset.sunk));
      return {
        target: labels('.target-board'),
        own: labels('.own-board'),
        theirsAfloat: Number(roster('theirs').dataset.afloat),
        mineAfloat: Number(roster('mine').dataset.afloat),
        theirsSunk: sunkList('theirs'),
        mineSunk: sunkList('mine'),
        log: Array.from(document.querySelectorAll('#fleet-log li')).map((li) => li.textContent!),
      };
    });
  /** Labels come in board order, top rank first; this is each square's label by index. */
  const byIndex = (labels: string[]): Map<number, string> => new Map(labels.map((l) => [indexOf(l.split(',')[0]), l]));

  it('plays a whole game: every reply, water mark, ships-remaining list and log line as the rules say; the loss shown as a loss; Rematch', async () => {
    await open('#/fleet?board=10x10&fleet=classic&play=1');
    await page.getByRole('button', { name: 'New game' }).click();
    const status = page.locator('#fleet-game-status');
    await expect.poll(async () => (await status.textContent()) ?? '', WAIT).toMatch(/^Your turn/);
    const target = (n: string) => page.locator(`.target-board [data-square="${n}"]`);
    const mine: number[] = [];
    const snaps: Snapshot[] = [];
    const first = byIndex((await snapshot()).own);
    const ownLayout = ships([...first].filter(([, l]) => /, your ship,/.test(l)).map(([s]) => s));
    expect(judgeClassic(ownLayout)).toEqual([]);
    // The odds shown for the first shots, then hidden: sunk cells must look the same either way.
    await page.getByLabel(/Show the odds/).check();
    for (let s = 0; s < W * H; s++) {
      if (await status.getAttribute('data-winner')) break;
      if (markOf((await target(nameOf(s)).getAttribute('aria-label'))!) !== 'not shot') continue;
      if (mine.length === 25) await page.getByLabel(/Show the odds/).uncheck();
      await target(nameOf(s)).click();
      mine.push(s);
      // The computer answers (unless your shot ended the game): its shots on your board catch up with yours.
      await expect
        .poll(async () => {
          const snap = await snapshot();
          const theirShots = snap.own.filter(
            (l) => markOf(l) !== 'not shot' && markOf(l) !== 'water next to a sunk ship',
          ).length;
          return (
            (await status.getAttribute('data-winner')) !== null ||
            (theirShots === mine.length && /^Your turn/.test((await status.textContent()) ?? ''))
          );
        }, WAIT)
        .toBe(true);
      snaps.push(await snapshot());
    }
    const winner = await status.getAttribute('data-winner');
    expect(winner).toMatch(/^(you|computer)$/);
    const last = snaps[snaps.length - 1];

    // Both fleets are shown at the end: the computer's is every cell hit, sunk, or marked as a ship never found.
    const finalTarget = byIndex(last.target);
    const theirLayout = ships(
      [...finalTarget].filter(([, l]) => /, (hit|sunk)(, |$)|a ship never found/.test(l)).map(([s]) => s),
    );
    expect(judgeClassic(theirLayout)).toEqual([]);

    // Your shots, replayed against their layout by the rules.
    const yours = replay(theirLayout, mine);
    // The computer's shots, in order: the cell ringed as its latest shot after each turn.
    const theirs: number[] = [];
    for (const snap of snaps) {
      const l = snap.own.find((x) => /the computer’s latest shot$/.test(x));
      if (l && (theirs.length === 0 || indexOf(l.split(',')[0]) !== theirs[theirs.length - 1]))
        theirs.push(indexOf(l.split(',')[0]));
    }
    const computer = replay(ownLayout, theirs);
    expect(theirs.length).toBe(winner === 'computer' ? mine.length : mine.length - 1);

    snaps.forEach((snap, i) => {
      const t = byIndex(snap.target),
        o = byIndex(snap.own);
      // Every shot so far shows its reply (a hit cell turns sunk once its ship sinks).
      mine.slice(0, i + 1).forEach((s, j) => {
        const sunkNow = yours.sunk[i].some((sh) => sh.includes(s));
        expect(markOf(t.get(s)!), `your shot ${j + 1} at ${nameOf(s)}, seen after shot ${i + 1}`).toBe(
          sunkNow ? 'sunk' : yours.replies[j] === 'sunk' ? 'sunk' : yours.replies[j],
        );
      });
      const n = theirs.length > i ? i + 1 : theirs.length;
      theirs.slice(0, n).forEach((s, j) => {
        const sunkNow = computer.sunk[n - 1].some((sh) => sh.includes(s));
        expect(markOf(o.get(s)!), `the computer's shot ${j + 1} at ${nameOf(s)}`).toBe(
          sunkNow ? 'sunk' : computer.replies[j],
        );
      });
      // Water marks: exactly the unshot neighbours of the ships sunk so far.
      const waterWanted = (sunk: number[][], shot: Set<number>) =>
        [...new Set(sunk.flatMap((sh) => [...around(sh)]))].filter((c) => !shot.has(c)).sort((a, b) => a - b);
      const waterShown = (m: Map<number, string>) =>
        [...m]
          .filter(([, l]) => markOf(l) === 'water next to a sunk ship')
          .map(([s]) => s)
          .sort((a, b) => a - b);
      expect(waterShown(t), `water on the computer's board after shot ${i + 1}`).toEqual(
        waterWanted(yours.sunk[i], new Set(mine.slice(0, i + 1))),
      );
      expect(waterShown(o), `water on your board after shot ${i + 1}`).toEqual(
        waterWanted(n > 0 ? computer.sunk[n - 1] : [], new Set(theirs.slice(0, n))),
      );
      // Ships remaining, by kind (4, 3, 2, 1 cells: the fleet's kinds in order).
      const sunkBySize = (sunk: number[][]) => [4, 3, 2, 1].map((len) => sunk.filter((sh) => sh.length === len).length);
      expect(snap.theirsSunk, `the computer's fleet after shot ${i + 1}`).toEqual(sunkBySize(yours.sunk[i]));
      expect(snap.theirsAfloat).toBe(10 - yours.sunk[i].length);
      expect(snap.mineSunk).toEqual(sunkBySize(n > 0 ? computer.sunk[n - 1] : []));
      expect(snap.mineAfloat).toBe(10 - (n > 0 ? computer.sunk[n - 1].length : 0));
      // The log names each shot's reply, the ship sunk by its size.
      const mineLine = snap.log.find((l) => l.startsWith('You fired at'))!;
      const sunkShip = yours.sunk[i].find((sh) => sh.includes(mine[i]));
      const len = sunkShip?.length;
      expect(mineLine).toBe(
        `You fired at ${nameOf(mine[i])}: ${yours.replies[i] === 'sunk' ? `sank ${len === 4 ? 'the' : 'a'} ${len}-cell ship` : yours.replies[i]}`,
      );
      expect(snap.log.join(' ')).not.toMatch(/sunk a [0-9]/);
    });

    // The end: a loss in red, a win in green; the outcome in words.
    const colour = await status.evaluate((e) => getComputedStyle(e).color);
    const [r, g] = colour.match(/[0-9]+/g)!.map(Number);
    if (winner === 'computer') {
      expect(await status.textContent()).toBe(
        `You lose: the computer sank your whole fleet in ${theirs.length} shots.`,
      );
      expect(r).toBeGreaterThan(g + 60);
    } else {
      expect(await status.textContent()).toBe(
        `You win: every ship of the computer’s fleet sunk in ${mine.length} shots.`,
      );
      expect(g).toBeGreaterThan(r + 60);
    }
    // Sunk cells look alike on both boards, whether or not the odds were shown when they were shot (once the last
    // sinking's flash is over).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const fills = await page
      .locator('.mark-sunk')
      .evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).fill))]);
    expect(fills).toHaveLength(1);
    // The computer's latest shot is ringed, and what it hit still shows inside the ring.
    expect(await page.locator('.own-board .mark-last').count()).toBe(1);

    // On a phone the miss marks are large enough to see.
    await page.setViewportSize({ width: 390, height: 844 });
    const miss = (await page.locator('.target-board .mark-miss').first().boundingBox())!;
    expect(miss.width).toBeGreaterThanOrEqual(8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Rematch: a fresh game with the same settings.
    await page.getByRole('button', { name: 'Rematch' }).click();
    await expect.poll(async () => (await status.textContent()) ?? '', WAIT).toMatch(/^Your turn/);
    const fresh = await snapshot();
    expect(fresh.target.every((l) => markOf(l) === 'not shot')).toBe(true);
    expect(fresh.theirsAfloat).toBe(10);
    expect(fresh.log).toEqual([]);
    expect(await page.locator('#fleet-rematch').count()).toBe(0);
  }, 600_000);

  it('logged no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
