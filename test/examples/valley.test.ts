// examples/valley.ts runs as a program: its legal moves are the tests' own reference generator's, and its
// best move is one of them.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { refMoves, refParse, refPlay } from '../valley/reference.js';

describe('examples/valley.ts', () => {
  it('lists the legal moves after two moves and prints a search outcome', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/valley.ts'], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    const after = refPlay(refPlay(refParse('sskss/5/5/5/SSKSS w 0'), 'b1b4'), 'd5d2');
    const expected = refMoves(after);
    const listed = lines[0].replace(/^after b1b4 d5d2: /, '').split(' ');
    expect(listed.sort()).toEqual([...expected].sort());
    const best = /^best move: ([a-e][1-5][a-e][1-5]), score -?\d+, depth \d+, (finished|stopped by time)/.exec(
      lines[1],
    );
    expect(best).not.toBeNull();
    expect(expected).toContain(best![1]);
  });
});
