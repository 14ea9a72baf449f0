// Ctrl-C during the valley commands' long work: each reports what it finished, then exits 130 within half a second
// of the signal (the work is already running: the test waits for its first progress line, not a fixed time).
import { describe, expect, it } from 'vitest';
import { interruptAfterProgress as interrupt } from './interrupt.js';

/** A progress line after a game was finished (the second line, about 2 s in): the tally then has games to keep. */
const GAMES_PLAYED = /\b[1-9][0-9,]* games /;

describe('Ctrl-C in gridbits valley', () => {
  it('perft (in a worker thread) prints the leaves counted so far, marked partial', async () => {
    const r = await interrupt(['valley', 'perft', '10']);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stdout).toMatch(
      /perft 10: at least [0-9,]+ nodes, a partial count \(the leaves counted; stopped by Ctrl-C\)/,
    );
    const nine = await interrupt(['valley', 'perft', '9']);
    expect(nine.code).toBe(130);
    expect(nine.stdout).toMatch(
      /perft 9: at least [0-9,]+ nodes, a partial count \(the leaves counted; stopped by Ctrl-C\)/,
    );
    const j = await interrupt([
      'valley',
      'perft',
      '6',
      '--divide',
      '--position',
      'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0',
      '--variant',
      'labyrinth',
      '--json',
    ]);
    expect(j.code).toBe(130);
    expect(j.exitMs).toBeLessThan(500);
    const doc = JSON.parse(j.stdout) as {
      nodes: number;
      complete: boolean;
      stopped: string;
      divide: Record<string, number>;
    };
    expect(doc).toMatchObject({ complete: false, stopped: 'interrupted', lowerBound: true });
    expect(Object.values(doc.divide).reduce((a, b) => a + b, 0)).toBe(doc.nodes);
  });

  it('best prints the move of the deepest finished iteration', async () => {
    const r = await interrupt(['valley', 'best', '--variant', 'labyrinth', '--depth', '40']);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stdout).toMatch(/^best move: [a-g][1-7][a-g][1-7] .*\(interrupted: the deepest finished iteration\)/m);
  });

  it('match tallies the games it finished', async () => {
    const r = await interrupt(['valley', 'match', '--games', '1000', '--white', 'ai', '--black', 'greedy', '--json']);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    const t = JSON.parse(r.stdout) as Record<string, number | boolean | string>;
    expect(t).toMatchObject({ complete: false, stopped: 'interrupted', gamesAsked: 1000 });
    expect(t.games as number).toBeLessThan(1000);
    expect((t.white as number) + (t.black as number) + (t.draws as number)).toBe(t.games);
    const text = await interrupt(['valley', 'match', '--games', '1000', '--white', 'ai', '--black', 'greedy']);
    expect(text.code).toBe(130);
    expect(text.stdout).toMatch(/^stopped by Ctrl-C after [0-9,]+ games? of 1,000: the tally of the games finished$/m);
  });

  it('match with slow players stops inside a move: the finished games are tallied (text and JSON)', async () => {
    // ai:6 thinks up to 1 s a move, and so does plain ai with --time 1s: the signal comes while one thinks.
    for (const players of [
      ['--white', 'ai:6', '--black', 'random'],
      ['--white', 'ai', '--black', 'random', '--time', '1s'],
    ]) {
      const args = ['valley', 'match', '--games', '1000', ...players];
      const j = await interrupt([...args, '--json'], { ready: GAMES_PLAYED });
      expect(j.code, j.stderr).toBe(130);
      expect(j.exitMs).toBeLessThan(500);
      const t = JSON.parse(j.stdout) as {
        games: number;
        white: number;
        black: number;
        draws: number;
        a: { wins: number };
        b: { wins: number };
      };
      expect(t).toMatchObject({ complete: false, stopped: 'interrupted', gamesAsked: 1000 });
      expect(t.games).toBeGreaterThan(0);
      expect(t.games).toBeLessThan(1000);
      expect(t.white + t.black + t.draws).toBe(t.games);
      expect(t.a.wins + t.b.wins + t.draws).toBe(t.games);
      const text = await interrupt(args, { ready: GAMES_PLAYED });
      expect(text.code, text.stderr).toBe(130);
      expect(text.exitMs).toBeLessThan(500);
      const played = /^stopped by Ctrl-C after ([0-9,]+) games? of 1,000: the tally of the games finished$/m.exec(
        text.stdout,
      );
      expect(played, text.stdout).not.toBeNull();
      expect(Number(played![1].replace(/,/g, ''))).toBeGreaterThan(0);
      expect(text.stdout).toMatch(/^ai(:6|@1000ms) \(White\) vs random \(Black\), [0-9,]+ games?, seed [0-9]+$/m);
      expect(text.stdout).toMatch(/^ai(:6|@1000ms) won [0-9,]+, random won [0-9,]+, draws [0-9,]+/m);
    }
  });

  it('solve says unknown with what it proved', async () => {
    const r = await interrupt(['valley', 'solve', '--all-moves', '--table', '16']);
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(500);
    expect(r.stdout).toMatch(
      /unknown: interrupted before an answer; it was still asking whether White can force a win|\(stopped by Ctrl-C before the rest was settled\)/,
    );
    const j = await interrupt(['valley', 'solve', '--all-moves', '--table', '16', '--json']);
    expect(j.code).toBe(130);
    expect(JSON.parse(j.stdout)).toMatchObject({
      stopped: 'interrupted',
      exhausted: false,
      position: 'sskss/5/5/5/SSKSS w 0',
    });
  });
});
