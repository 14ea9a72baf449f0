// The Sea Battle page's weighted heat estimate (page-jobs.ts), for fleets whose uniform layouts rejection finds too
// slowly: on boards small enough to enumerate, its chances agree with the exact share of layouts covering each cell,
// counted here by a plain search over every layout that shares no code with the page or the sampler.
import { describe, expect, it } from 'vitest';
import { PAGE_JOBS } from '../../web/src/pages/fleet/page-jobs.js';
import { DEFAULT_STATE, specOf } from '../../web/src/pages/fleet/state.js';

/** Every layout of straight ships `sizes` on a w×h board, none touching (not even at corners): per cell, the covers. */
function exactCover(w: number, h: number, sizes: number[]): { layouts: number; cover: number[] } {
  const cover = new Array<number>(w * h).fill(0);
  const taken = new Array<number>(w * h).fill(0);
  let layouts = 0;
  const placements = (len: number): number[][] => {
    const out: number[][] = [];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (x + len <= w) out.push(Array.from({ length: len }, (_, i) => y * w + x + i));
        if (len > 1 && y + len <= h) out.push(Array.from({ length: len }, (_, i) => (y + i) * w + x));
      }
    return out;
  };
  const near = (c: number): number[] => {
    const out: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = (c % w) + dx,
          y = Math.floor(c / w) + dy;
        if (x >= 0 && y >= 0 && x < w && y < h) out.push(y * w + x);
      }
    return out;
  };
  const chosen: number[][] = [];
  // Ships of one length placed in increasing order of placement, so each layout is counted once.
  const go = (i: number, from: number): void => {
    if (i === sizes.length) {
      layouts++;
      for (const s of chosen) for (const c of s) cover[c]++;
      return;
    }
    const all = placements(sizes[i]);
    const start = i > 0 && sizes[i] === sizes[i - 1] ? from : 0;
    for (let p = start; p < all.length; p++) {
      if (all[p].some((c) => near(c).some((n) => taken[n]))) continue;
      for (const c of all[p]) taken[c] = 1;
      chosen.push(all[p]);
      go(i + 1, p + 1);
      chosen.pop();
      for (const c of all[p]) taken[c] = 0;
    }
  };
  go(0, 0);
  return { layouts, cover };
}

describe('the weighted heat estimate', () => {
  it('agrees with the exact share of layouts covering each cell (6×6, ships 3, 2, 2, 1)', () => {
    const spec = specOf({ ...DEFAULT_STATE, width: 6, height: 6, fleet: '3,2,2,1' });
    const { layouts, cover } = exactCover(6, 6, [3, 2, 2, 1]);
    expect(layouts).toBeGreaterThan(1000);
    const r = PAGE_JOBS['page.heatWeighted'](spec, 20_000, 7).runSync();
    expect(r.finished).toBe(true);
    const h = r.finished ? r.value : null;
    expect(h!.samples).toBe(20_000);
    expect(h!.effective).toBeGreaterThan(2000);
    // Within 4 standard errors of the effective sample size, cell by cell.
    cover.forEach((c, s) => {
      const p = c / layouts;
      const se = Math.sqrt((p * (1 - p)) / h!.effective);
      expect(Math.abs(h!.probability[s] - p), `cell ${s}`).toBeLessThan(4 * se + 0.005);
    });
  });
});
