import { describe, expect, it } from 'vitest';
import { refMoves, refParse } from '../valley/reference.js';
import { refWinsWithin } from '../valley/brute.js';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

interface Best {
  move: string | null;
  score: number;
  depth: number;
  nodes: number;
  pv: string[];
  winIn?: number;
  winInPlies?: number;
  winner?: string;
  result?: string;
}

describe('gridbits valley best', () => {
  it('answers with the contract fields and a legal move', () => {
    const j = gridbitsJson<Best>(['valley', 'best', '--depth', '3']);
    expect(Object.keys(j).slice(0, 5)).toEqual(['move', 'score', 'depth', 'nodes', 'pv']);
    expect(refMoves(refParse('sskss/5/5/5/SSKSS w 0'))).toContain(j.move);
    expect(j.depth).toBe(3);
    expect(j.pv[0]).toBe(j.move);
    expect(j.nodes).toBeGreaterThan(0);
  });

  it('finds a win in 1 and a forced win in 3, confirmed by brute force', () => {
    expect(gridbitsJson<Best>(['valley', 'best', '--position', 'k4/3s1/5/5/K3S w 4'])).toMatchObject({
      move: 'a1c3',
      score: 29999,
      winIn: 1,
      winInPlies: 1,
      winner: 'white',
    });
    const text = '1s1ss/5/1k2s/S2S1/2SKS b 19';
    const j = gridbitsBudget<Best>(['valley', 'best', '--position', text, '--depth', '6', '--max-nodes', '1000000']);
    expect(j).toMatchObject({ score: 29997, winIn: 2, winInPlies: 3, winner: 'black' });
    expect(refWinsWithin(refParse(text), false, 3)).toBe(true);
    expect(refWinsWithin(refParse(text), false, 1)).toBe(false);
    const text2 = gridbits(['valley', 'best', '--position', text, '--depth', '6']);
    expect(text2.stdout).toContain('Black wins in 2 moves (3 plies)');
  });

  it('says when the game is already over', () => {
    const j = gridbitsJson<Best>(['valley', 'best', '--position', 'ks3/ss3/5/5/4K b 5']);
    expect(j).toMatchObject({ move: null, result: 'white', pv: [], depth: 0 });
    expect(gridbits(['valley', 'best', '--position', 'ks3/ss3/5/5/4K b 5']).stdout).toContain(
      'the game is over, white has won',
    );
  });

  it('searches the other variants', () => {
    const lab = gridbitsJson<Best & { variant: string; position: string }>([
      'valley',
      'best',
      '--variant',
      'labyrinth',
      '--depth',
      '2',
    ]);
    expect(lab.variant).toBe('labyrinth');
    expect(lab.position).toBe('sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0');
    expect(lab.move).toMatch(/^[a-g][1-7][a-g][1-7]$/);
    expect(lab.move!.slice(0, 2)).not.toBe('d1'); // the first move is a soldier's
    const ret = gridbitsJson<Best & { position: string }>([
      'valley',
      'best',
      '--variant',
      'retrieve',
      '--first',
      'black',
      '--depth',
      '2',
    ]);
    expect(ret.position).toBe('ssKss/5/5/5/SSkSS b 0');
    expect(refMoves(refParse(ret.position))).toContain(ret.move);
  });

  it('turns mistakes into one line and exit 2', () => {
    expectUserError(gridbits(['valley', 'best', '--variant', 'hex']), /unknown King's Valley variant 'hex'/);
    expectUserError(gridbits(['valley', 'best', '--first', 'red']), /--first must be white or black/);
    expectUserError(gridbits(['valley', 'best', '--position', 'sskss/5/5/5/SSKS w 0']), /rank 1 has 4 squares/);
    expectUserError(gridbits(['valley', 'best', '--position', 'sskss/5/5/5/SSKSS x 0', '--json']), /side to move/);
    expectUserError(gridbits(['valley', 'best', '--time', 'soon']), /--time must be a duration like 250ms/);
    expectUserError(gridbits(['valley', 'best', '--depth', '0']), /--depth must be between 1 and 60/);
    expectUserError(gridbits(['valley', 'best', '--max-nodes', '-3']), /--max-nodes/);
    expectUserError(gridbits(['valley', 'best', 'now']), /unexpected argument 'now'/);
  });
});

describe('gridbits valley match', () => {
  it('plays games and prints wins, draws and losses', () => {
    const j = gridbitsBudget<Record<string, number | { player: string; wins: number }>>([
      'valley',
      'match',
      '--games',
      '4',
      '--white',
      'ai:2',
      '--black',
      'random',
      '--alternate',
      '--seed',
      '3',
    ]);
    expect(j.games).toBe(4);
    expect((j.white as number) + (j.black as number) + (j.draws as number)).toBe(4);
    expect(j.a).toMatchObject({ player: 'ai:2' });
    expect(j.b).toMatchObject({ player: 'random' });
    const t = gridbits(['valley', 'match', '--games', '2', '--white', 'random', '--black', 'greedy']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/random \(White\) vs greedy \(Black\), 2 games/);
  });

  it('rejects bad players and counts', () => {
    expectUserError(gridbits(['valley', 'match', '--games', '2', '--white', 'human']), /unknown player 'human'/);
    expectUserError(gridbits(['valley', 'match']), /give the number of games/);
    expectUserError(gridbits(['valley', 'match', '--games', '0']), /--games must be between 1/);
    expectUserError(gridbits(['valley', 'match', '--games', '1', '--black', 'ai:0']), /AI level must be 1 to 6/);
  });
});
