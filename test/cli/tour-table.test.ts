import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson } from './run.js';

interface Cell {
  square: string;
  exists: boolean | null;
  backtracks: number;
}
interface TableJson {
  board: { width: number; height: number };
  piece: string;
  closed: boolean;
  cells: Cell[][];
}

describe('gridbits tour-table', () => {
  it('prints the 5×5 table as JSON, rank 1 first', () => {
    const j = gridbitsJson<TableJson>(['tour-table', '5x5']);
    expect(j.board).toEqual({ width: 5, height: 5 });
    expect(j.piece).toBe('knight');
    expect(j.closed).toBe(false);
    expect(j.cells.length).toBe(5);
    expect(j.cells[0][0]).toMatchObject({ square: 'a1', exists: true });
    expect(j.cells[0][1]).toMatchObject({ square: 'b1', exists: false, backtracks: 0 });
    expect(j.cells[4][4].square).toBe('e5');
    expect(j.cells.flat().filter((c) => c.exists).length).toBe(13);
    for (const c of j.cells.flat()) expect(Object.keys(c).slice(0, 3)).toEqual(['square', 'exists', 'backtracks']);
  });

  it('says N and LIM in the text table', () => {
    const r = gridbits(['tour-table', '10x4', '--max-nodes', '50']);
    // Squares left undecided (LIM): the table is not whole, exit 3.
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('LIM');
    expect(r.stdout).toMatch(/20 squares start one, 0 none \(N\), 20 undecided \(LIM\)/);
    const n = gridbits(['tour-table', '4x3']);
    expect(n.stdout.split('\n')[1]).toMatch(/^2 +\d+ +N +N +\d+$/);
  });

  it('agrees with tour on the 8×8 zebra: no square starts one, and tour proves none with the same default budget', () => {
    const t = gridbitsJson<TableJson>(['tour-table', '8x8', '--piece', 'zebra']);
    expect(t.cells.flat().filter((c) => c.exists !== false)).toEqual([]);
    const f = gridbitsJson<{ exists: boolean | null; method: string }>(['tour', '8x8', '--piece', 'zebra']);
    expect(f).toMatchObject({ exists: false, method: 'backtracking' });
  });

  it('closed tours, other pieces and the 7×3 exception', () => {
    const c = gridbitsJson<TableJson>(['tour-table', '3x4', '--closed']);
    expect(c.closed).toBe(true);
    expect(c.cells.flat().every((x) => x.exists === false)).toBe(true);
    const d2 = gridbitsJson<TableJson>(['tour-table', '7x3']).cells[1][3];
    expect(d2).toMatchObject({ square: 'd2', exists: false });
    const z = gridbitsJson<TableJson>(['tour-table', '3x3', '--piece', 'zebra']);
    expect(z.piece).toBe('zebra');
    expect(z.cells.flat().every((x) => x.exists === false)).toBe(true);
  });

  it('a timeout leaves squares undecided, honestly', () => {
    const j = gridbitsBudget<TableJson>(['tour-table', '10x4', '--timeout', '1', '--max-nodes', '100000000']);
    expect(j.cells.flat().some((x) => x.exists === null)).toBe(true);
  });

  it('rejects bad input with one line and exit 2', () => {
    expectUserError(gridbits(['tour-table', '0x5']), /board width/);
    expectUserError(gridbits(['tour-table', '5y5']), /bad board size/);
    expectUserError(gridbits(['tour-table', '5x5', '--piece', 'rook']), /leapers only/);
    expectUserError(gridbits(['tour-table', '5x5', '--piece', 'dragon']), /unknown piece/);
    expectUserError(gridbits(['tour-table', '5x5', '--max-nodes', 'lots']), /--max-nodes must be a whole number/);
    expectUserError(gridbits(['tour-table', '5x5', '--timeout', '0']), /--timeout must be a duration/);
    expectUserError(gridbits(['tour-table', '300x300']), /tables go up to/);
  });
});
