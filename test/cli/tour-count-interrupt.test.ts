// Ctrl-C on a long tour count: what it has, then exit 130 within half a second (run alone: see vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { interruptAfterProgress } from './interrupt.js';

describe('tour-count: Ctrl-C', () => {
  it('Ctrl-C stops a long count within half a second: it says what it has, then exit 130', async () => {
    // Once the count is under way (its first progress line), Ctrl-C. From a start square the whole board's
    // program counts (6x6 without one is counted by halves, as shards).
    const r = await interruptAfterProgress(['tour-count', '6x6', '--from', 'a1', '--json']);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout) as { complete: boolean; bound: string; stopped: string; reason: string };
    expect(j).toMatchObject({ complete: false, bound: 'none', stopped: 'interrupted', reason: 'interrupted' });
  });
});

describe('tour-count: counts this machine finishes run when asked', () => {
  it.each([
    // Joined across the middle as shards on every core (22 minutes here), and by halves past the minute (7x10
    // closed: 6 minutes): no budget needed; the progress line says it is a long count and what one took here.
    [
      ['tour-count', '8x8', '--closed', '--json'],
      /tour-count 8x8, a long count \(8x8 closed: \d+ min, [\d.]+ GB here\)/,
    ],
    [
      ['tour-count', '7x10', '--closed', '--json'],
      /tour-count 7x10, a long count \(7x10 closed: \d+ min, [\d.]+ GB here\)/,
    ],
  ])('%j runs without a budget, with progress and the time left; Ctrl-C stops it', async (args, label) => {
    const r = await interruptAfterProgress(args, { ready: / left/ });
    expect(r.stderr).toMatch(label);
    expect(r.code).toBe(130);
    const j = JSON.parse(r.stdout) as { complete: boolean; stopped: string };
    expect(j).toMatchObject({ complete: false, stopped: 'interrupted' });
  });
});
