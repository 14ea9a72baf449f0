// gridbits tour as a subprocess: the JSON contract, the formats, errors with exit 2, atomic --out.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUserError, gridbits, gridbitsJson } from './run.js';
import { tourProblem } from '../reference/tour.js';

interface TourJson {
  board: { width: number; height: number };
  piece: string;
  closed: boolean;
  exists: boolean | null;
  reason: string;
  path?: string[];
}

// One-letter files only.
const idx = (w: number, name: string): number => name.charCodeAt(0) - 97 + (Number(name.slice(1)) - 1) * w;

describe('gridbits tour', () => {
  it('8x8 from b1: the JSON contract, a valid tour', () => {
    const j = gridbitsJson<TourJson>(['tour', '8x8', '--from', 'b1']);
    expect(j).toMatchObject({ board: { width: 8, height: 8 }, piece: 'knight', closed: false, exists: true });
    expect(j.path![0]).toBe('b1');
    expect(
      tourProblem(
        8,
        8,
        j.path!.map((s) => idx(8, s)),
        false,
      ),
    ).toBeNull();
  });
  it('6x6 closed, and 4x4 has none (exit 0, no path)', () => {
    const c = gridbitsJson<TourJson>(['tour', '6x6', '--closed']);
    expect(
      tourProblem(
        6,
        6,
        c.path!.map((s) => idx(6, s)),
        true,
      ),
    ).toBeNull();
    const n = gridbitsJson<TourJson>(['tour', '4x4']);
    expect(n.exists).toBe(false);
    expect(n.path).toBeUndefined();
    // The reason in plain words, the size as the CLI writes sizes.
    expect(n.reason).toBe(
      "a board 4 squares wide has an open knight's tour only once its other side is at least 5, so 4x4 has none",
    );
  });
  it('formats: numbered grid, moves, svg, summary', () => {
    const g = gridbits(['tour', '5x5', '--from', 'a1']);
    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(/^5 /m);
    expect(g.stdout.split(/\s+/).filter((t) => t === '25')).toHaveLength(1);
    const m = gridbits(['tour', '5x5', '--from', 'a1', '--format', 'moves']);
    expect(m.stdout.trim().split(' ')).toHaveLength(25);
    const s = gridbits(['tour', '6x6', '--closed', '--format', 'svg']);
    expect(s.stdout).toMatch(/^<svg[\s\S]*start a1[\s\S]*<\/svg>/);
    const sum = gridbits(['tour', '1000x1000', '--closed', '--format', 'summary']);
    expect(sum.stdout).toMatch(/found[\s\S]*1000000 squares/);
  });
  it('a fixed end, --trace, other leapers', () => {
    const j = gridbitsJson<TourJson>(['tour', '5x5', '--from', 'a1', '--to', 'e5']);
    // 5×5 has tours from corner to opposite corner (both on the colour with 13 squares).
    expect(j.exists).toBe(true);
    expect([j.path![0], j.path![24]]).toEqual(['a1', 'e5']);
    expect(
      tourProblem(
        5,
        5,
        j.path!.map((s) => idx(5, s)),
        false,
      ),
    ).toBeNull();
    const t = gridbits(['tour', '3x4', '--from', 'b4', '--trace']);
    expect(t.stdout).toMatch(/found/);
    expect(gridbitsJson<TourJson>(['tour', '8x8', '--piece', 'camel']).exists).toBe(false);
  });
  it('--seed changes the tour, the same seed repeats it; --to on a large board', () => {
    const a = gridbitsJson<TourJson>(['tour', '12x12', '--closed', '--seed', '1']).path!.join();
    const b = gridbitsJson<TourJson>(['tour', '12x12', '--closed', '--seed', '2']).path!.join();
    expect(gridbitsJson<TourJson>(['tour', '12x12', '--closed', '--seed', '1']).path!.join()).toBe(a);
    expect(a).not.toBe(b);
    const t = gridbitsJson<TourJson>(['tour', '60x40', '--from', 'c7', '--to', 'bh39']);
    expect(t.path![0]).toBe('c7');
    expect(t.path![2399]).toBe('bh39');
  });
  it('--max-nodes given for an answer that needs no search is said not to apply (text on stderr, JSON "note")', () => {
    const built = gridbitsJson<TourJson & { method: string; note?: string }>(['tour', '8x8', '--max-nodes', '100']);
    expect(built.method).toBe('construction');
    expect(built.note).toBe('the answer needed no search (built from blocks), so --max-nodes did not apply');
    const text = gridbits(['tour', '5x5', '--closed', '--max-nodes', '100']);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(
      'note: the answer needed no search (settled by a theorem), so --max-nodes did not apply\n',
    );
    // Where the search ran (or without the flag) there is no note.
    const searched = gridbitsJson<{ method: string; note?: string }>([
      'tour',
      '5x5',
      '--from',
      'a1',
      '--to',
      'e5',
      '--max-nodes',
      '100000',
    ]);
    expect(searched.method).toBe('backtracking');
    expect(searched).not.toHaveProperty('note');
    expect(gridbitsJson<{ note?: string }>(['tour', '8x8'])).not.toHaveProperty('note');
  });
  it('user mistakes: one line, exit 2', () => {
    expectUserError(gridbits(['tour', '8x8', '--from', 'z9']), /off the 8x8 board/);
    expectUserError(gridbits(['tour', '0x8']), /width/);
    expectUserError(gridbits(['tour', '8x8', '--from', 'a1', '--to', 'a1']), /--to equals --from/);
    expectUserError(gridbits(['tour', '8x8', '--to', 'h8', '--closed']), /--to does not go with --closed/);
    expectUserError(gridbits(['tour', '8x8', '--format', 'png']), /--format/);
    expectUserError(gridbits(['tour', '2000x2000', '--format', 'moves']), /--out/);
    expectUserError(gridbits(['tour', '600x600', '--format', 'svg', '--out', '/tmp/never.svg']), /svg is for boards/);
  });
  it('--out writes the file atomically (no temp file left), JSON included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridbits-tour-'));
    const file = join(dir, 'tour.json');
    const r = gridbits(['tour', '300x300', '--closed', '--json', '--out', file]);
    expect(r.code).toBe(0);
    const j = JSON.parse(readFileSync(file, 'utf8')) as TourJson;
    expect(j.path).toHaveLength(90000);
    expect(readdirSync(dir)).toEqual(['tour.json']);
    const bad = gridbits(['tour', '8x8', '--out', join(dir, 'no', 'such', 'dir', 'x.txt')]);
    expect(bad.code).toBe(2);
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });
});
