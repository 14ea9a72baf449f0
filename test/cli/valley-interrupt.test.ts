// Ctrl-C during the valley commands' long work: each reports what it finished, then exits 130 within half a second
// of the signal (the work is already running: the test waits for its first progress line, not a fixed time).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

interface Interrupted {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From the signal to the exit. */
  ms: number;
}

/** Runs the CLI with --progress, sends SIGINT once its first progress line is out, and waits for the exit. */
function interrupt(args: string[]): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args, '--progress'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '', stderr = '', killedAt = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (killedAt === 0 && stderr.includes('\n')) {
        killedAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (killedAt === 0) reject(new Error(`ended before any progress: exit ${code}\n${stderr}\n${stdout}`));
      else resolve({ code, stdout, stderr, ms: performance.now() - killedAt });
    });
  });
}

describe('Ctrl-C in gridbits valley', () => {
  it('perft (in a worker thread) prints the leaves counted so far, marked partial', async () => {
    const r = await interrupt(['valley', 'perft', '10']);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(500);
    expect(r.stdout).toMatch(/perft 10: at least [0-9,]+ nodes, a partial count \(the leaves counted; stopped by Ctrl-C\)/);
    const nine = await interrupt(['valley', 'perft', '9']);
    expect(nine.code).toBe(130);
    expect(nine.stdout).toMatch(/perft 9: at least [0-9,]+ nodes, a partial count \(the leaves counted; stopped by Ctrl-C\)/);
    const j = await interrupt(['valley', 'perft', '6', '--divide', '--position', 'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0', '--variant', 'labyrinth', '--json']);
    expect(j.code).toBe(130);
    expect(j.ms).toBeLessThan(500);
    const doc = JSON.parse(j.stdout) as { nodes: number; complete: boolean; stopped: string; divide: Record<string, number> };
    expect(doc).toMatchObject({ complete: false, stopped: 'signal', lowerBound: true });
    expect(Object.values(doc.divide).reduce((a, b) => a + b, 0)).toBe(doc.nodes);
  });

  it('best prints the move of the deepest finished iteration', async () => {
    const r = await interrupt(['valley', 'best', '--variant', 'labyrinth', '--depth', '40']);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(500);
    expect(r.stdout).toMatch(/^best move: [a-g][1-7][a-g][1-7] .*\(interrupted: the deepest finished iteration\)/m);
  });

  it('match tallies the games it finished', async () => {
    const r = await interrupt(['valley', 'match', '--games', '1000', '--white', 'ai', '--black', 'greedy', '--json']);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(500);
    const t = JSON.parse(r.stdout) as Record<string, number | boolean | string>;
    expect(t).toMatchObject({ complete: false, stopped: 'signal', gamesAsked: 1000 });
    expect(t.games as number).toBeLessThan(1000);
    expect((t.white as number) + (t.black as number) + (t.draws as number)).toBe(t.games);
    const text = await interrupt(['valley', 'match', '--games', '1000', '--white', 'ai', '--black', 'greedy']);
    expect(text.code).toBe(130);
    expect(text.stdout).toMatch(/^stopped by Ctrl-C after [0-9,]+ games? of 1,000: the tally of the games finished$/m);
  });

  it('match with slow players (in a worker thread) still ends within half a second', async () => {
    const r = await interrupt(['valley', 'match', '--games', '10', '--white', 'ai:6', '--black', 'ai:6']);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(500);
    expect(r.stdout).toMatch(/interrupted/);
  });

  it('solve says unknown with what it proved', async () => {
    const r = await interrupt(['valley', 'solve', '--all-moves', '--table', '16']);
    expect(r.code).toBe(130);
    expect(r.ms).toBeLessThan(500);
    expect(r.stdout).toMatch(/unknown: interrupted before an answer; it was still asking whether White can force a win|\(stopped by Ctrl-C before the rest was settled\)/);
    const j = await interrupt(['valley', 'solve', '--all-moves', '--table', '16', '--json']);
    expect(j.code).toBe(130);
    expect(JSON.parse(j.stdout)).toMatchObject({ stopped: 'signal', exhausted: false, position: 'sskss/5/5/5/SSKSS w 0' });
  });
});
