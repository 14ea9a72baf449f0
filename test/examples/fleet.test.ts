// examples/fleet.ts run as a user would: its placed layout re-checked by the reference checker, its count by brute
// force, its hunt by replay.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bruteCount, checkLayout, refProblem } from '../reference/fleet.js';

const W = 10,
  H = 10;

/** The ships of a drawn field with no touching: each 4-connected group of '#' is one ship. */
function shipsOf(rows: string[]): number[][] {
  const ship = new Set<number>();
  rows.forEach((r, i) => [...r].forEach((c, x) => c === '#' && ship.add((H - 1 - i) * W + x)));
  const seen = new Set<number>();
  const ships: number[][] = [];
  for (const start of ship) {
    if (seen.has(start)) continue;
    const cells: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const c = stack.pop()!;
      cells.push(c);
      const x = c % W;
      for (const d of [x > 0 ? c - 1 : -1, x < W - 1 ? c + 1 : -1, c - W, c + W]) {
        if (d >= 0 && ship.has(d) && !seen.has(d)) {
          seen.add(d);
          stack.push(d);
        }
      }
    }
    ships.push(cells.sort((a, b) => a - b));
  }
  return ships;
}

describe('examples/fleet.ts', () => {
  it('places a valid classic fleet, counts exactly, and hunts the placed layout to the end', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'examples/fleet.ts'], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('classic fleet on 10x10, seed 2026:');
    const rows = lines.slice(1, 1 + H);
    expect(rows.every((r) => /^[#.]{10}$/.test(r))).toBe(true);

    const ref = refProblem(W, H, ['4', '3', '3', '2', '2', '2', '1', '1', '1', '1'], 'none');
    const ships = shipsOf(rows);
    const kindOf = (size: number): number => ref.kinds.findIndex((k) => k.orientations[0].length === size);
    expect(checkLayout(ref, { ships: ships.map((cells) => ({ kind: kindOf(cells.length), cells })) })).toBeNull();

    const count = /^layouts of ships 3,2,2 on 5x5 \(touch none\): (\d+)$/.exec(lines[1 + H]);
    expect(count).not.toBeNull();
    expect(Number(count![1])).toBe(bruteCount(refProblem(5, 5, ['3', '2', '2'], 'none')));

    const hunt = /^the (\w+) hunter sank the fleet in (\d+) shots: (.*)$/.exec(lines[2 + H]);
    expect(hunt).not.toBeNull();
    const shots = hunt![3].split(' ').map((name) => (Number(name.slice(1)) - 1) * W + name.charCodeAt(0) - 97);
    expect(shots).toHaveLength(Number(hunt![2]));
    expect(new Set(shots).size).toBe(shots.length);
    const shipCells = new Set(ships.flat());
    for (const c of shipCells) expect(shots).toContain(c);
    expect(shipCells.has(shots[shots.length - 1])).toBe(true);
  }, 60_000);
});
