// Runs examples/tour.ts as a user would (node --import tsx, the package resolving itself to dist/) and checks
// its output with a checker of its own and the published count.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tourProblem } from '../reference/tour.js';

/** Square names (a1, h8) to indices y * width + x, read here without the library. */
function indexOf(name: string, width: number): number {
  const m = /^([a-z])(\d+)$/.exec(name);
  if (!m) throw new Error(`not a square: ${name}`);
  return (Number(m[2]) - 1) * width + (m[1].charCodeAt(0) - 97);
}

describe('examples/tour.ts', () => {
  it('prints a valid closed 8×8 tour, 1728 open 5×5 tours and a stopped search', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/tour.ts'], { encoding: 'utf8' });
    const tourLine = /^closed knight's tour of 8x8 \([a-z]+\): (.+)$/m.exec(out);
    expect(tourLine, out).not.toBeNull();
    const path = tourLine![1].split(' ').map((s) => indexOf(s, 8));
    expect(tourProblem(8, 8, path, true)).toBeNull();
    expect(out).toMatch(/^checked: a valid closed tour$/m);
    expect(out).toMatch(/^directed open tours of 5x5: 1728 /m); // OEIS A165134
    expect(out).toMatch(/^zebra search from a1: stopped \(nodes\) after 10000 nodes, \d+ backtracks$/m);
  });
});
