// One short task on every page of the playground, each checked by what it computes: for the tests that ask whether a
// build works whole (offline, after an update).
import { expect } from 'vitest';
import type { PlaygroundPage } from './fixture.js';

const WAIT = { timeout: 20_000 };

/** Opens every page and has it compute: a knight's targets, a closed tour, a walk's chance, a move, a fleet. */
export async function everyPageComputes(pg: PlaygroundPage): Promise<void> {
  const page = pg.page;
  await pg.open('#/moves?board=8x8&piece=knight&at=d4');
  await expect.poll(() => page.locator('#target-count').textContent(), WAIT).toBe('8');

  await pg.open('#/tours?board=6x6&closed=1');
  await page.waitForSelector('#tour-answer[data-exists="true"]', WAIT);
  const path = (await page.locator('svg.path-overlay').getAttribute('data-path'))!.split(/[\s,]+/);
  expect(new Set(path.filter((s) => s !== '')).size).toBe(36);

  await pg.open('#/walk?board=8x8&piece=knight&n=10');
  await page.locator('.board[aria-label^="Survival"] [data-square="a1"]').hover();
  await expect.poll(() => page.locator('#walk-exact').first().textContent(), WAIT).toBe('4669663/268435456');

  await pg.open('#/valley?white=ai1&black=human');
  await expect.poll(() => page.locator('#valley-moves [data-move]').count(), WAIT).toBeGreaterThan(0);

  await pg.open('#/fleet?board=10x10&fleet=classic&method=rails&seed=7');
  await page.getByRole('button', { name: 'Place', exact: true }).click();
  await page.waitForSelector('#fleet-check[data-valid="true"]', WAIT);
}
