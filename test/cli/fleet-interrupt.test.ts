// Ctrl-C on the fleet commands: sim, count (unsplit, and in shards with a checkpoint), sampled heat and place
// report what they finished and exit 130 within half a second (run alone: see vitest.config.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { interruptAfterProgress, type Interrupted } from './interrupt.js';
import { gridbitsJson } from './run.js';

const SMALL = ['--ship', '3', '--ship', '2', '--ship', '2', '--touch', 'any'];

const interrupt = (args: string[], ready: RegExp, afterMs = 0): Promise<Interrupted> =>
  interruptAfterProgress(args, { ready, afterMs });

/**
 * Half a second after the first progress line about games or layouts: the first ones are done by then (a second
 * line would come only after 2 s, the progress interval into a pipe).
 */
const UNDER_WAY = (unit: string): [RegExp, number] => [new RegExp(unit), 500];

const dir = mkdtempSync(join(tmpdir(), 'gridbits-fleet-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ShardJson {
  count: string | null;
  shards: number;
  shardsDone: number;
  checkpoint?: string;
  resumed?: number;
  stopped?: string;
}

describe('fleet: Ctrl-C', () => {
  it('sim reports the games it finished, then exits 130 within half a second', async () => {
    const r = await interrupt(
      ['fleet', 'sim', '5x5', ...SMALL, '--games', '100000000', '--json'],
      ...UNDER_WAY('games'),
    );
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    const j = JSON.parse(r.stdout) as {
      games: number;
      stopped: string;
      gamesRequested: number;
      histogram: Record<string, number>;
    };
    expect(j.stopped).toBe('interrupted');
    expect(j.gamesRequested).toBe(100_000_000);
    expect(j.games).toBeGreaterThan(0);
    expect(Object.values(j.histogram).reduce((a, b) => a + b, 0)).toBe(j.games);
    const t = await interrupt(['fleet', 'sim', '5x5', ...SMALL, '--games', '100000000'], ...UNDER_WAY('games'));
    expect(t.code).toBe(130);
    expect(t.stdout).toMatch(/stopped by Ctrl-C after [\d,]+ of the 100,000,000 games asked for/);
    expect(t.stdout).toMatch(/mean [0-9.]+, median/);
  });

  it('count says how far it had come, then exits 130 within half a second', async () => {
    const r = await interrupt(['fleet', 'count', '10x10', '--fleet', 'german'], /fleet count/);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stdout).toMatch(
      /^stopped by Ctrl-C: the count of ships of length 5, 4, 4, .* on 10x10 had come to .*; no total yet$/m,
    );
    // On a board whose first step is long (it runs in a worker), too.
    const big = await interrupt(['fleet', 'count', '200x200', '--fleet', '2', '--json'], /fleet count/);
    expect(big.code).toBe(130);
    expect(big.exitMs).toBeLessThan(500);
    expect(JSON.parse(big.stdout)).toMatchObject({
      count: null,
      stopped: 'interrupted',
      board: { width: 200, height: 200 },
    });
  });

  it('sampled heat prints the map of the layouts drawn so far; place --samples the layouts drawn', async () => {
    const h = await interrupt(
      ['fleet', 'heat', '--method', 'sampled', '--samples', '10000000'],
      ...UNDER_WAY('layouts'),
    );
    expect(h.code).toBe(130);
    expect(h.exitMs).toBeLessThan(500);
    expect(h.stdout).toMatch(/stopped by Ctrl-C after [\d,]+ of the 10,000,000 layouts asked for/);
    expect(h.stdout).toMatch(/^ 1 /m);
    const p = await interrupt(['fleet', 'place', '--samples', '1000000', '--seed', '1'], ...UNDER_WAY('layouts'));
    expect(p.code).toBe(130);
    expect(p.exitMs).toBeLessThan(500);
    expect(p.stdout).toMatch(/stopped by Ctrl-C after [\d,]+ of the 1,000,000 layouts asked for/);
    // What it printed is read back, layout by layout.
    const back = gridbitsJson<{ valid: boolean; layouts: unknown[] }>(['fleet', 'check', '-'], p.stdout);
    expect(back.valid).toBe(true);
    expect(back.layouts.length).toBeGreaterThan(0);
  });
});

describe('fleet count in shards: Ctrl-C', () => {
  it('Ctrl-C saves the shards counted; the same command goes on to the same count', async () => {
    const file = join(dir, 'count.ckpt');
    const args = ['fleet', 'count', '10x10', '--fleet', 'classic', '--checkpoint', file, '--json'];
    const r = await interruptAfterProgress(args, { afterMs: 300 });
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    const stopped = JSON.parse(r.stdout) as ShardJson;
    expect(stopped).toMatchObject({ count: null, stopped: 'interrupted', checkpoint: file });
    expect(stopped.shardsDone).toBeLessThan(stopped.shards);
    expect(existsSync(file)).toBe(true);
    const again = gridbitsJson<ShardJson>(args);
    expect(again).toMatchObject({ count: '1855545978831780', resumed: stopped.shardsDone, shardsDone: again.shards });
    expect(existsSync(file)).toBe(false);
  }, 120_000);
});
