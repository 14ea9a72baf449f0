import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/valley/index.js';
import { gridMoves, gridParse, gridPlay, gridWinner } from '../valley/grid-reference.js';
import { expectUserError, gridbits, gridbitsJson } from './run.js';

interface PlayJson {
  variant: string;
  start: string;
  moves: string[];
  position: string;
  result: { winner: string | null; draw: boolean; reason: string } | null;
  record: string;
  rejected: Array<{ input: string; error: string }>;
  drawRule: boolean;
}

const play = (args: string[], lines: string[]): PlayJson =>
  gridbitsJson<PlayJson>(['valley', 'play', ...args], lines.map((l) => l + '\n').join(''));

/** Replays moves with the reference rules from start; returns the final reference position. */
function replay(start: string, moves: string[]): ReturnType<typeof gridParse> {
  let ref = gridParse(start);
  for (const m of moves) {
    expect(gridMoves(ref)).toContain(m);
    ref = gridPlay(ref, m);
  }
  return ref;
}

describe('gridbits valley play', () => {
  it("reads moves from a pipe, draws the board, shows a piece's targets, and quits", () => {
    const r = gridbits(['valley', 'play'], 'b1\nb1e4\nmoves\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('1 S S K S S\n  a b c d e');
    // The b1 soldier's targets marked o on the board and listed.
    expect(r.stdout).toContain('4 . o . . o\n3 . . * . .\n2 o . . . .');
    expect(r.stdout).toContain('b1: b1a2 b1b4 b1e4');
    expect(r.stdout).toContain('sskss/4S/5/5/S1KSS b 1   Black (human) to move');
    expect(r.stdout).toContain('a5a2 a5d2 b5a4 b5b1 b5e2 c5a3 c5c2 c5e3 d5a2 d5d2 e5b2');
  });

  it('refuses malformed and illegal input with a message, keeps the game, and plays on', () => {
    const j = play([], ['b1e4', 'zz', 'c1c3', 'e4e1e1', 'd5d2', 'undo', 'undo', 'undo', 'a1d4']);
    expect(j.moves).toEqual(['a1d4']);
    expect(j.rejected.map((x) => x.input)).toEqual(['zz', 'c1c3', 'e4e1e1', 'undo']);
    expect(j.rejected[0].error).toMatch(/bad move 'zz'/);
    expect(j.rejected[1].error).toMatch(/illegal move 'c1c3'/);
    expect(j.rejected[3].error).toMatch(/no move to undo/);
    const text = gridbits(['valley', 'play'], 'c1c4\nb1e4\n');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("? illegal move 'c1c4' in sskss/5/5/5/SSKSS w 0");
    expect(text.stdout).toContain('sskss/4S/5/5/S1KSS b 1');
  });

  it('plays to a win and reports it; nothing is accepted after the end but undo', () => {
    const win = ['a5a2', 'a1d4', 'b5b2', 'd4d2', 'c5c2'];
    const j = play(['--first', 'black'], [...win, 'b1b4', 'undo']);
    expect(gridWinner(replay('sskss/5/5/5/SSKSS b 0', win))).toBe('black');
    expect(j.rejected.map((x) => x.input)).toEqual(['b1b4']);
    expect(j.rejected[0].error).toMatch(/the game is over/);
    expect(j.moves).toEqual(win.slice(0, 4));
    expect(j.record).toBe('sskss/5/5/5/SSKSS b 0\na5a2\na1d4\nb5b2\nd4d2\n');
    const won = play(['--first', 'black'], win);
    expect(won.result).toEqual({ winner: 'black', draw: false, reason: 'the White King cannot move' });
    const text = gridbits(['valley', 'play', '--first', 'black'], win.join('\n') + '\n');
    expect(text.stdout).toContain('game over, Black wins: the White King cannot move');
  });

  it('draws at the third occurrence with the draw rule, not without it', () => {
    const cycle = ['e1e4', 'a5a2', 'e4e1', 'a2a5'];
    const on = play([], [...cycle, ...cycle]);
    expect(on.result).toMatchObject({ winner: null, draw: true });
    const off = play(['--no-draw-rule'], [...cycle, ...cycle, 'e1e4']);
    expect(off.result).toBeNull();
    expect(off.drawRule).toBe(false);
    expect(off.moves).toHaveLength(9);
  });

  it('saves and loads game records, for every variant', () => {
    const dir = mkdtempSync(join(tmpdir(), 'valley-play-'));
    const file = join(dir, 'game.txt');
    const lab = play(['--variant', 'labyrinth'], ['a1f6', 'g7g2', `save ${file}`]);
    expect(readFileSync(file, 'utf8')).toBe('variant labyrinth\na1f6\ng7g2\n');
    expect(lab.start).toBe('sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0');
    replay(lab.start, lab.moves);
    const back = play(['--load', file], ['b1b2']);
    expect(back.variant).toBe('labyrinth');
    expect(back.moves).toEqual(['a1f6', 'g7g2', 'b1b2']);
    // load inside the session replaces the game; a bad file leaves the game as it was.
    writeFileSync(join(dir, 'bad.txt'), 'b1e4\nc1c3\n');
    const mixed = play([], ['b1e4', `load ${join(dir, 'bad.txt')}`, `load ${join(dir, 'nope.txt')}`, `load ${file}`]);
    expect(mixed.rejected[0].error).toMatch(/bad\.txt: game record line 2: illegal move 'c1c3'/);
    expect(mixed.rejected[1].error).toMatch(/cannot read the game record '.*nope\.txt': no such file or directory/);
    expect(mixed.variant).toBe('labyrinth');
    expect(mixed.moves).toEqual(['a1f6', 'g7g2']);
    // Retrieve the King, Black first: the record keeps the variant and the start.
    const rk = play(['--variant', 'retrieve', '--first', 'black'], ['a5a2', `save ${file}`]);
    expect(readFileSync(file, 'utf8')).toBe('variant retrieve\nssKss/5/5/5/SSkSS b 0\na5a2\n');
    expect(Game.fromRecord(rk.record).position).toBe(rk.position);
    // A save that cannot be written says so and writes nothing.
    const nosave = play([], [`save ${join(dir, 'no', 'such', 'dir.txt')}`]);
    expect(nosave.rejected[0].error).toMatch(/cannot save/);
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });

  it('lets AI players move: against a human (undo goes back to the human), and on their own', () => {
    const vsAi = play(['--black', 'ai:1'], ['a1d4', 'undo']);
    expect(vsAi.moves).toEqual([]);
    const one = play(['--black', 'ai:1'], ['a1d4']);
    expect(one.moves).toHaveLength(2);
    replay(one.start, one.moves);
    const auto = gridbitsJson<PlayJson>([
      'valley',
      'play',
      '--white',
      'ai:2',
      '--black',
      'random',
      '--variant',
      'labyrinth',
    ]);
    expect(auto.result).not.toBeNull();
    const ref = replay(auto.start, auto.moves);
    // A draw leaves no winner on the board; a win, the winner the record names.
    expect(gridWinner(ref)).toBe(auto.result!.draw ? null : auto.result!.winner);
  });

  it('turns bad flags and bad files into one line and exit 2', () => {
    expectUserError(gridbits(['valley', 'play', '--variant', 'chess']), /unknown King's Valley variant 'chess'/);
    expectUserError(gridbits(['valley', 'play', '--first', 'red']), /--first must be white or black/);
    expectUserError(gridbits(['valley', 'play', '--white', 'robot']), /unknown player 'robot' \(human, random, /);
    expectUserError(
      gridbits(['valley', 'play', '--load', '/no/such/file']),
      /cannot read the game record '\/no\/such\/file': no such file or directory$/,
    );
    expectUserError(
      gridbits(['valley', 'play', '--load', '/no/such/file', '--variant', 'retrieve']),
      /leave out --variant/,
    );
    expectUserError(gridbits(['valley', 'play', 'extra']), /unexpected argument 'extra'/);
    const h = gridbits(['valley', 'play', '--help']);
    expect(h.stdout).toContain('valley play [--white P]');
    expect(h.stdout).toContain('gridbits help kings-valley');
    const rules = gridbits(['help', 'kings-valley']).stdout;
    expect(rules).toMatch(/Draw rule .*third time the same position/s);
    expect(rules).toContain('labyrinth: 7×7, valley d4');
    expect(rules).toContain('(d1, d7: sources differ');
  });
});

describe('gridbits valley perft --variant', () => {
  it('counts Labyrinth and Retrieve the King moves', () => {
    expect(gridbitsJson(['valley', 'perft', '3', '--variant', 'labyrinth'])).toMatchObject({
      position: 'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS w 0',
      depth: 3,
      nodes: 5984,
    });
    expect(gridbitsJson(['valley', 'perft', '3', '--variant', 'retrieve'])).toMatchObject({
      position: 'ssKss/5/5/5/SSkSS w 0',
      depth: 3,
      nodes: 1726,
    });
    expect(gridbitsJson(['valley', 'perft', '2', '--variant', 'labyrinth', '--first', 'black'])).toMatchObject({
      position: 'sssksss/7/1#3#1/7/1#3#1/7/SSSKSSS b 0',
      nodes: 288,
    });
    const d = gridbits(['valley', 'perft', '1', '--variant', 'labyrinth', '--divide']);
    expect(d.stdout).toContain('7 s s s k s s s');
    expect(d.stdout).toContain('5 . # . . . # .');
    expect(d.stdout).toContain('a1f6: 1');
    expect(d.stdout).toContain('perft 1: 16 nodes');
    expectUserError(
      gridbits(['valley', 'perft', '1', '--variant', 'labyrinth', '--position', 'sskss/5/5/5/SSKSS w 0']),
      /bad Labyrinth position/,
    );
  });
});
