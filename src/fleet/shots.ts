// Shot records as text — an ASCII grid of marks or a list of shots with replies — read into Knowledge.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { HIT, MISS, SUNK, UNKNOWN, checkKnowledge, emptyKnowledge, hasShape, type Knowledge } from './game.js';
import { checkProblem, checkText } from './args.js';
import type { FleetProblem } from './problem.js';

/** The shots file format, in words (for help texts). */
export const SHOTS_FORMAT = `Shots file: either a grid, top row first, one character per cell ('.' not shot, 'o' miss, 'x' hit,
'#' a cell of a sunk ship; spaces ignored; each group of edge-joined '#' cells must be one ship of the fleet),
or a list, one shot per line in the order fired: 'e5 miss', 'e6 hit', 'e7 sunk' (the sunk ship is the shot
cell with the hits edge-joined to it) or 'e7 sunk e5 e6 e7' (its cells named, for ships that touch);
lines starting with '//' are comments.`;

const LIST_LINE = /^\s*[a-z]+[0-9]+\s+\S/i;

/** Reads a shot record for `problem`; throws BAD_INPUT naming the line. */
export function parseShots(problem: FleetProblem, text: string): Knowledge {
  checkProblem(problem);
  checkText(text, 'shots');
  const lines = text.split(/\r?\n/);
  const k = lines.some((l) => LIST_LINE.test(l)) ? parseList(problem, lines) : parseGrid(problem, lines);
  checkKnowledge(problem, k);
  return k;
}

/** The kind whose shape `cells` make (the first with ships left), or throws. */
function kindOf(problem: FleetProblem, k: Knowledge, cells: number[], where: string): number {
  const board = Board.of(problem.width, problem.height);
  const sunk = problem.kinds.map(() => 0);
  for (const s of k.sunk) sunk[s.kind]++;
  const fits = problem.kinds
    .map((kind, i) => (hasShape(kind.orientations, cells, problem.width) ? i : -1))
    .filter((i) => i >= 0);
  if (fits.length === 0) {
    throw new GridbitsError(
      'BAD_INPUT',
      `${where}: the sunk cells ${cells.map((c) => board.name(c)).join(' ')} are not one ship of the fleet (name the cells of each sunk ship in a shot list)`,
    );
  }
  const kind = fits.find((i) => sunk[i] < problem.kinds[i].count);
  if (kind === undefined)
    throw new GridbitsError('BAD_INPUT', `${where}: more ${problem.kinds[fits[0]].name}-ships sunk than the fleet has`);
  return kind;
}

/** The cells edge-joined to `from` whose mark is in `marks`. */
function component(problem: FleetProblem, marks: Uint8Array, from: number, accept: (m: number) => boolean): number[] {
  const { width: w, height: h } = problem;
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    const c = stack.pop()!;
    const x = c % w,
      y = (c / w) | 0;
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ]) {
      const n = ny * w + nx;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen.has(n) || !accept(marks[n])) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  return [...seen].sort((a, b) => a - b);
}

function parseGrid(problem: FleetProblem, lines: string[]): Knowledge {
  const { width: w, height: h } = problem;
  const rows = lines.map((l) => l.replace(/\s+/g, '')).filter((l) => l.length > 0);
  if (rows.length !== h)
    throw new GridbitsError(
      'BAD_INPUT',
      `shots grid: ${rows.length} rows, the board has ${h} (or write a list: 'e5 miss')`,
    );
  const k = emptyKnowledge(problem);
  const code: Record<string, number> = { '.': UNKNOWN, o: MISS, O: MISS, x: HIT, X: HIT, '#': SUNK };
  rows.forEach((row, i) => {
    if (row.length !== w)
      throw new GridbitsError('BAD_INPUT', `shots grid row ${i + 1}: ${row.length} cells, the board is ${w} wide`);
    for (let x = 0; x < w; x++) {
      const m = code[row[x]];
      if (m === undefined)
        throw new GridbitsError('BAD_INPUT', `shots grid row ${i + 1}: unexpected '${row[x]}' (use . o x #)`);
      k.marks[(h - 1 - i) * w + x] = m;
    }
  });
  const done = new Uint8Array(w * h);
  for (let sq = 0; sq < w * h; sq++) {
    if (k.marks[sq] !== SUNK || done[sq]) continue;
    const cells = component(problem, k.marks, sq, (m) => m === SUNK);
    for (const c of cells) done[c] = 1;
    k.sunk.push({ kind: kindOf(problem, k, cells, 'shots grid'), cells });
  }
  return k;
}

function parseList(problem: FleetProblem, lines: string[]): Knowledge {
  const board = Board.of(problem.width, problem.height);
  const k = emptyKnowledge(problem);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) return;
    const where = `shots line ${i + 1}`;
    const m = /^([a-z]+[0-9]+)\s+(miss|hit|sunk)((?:[\s,]+[a-z]+[0-9]+)*)\s*$/i.exec(line);
    if (m === null)
      throw new GridbitsError('BAD_INPUT', `${where}: expected 'SQUARE miss|hit|sunk [CELLS]', got '${line}'`);
    const at = (name: string): number => {
      try {
        return board.parse(name);
      } catch (e) {
        throw new GridbitsError('BAD_INPUT', `${where}: ${(e as Error).message}`);
      }
    };
    const sq = at(m[1]);
    if (k.marks[sq] !== UNKNOWN) throw new GridbitsError('BAD_INPUT', `${where}: ${m[1]} was shot before`);
    const reply = m[2].toLowerCase();
    if (m[3].trim() !== '' && reply !== 'sunk')
      throw new GridbitsError('BAD_INPUT', `${where}: only a sunk reply names cells`);
    if (reply === 'miss') k.marks[sq] = MISS;
    else if (reply === 'hit') k.marks[sq] = HIT;
    else {
      k.marks[sq] = HIT;
      const named =
        m[3].trim() === ''
          ? null
          : [
              ...new Set(
                m[3]
                  .trim()
                  .split(/[\s,]+/)
                  .map(at),
              ),
            ].sort((a, b) => a - b);
      if (named && !named.includes(sq))
        throw new GridbitsError('BAD_INPUT', `${where}: the sunk ship's cells must include ${m[1]}`);
      const cells = named ?? component(problem, k.marks, sq, (mark) => mark === HIT);
      for (const c of cells)
        if (k.marks[c] !== HIT)
          throw new GridbitsError('BAD_INPUT', `${where}: ${board.name(c)} is part of the sunk ship but was not hit`);
      const kind = kindOf(problem, k, cells, where);
      for (const c of cells) k.marks[c] = SUNK;
      k.sunk.push({ kind, cells });
    }
  });
  return k;
}
