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
