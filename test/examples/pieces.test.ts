// examples/pieces.ts as a subprocess: the knight's targets from d4 and its mobility on 8×8, checked by a plain loop.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const JUMPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const on = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < 8 && y < 8;
const name = (x: number, y: number): string => `${'abcdefgh'[x]}${y + 1}`;

describe('examples/pieces.ts', () => {
  it('prints the knight targets from d4 and the mobility total 336', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/pieces.ts'], { encoding: 'utf8' });
    const targets = JUMPS.map(([dx, dy]) => [3 + dx, 3 + dy]).filter(([x, y]) => on(x, y));
    // Square-index order: rank first, then file.
    targets.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    expect(out).toContain(`knight targets from d4: ${targets.map(([x, y]) => name(x, y)).join(' ')}`);
    let total = 0;
    for (let x = 0; x < 8; x++)
      for (let y = 0; y < 8; y++) for (const [dx, dy] of JUMPS) if (on(x + dx, y + dy)) total++;
    expect(total).toBe(336);
    expect(out).toContain(`total ${total}, from a1 2, from d4 8`);
  });
});
