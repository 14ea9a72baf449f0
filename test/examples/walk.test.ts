// examples/walk.ts as a subprocess: its fraction against a plain brute-force count of the knight's move sequences.
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

/** Every one of the 8^n move sequences from (x, y), counted if it never leaves the 8×8 board. */
function staying(x: number, y: number, n: number): number {
  if (x < 0 || y < 0 || x >= 8 || y >= 8) return 0;
  if (n === 0) return 1;
  let c = 0;
  for (const [dx, dy] of JUMPS) c += staying(x + dx, y + dy, n - 1);
  return c;
}

function lowest(n: number, d: number): string {
  const g = (a: number, b: number): number => (b === 0 ? a : g(b, a % b));
  return `${n / g(n, d)}/${d / g(n, d)}`;
}

describe('examples/walk.ts', () => {
  it('prints the exact 3-move fraction from a1 and the decay rate', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/walk.ts'], { encoding: 'utf8' });
    expect(out).toContain(`stays on 8x8 for 3 moves) = ${lowest(staying(0, 0, 3), 8 ** 3)}`);
    // λ of the 8×8 knight walk: 0.7513325728… (the largest eigenvalue of its move matrix over 8).
    expect(out).toMatch(/lambda = 0\.75133257\d+/);
    expect(out).toMatch(/log10 P = -124167783\.\d{3}/);
  });
});
