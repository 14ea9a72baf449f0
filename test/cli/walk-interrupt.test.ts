// Ctrl-C on walk: the exact fraction, the distribution and a simulation stop within half a second, saying how
// far they got, exit 130 (run alone: see vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { interruptAfterProgress } from './interrupt.js';

describe('walk: Ctrl-C', () => {
  it('Ctrl-C during the exact fraction prints the float answer, says the fraction is unfinished, exit 130 within 0.5 s', async () => {
    // The signal once the exact fraction is under way (the float answer is printed before it starts).
    const r = await interruptAfterProgress(['walk', '100x100', '--from', 'a1', '--steps', '2000', '--exact'], {
      ready: /exact fraction/,
      afterMs: 100,
    });
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stdout).toContain('knight on 100x100 from a1, 2,000 moves: P(still on the board) = ');
    expect(r.stdout).toContain('exact: not finished (stopped by Ctrl-C)');
  });

  it('Ctrl-C during a distribution stops it within 0.5 s, saying how far it got, exit 130', async () => {
    const r = await interruptAfterProgress(
      ['walk', '100x100', '--from', 'a1', '--steps', '60000', '--distribution'],
      300,
    );
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stderr).toMatch(
      /walk: stopped by Ctrl-C after [0-9,]+ moves of 60,000, before the distribution was finished/,
    );
  });

  it('Ctrl-C during a simulation prints the walks simulated so far, exit 130 within 0.5 s', async () => {
    const r = await interruptAfterProgress(
      ['walk', '8x8', '--from', 'd4', '--steps', '10', '--simulate', '400000000', '--seed', '5', '--json'],
      500,
    );
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    const j = JSON.parse(r.stdout) as {
      probability: number;
      complete: boolean;
      unfinished: string[];
      simulation: { walks: number; survived: number; low: number; high: number; complete: boolean; asked: number };
    };
    expect(j).toMatchObject({
      complete: false,
      unfinished: ['simulation'],
      simulation: { complete: false, asked: 400_000_000 },
    });
    expect(j.simulation.walks).toBeGreaterThan(0);
    expect(j.simulation.walks).toBeLessThan(400_000_000);
    expect(j.simulation.survived).toBeLessThanOrEqual(j.simulation.walks);
  });
});
