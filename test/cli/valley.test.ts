import { describe, expect, it } from 'vitest';
import { refParse, refPerft } from '../valley/reference.js';
import { expectUserError, gridbits, gridbitsJson } from './run.js';

describe('gridbits valley', () => {
  it('prints the perft contract JSON from the start', () => {
    expect(gridbitsJson(['valley', 'perft', '4'])).toMatchObject({
      position: 'sskss/5/5/5/SSKSS w 0',
      depth: 4,
      nodes: 21708,
      board: { width: 5, height: 5 },
      complete: true,
    });
    expect(gridbitsJson(['valley', 'perft', '0'])).toMatchObject({ depth: 0, nodes: 1 });
  });

  it('takes a position and divides by first move', () => {
    const position = 's3k/1s3/1S3/s1K2/3sS w 9';
    const j = gridbitsJson<{ position: string; nodes: number; divide: Record<string, number> }>([
      'valley',
      'perft',
      '3',
      '--position',
      position,
      '--divide',
    ]);
    expect(j.position).toBe(position);
    expect(j.nodes).toBe(refPerft(refParse(position), 3));
    expect(Object.values(j.divide).reduce((a, b) => a + b, 0)).toBe(j.nodes);
    const text = gridbits(['valley', 'perft', '2', '--divide']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('a1a4: 11\na1d4: 10\nb1a2: 13\nb1b4: 10\nb1e4: 11\n');
    expect(text.stdout).toContain('perft 2: 110 nodes');
    expect(text.stdout).toContain('1 S S K S S');
  });

  it('says when the position is already over', () => {
    const r = gridbits(['valley', 'perft', '2', '--position', 'ks3/ss3/5/5/4K b 5']);
    expect(r.stdout).toContain('game over: white has won');
    expect(r.stdout).toContain('perft 2: 0 nodes');
  });

  it('has help and turns mistakes into one line and exit 2', () => {
    const h = gridbits(['valley', '--help']);
    expect(h.code).toBe(0);
    for (const sub of ['perft', 'best', 'match', 'solve', 'play'])
      expect(h.stdout).toMatch(new RegExp(`^  ${sub} `, 'm'));
    // Each subcommand has its own page: its usage and only its own flags.
    const perft = gridbits(['valley', 'perft', '--help']);
    expect(perft.stdout).toContain('Usage: gridbits valley perft <depth>');
    expect(perft.stdout).toContain('--divide');
    expect(perft.stdout).not.toContain('--games');
    expect(gridbits(['help', 'valley', 'perft']).stdout).toBe(perft.stdout);
    expectUserError(
      gridbits(['valley', 'perft', '1', '--position', 'sskss/5/5/5/SSKS w 0']),
      /rank 1 has 4 squares, not 5/,
    );
    expectUserError(
      gridbits(['valley', 'perft', '1', '--position', 'sskss/5/5/5/SSKS w 0', '--json']),
      /rank 1 has 4 squares/,
    );
    expectUserError(gridbits(['valley', 'perft', 'x']), /depth must be a whole number/);
    expectUserError(gridbits(['valley', 'perft', '99']), /depth must be a whole number from 0 to 12/);
    expectUserError(gridbits(['valley', 'perft']), /give a depth/);
    expectUserError(gridbits(['valley']), /name a subcommand/);
    expectUserError(gridbits(['valley', 'fly']), /unknown subcommand 'fly'/);
    expectUserError(gridbits(['valley', 'perft', '2', '3']), /unexpected argument '3'/);
    // Names of the prototype are not subcommands or variants; flags of other subcommands are refused.
    for (const name of ['constructor', '__proto__', 'toString']) {
      expectUserError(gridbits(['valley', name]), new RegExp(`unknown subcommand '${name}'`));
      expectUserError(
        gridbits(['valley', 'perft', '1', '--variant', name]),
        new RegExp(`unknown King's Valley variant '${name}'`),
      );
    }
    expectUserError(
      gridbits(['valley', 'perft', '2', '--games', '4']),
      /valley perft: --games does not apply here \(it is for valley match\)/,
    );
    expectUserError(
      gridbits(['valley', 'solve', '--variant', 'labyrinth']),
      /valley solve: --variant does not apply here/,
    );
  });
});
