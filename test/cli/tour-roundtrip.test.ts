// The tour commands read back what they write: every output form of `tour` checked by `tour-check`; the trace
// as JSON events; tour-table under its one budget name (and the old one).
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsBudget, gridbitsJson, gridbitsCheck } from './run.js';

interface Check {
  valid: boolean;
  closed: boolean;
  length: number;
  path: string[];
}

describe('tour → tour-check', () => {
  for (const [size, closed, from] of [
    ['5x5', false, 'a1'],
    ['6x6', true, undefined],
    ['12x12', false, 'c3'],
    ['3x10', false, undefined],
  ] as const) {
    it(`${size} ${closed ? 'closed' : 'open'}: the grid, moves and JSON forms all read back as the same tour`, () => {
      const base = ['tour', size, ...(closed ? ['--closed'] : []), ...(from ? ['--from', from] : [])];
      const json = gridbitsJson<{ path: string[] }>(base);
      for (const form of [['--format', 'grid'], ['--format', 'moves'], ['--json']]) {
        const written = gridbits([...base, ...form]);
        expect(written.code).toBe(0);
        const check = gridbitsCheck<Check>(['tour-check', '-'], written.stdout);
        // (An open tour may happen to end a move from its start: only a closed one must.)
        expect(check, form.join(' ')).toMatchObject({
          valid: true,
          length: json.path.length,
          ...(closed ? { closed } : {}),
        });
        // A closed tour may be read from either end; an open one as written.
        if (!closed) expect(check.path).toEqual(json.path);
      }
    });
  }

  it('takes the board as WxH or --board', () => {
    const moves = gridbits(['tour', '5x5', '--format', 'moves']).stdout;
    expect(gridbitsCheck<Check>(['tour-check', '-', '5x5'], moves).valid).toBe(true);
    expect(gridbitsCheck<Check>(['tour-check', '-', '--board', '5x5'], moves).valid).toBe(true);
    expectUserError(gridbits(['tour-check', '-', '5x5', '--board', '6x6'], moves), /two boards given/);
  });
});

describe('tour --trace --json', () => {
  it('prints the protocol as JSON events that replay to a tour', () => {
    const t = gridbitsJson<{ events: Array<{ kind: string; square: string; move: number }>; ended: string }>([
      'tour',
      '3x4',
      '--from',
      'a1',
      '--trace',
    ]);
    expect(t.ended).toBe('found');
    const path: string[] = [];
    for (const e of t.events) {
      if (e.kind === 'move') path[e.move - 1] = e.square;
      if (e.kind === 'move' || e.kind === 'backtrack') path.length = e.move - (e.kind === 'move' ? 0 : 1);
      if (e.kind === 'restart') path.length = 0;
    }
    expect(gridbitsCheck<Check>(['tour-check', '-', '--board', '3x4'], path.join(' '))).toMatchObject({
      valid: true,
      length: 12,
    });
  });
});

describe('tour-table', () => {
  it('--max-nodes is the budget per square; the board either way; durations', () => {
    const a = gridbitsBudget<{ maxSquareNodes: number; cells: unknown }>(['tour-table', '5x5', '--max-nodes', '50']);
    const b = gridbitsBudget<{ maxSquareNodes: number; cells: unknown }>([
      'tour-table',
      '--board',
      '5x5',
      '--max-nodes',
      '50',
      '--timeout',
      '1m',
    ]);
    expect(a.maxSquareNodes).toBe(50);
    expect(b.cells).toEqual(a.cells);
    expectUserError(gridbits(['tour-table', '5x5', '--timeout', 'soon']), /--timeout must be a duration/);
  });
});
