// A Sea Battle game against a hidden layout (shots, replies miss/hit/sunk) and what the shooter knows,
// turned into the conditioned FleetProblem the counting, sampling and heat engines read.
import { GridbitsError } from '../core/error.js';
import { checkKnowledgeShape, checkLayoutShape, checkProblem, checkWhole, shown } from './args.js';
import { FLEET_MAX_SIDE } from './field.js';
import type { FleetLayout, FleetProblem, Touch } from './problem.js';

/** The reply to a shot. */
export type Reply = 'miss' | 'hit' | 'sunk';

/** Marks of a cell in the shooter's record. */
export const UNKNOWN = 0;
export const MISS = 1;
/** Hit, and the ship there is not sunk yet. */
export const HIT = 2;
export const SUNK = 3;

/** A ship reported sunk: its kind and cells. */
export interface SunkShip {
  /** The ship's kind: an index into the problem's kinds. */
  kind: number;
  /** The squares the ship covered. */
  cells: number[];
}

/** A shot and its reply (with the ship, when sunk). */
export interface ShotResult {
  /** The square shot at (sq = rank * width + file). */
  square: number;
  /** What the shot did. */
  reply: Reply;
  /**
   * With 'sunk': the ship sunk, its kind and cells. The reply names the ship, as players announce "you sank
   * my battleship"; its cells are then known too, because its last cell has just been hit and every other
   * cell of it was hit before (we give them rather than make the shooter untangle touching ships).
   */
  ship?: SunkShip;
}

/** What the shooter knows: a mark per cell and the ships sunk so far. */
export interface Knowledge {
  /** marks[sq], one per cell: 0 not shot, 1 miss, 2 hit on a ship still afloat, 3 part of a sunk ship. */
  marks: Uint8Array;
  /** The ships sunk so far, in the order they sank. */
  sunk: SunkShip[];
}

/** What is known before the first shot: nothing. */
export function emptyKnowledge(problem: FleetProblem): Knowledge {
  checkProblem(problem);
  return { marks: new Uint8Array(problem.width * problem.height), sunk: [] };
}

/** Writes a reply into the record. */
export function recordShot(k: Knowledge, r: ShotResult): void {
  checkRecord(k);
  const res = r as Partial<ShotResult> | null;
  const squareOk = Number.isSafeInteger(res?.square) && res!.square! >= 0 && res!.square! < k.marks.length;
  if (typeof r !== 'object' || r === null || !squareOk || !['miss', 'hit', 'sunk'].includes(res!.reply as string))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `result must be a shot's result ({ square, reply: 'miss' | 'hit' | 'sunk', ship }) on the record's board, got ${shown(r)}`,
    );
  if (r.reply === 'sunk') checkLayoutShape({ ships: [r.ship] }, 'result.ship');
  if (r.reply === 'miss') k.marks[r.square] = MISS;
  else if (r.reply === 'hit') k.marks[r.square] = HIT;
  else {
    if (r.ship === undefined) throw new GridbitsError('BAD_ARGUMENT', 'result: a sunk reply must name the ship sunk');
    for (const c of r.ship.cells) k.marks[c] = SUNK;
    k.sunk.push({ kind: r.ship.kind, cells: [...r.ship.cells] });
  }
}

/**
 * The cells a ship on `cells` keeps free around itself under the touch rule, ascending: all eight neighbours
 * of its cells under 'none', the four edge neighbours under 'corner', none under 'any' (its own cells and
 * cells off the board left out). Next to a sunk ship these are water, whether shot or not.
 *
 * @example
 * ```ts
 * import { haloOf } from 'gridbits/fleet';
 * haloOf([0, 1], 4, 3, 'corner'); // [2, 4, 5]: c1, a2 and b2 around a ship on a1 and b1
 * ```
 */
export function haloOf(cells: readonly number[], width: number, height: number, touch: Touch): number[] {
  checkWhole(width, 'width', 1, FLEET_MAX_SIDE);
  checkWhole(height, 'height', 1, FLEET_MAX_SIDE);
  if (!Array.isArray(cells) || !cells.every((c) => Number.isSafeInteger(c) && c >= 0 && c < width * height))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `cells must be a list of squares of the ${width}x${height} board, got ${shown(cells)}`,
    );
  if (touch !== 'none' && touch !== 'corner' && touch !== 'any')
    throw new GridbitsError('BAD_ARGUMENT', `touch must be none, corner or any, got ${shown(touch)}`);
  return haloIn(cells, width, height, touch);
}

/** haloOf for the engine's own ships, unchecked. */
export function haloIn(cells: readonly number[], width: number, height: number, touch: Touch): number[] {
  if (touch === 'any') return [];
  const own = new Set(cells);
  const out = new Set<number>();
  for (const c of cells) {
    const x = c % width,
      y = (c / width) | 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || (touch === 'corner' && dx !== 0 && dy !== 0)) continue;
        const nx = x + dx,
          ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (!own.has(n)) out.add(n);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The knowledge as a problem, and how its kinds map back to the original fleet. */
export interface Conditioned {
  /**
   * The ships still afloat on the cells still possible: misses, sunk ships and (under the touch rule) their
   * halos forbidden; hits required; kinds with every ship sunk dropped.
   */
  problem: FleetProblem;
  /** kindMap[i] = the original kind of problem.kinds[i]. */
  kindMap: number[];
  /**
   * The hit cells (required). A layout of `problem` matches the replies only if no ship in it lies wholly on
   * hit cells: such a ship would have been reported sunk. FleetProblem cannot say this; the heat map and the
   * hunter apply it on top.
   */
  hits: number[];
}

/** Throws BAD_ARGUMENT unless `sq` is one of a board's `cells` squares (sq = rank * width + file). */
function checkSquare(sq: number, cells: number): void {
  if (!Number.isSafeInteger(sq) || sq < 0 || sq >= cells)
    throw new GridbitsError('BAD_ARGUMENT', `square ${shown(sq)} is off the board`);
}

/** Throws BAD_ARGUMENT unless `k` looks like a shot record: marks 0…3 per cell, a list of sunk ships. */
function checkRecord(k: Knowledge): void {
  const q = k as Partial<Knowledge> | null;
  if (typeof k !== 'object' || k === null || !(q!.marks instanceof Uint8Array) || !Array.isArray(q!.sunk))
    throw new GridbitsError('BAD_ARGUMENT', `knowledge must be a shot record (emptyKnowledge), got ${shown(k)}`);
}

/** Checks the record against the fleet: sunk ships of the fleet's shapes and no more of a kind than it has. */
export function checkKnowledge(problem: FleetProblem, k: Knowledge): void {
  checkProblem(problem);
  checkKnowledgeShape(problem, k);
  const n = problem.width * problem.height;
  if (k.marks.length !== n)
    throw new GridbitsError('BAD_INPUT', `the shot record has ${k.marks.length} cells, the board ${n}`);
  const used = new Array<number>(problem.kinds.length).fill(0);
  for (const s of k.sunk) {
    const kind = problem.kinds[s.kind];
    if (kind === undefined) throw new GridbitsError('BAD_INPUT', `sunk ship of unknown kind ${s.kind}`);
    if (++used[s.kind] > kind.count)
      throw new GridbitsError('BAD_INPUT', `more ${kind.name}-ships sunk than the fleet has (${kind.count})`);
    if (!hasShape(kind.orientations, s.cells, problem.width))
      throw new GridbitsError('BAD_INPUT', `the sunk ship on ${s.cells.length} cells is not a ${kind.name}-ship`);
  }
  for (let sq = 0; sq < n; sq++) {
    if (problem.forbidden[sq] && (k.marks[sq] === HIT || k.marks[sq] === SUNK))
      throw new GridbitsError('BAD_INPUT', `a hit on square ${sq}, which is outside the field`);
  }
}

/** Whether `cells` are one orientation of the shape, translated. */
export function hasShape(
  orientations: FleetProblem['kinds'][number]['orientations'],
  cells: readonly number[],
  width: number,
): boolean {
  if (cells.length === 0) return false;
  let minX = Infinity,
    minY = Infinity;
  for (const c of cells) {
    minX = Math.min(minX, c % width);
    minY = Math.min(minY, (c / width) | 0);
  }
  const key = (pts: Array<readonly [number, number]>): string =>
    pts
      .map(([x, y]) => `${x},${y}`)
      .sort()
      .join(' ');
  const mine = key(cells.map((c) => [(c % width) - minX, ((c / width) | 0) - minY] as const));
  return orientations.some((o) => o.length === cells.length && key([...o]) === mine);
}

/** The problem whose uniform layouts, less those with a ship wholly on hits, are the layouts matching the replies. */
export function conditionedProblem(problem: FleetProblem, k: Knowledge): Conditioned {
  checkProblem(problem);
  checkKnowledgeShape(problem, k);
  return conditionOf(problem, k);
}

/**
 * conditionedProblem for the engine's own checked problems and records, unchecked: a hunter conditions the problem
 * on every shot, and the checks cost about a tenth of a game of random shots.
 */
export function conditionOf(problem: FleetProblem, k: Knowledge): Conditioned {
  const { width, height } = problem;
  const forbidden = Uint8Array.from(problem.forbidden);
  const required = new Uint8Array(width * height);
  const hits: number[] = [];
  for (let sq = 0; sq < width * height; sq++) {
    const m = k.marks[sq];
    if (m === MISS || m === SUNK) forbidden[sq] = 1;
    else if (m === HIT) {
      required[sq] = 1;
      hits.push(sq);
    }
  }
  const left = problem.kinds.map((kind) => kind.count);
  for (const s of k.sunk) {
    left[s.kind]--;
    for (const c of haloIn(s.cells, width, height, problem.touch)) forbidden[c] = 1;
  }
  const kindMap: number[] = [];
  const kinds = [];
  for (let i = 0; i < problem.kinds.length; i++) {
    if (left[i] <= 0) continue;
    kindMap.push(i);
    kinds.push({ ...problem.kinds[i], count: left[i] });
  }
  return { problem: { width, height, forbidden, required, kinds, touch: problem.touch }, kindMap, hits };
}

/** A game: the hidden layout and the shots fired at it. */
export class FleetGame {
  /** The problem the game is played on. */
  readonly problem: FleetProblem;
  /** The hidden layout being shot at. */
  readonly layout: FleetLayout;
  /** What the shooter knows so far, updated by every shot. */
  readonly knowledge: Knowledge;
  private readonly shipAt: Int32Array;
  private readonly afloat: number[];
  private shipsLeft: number;
  /** Shots fired so far. */
  shots = 0;

  constructor(problem: FleetProblem, layout: FleetLayout) {
    checkProblem(problem);
    checkLayoutShape(layout);
    this.problem = problem;
    this.layout = layout;
    const n = problem.width * problem.height;
    this.shipAt = new Int32Array(n).fill(-1);
    layout.ships.forEach((s, i) => {
      for (const c of s.cells) {
        if (!Number.isInteger(c) || c < 0 || c >= n)
          throw new GridbitsError('BAD_INPUT', `layout: ship cell ${c} is off the board`);
        if (this.shipAt[c] >= 0) throw new GridbitsError('BAD_INPUT', `layout: two ships share square ${c}`);
        this.shipAt[c] = i;
      }
    });
    this.afloat = layout.ships.map((s) => s.cells.length);
    this.shipsLeft = layout.ships.length;
    this.knowledge = emptyKnowledge(problem);
  }

  /** True when every ship is sunk. */
  get over(): boolean {
    return this.shipsLeft === 0;
  }

  /** Whether `sq` may be shot: on the board, in the field and not shot before. */
  canShoot(sq: number): boolean {
    if (!Number.isSafeInteger(sq))
      throw new GridbitsError('BAD_ARGUMENT', `square must be a whole number (rank * width + file), got ${shown(sq)}`);
    return (
      !this.over &&
      sq >= 0 &&
      sq < this.shipAt.length &&
      this.problem.forbidden[sq] === 0 &&
      this.knowledge.marks[sq] === UNKNOWN
    );
  }

  /** Fires at `sq`; throws BAD_INPUT (nothing changed) for a square off the board or the field, or shot before. */
  shoot(sq: number): ShotResult {
    checkSquare(sq, this.shipAt.length);
    if (this.problem.forbidden[sq]) throw new GridbitsError('BAD_INPUT', 'that square is outside the field');
    if (this.knowledge.marks[sq] !== UNKNOWN) throw new GridbitsError('BAD_INPUT', 'that square has been shot already');
    if (this.over) throw new GridbitsError('BAD_INPUT', 'the game is over: every ship is sunk');
    this.shots++;
    const i = this.shipAt[sq];
    let result: ShotResult;
    if (i < 0) result = { square: sq, reply: 'miss' };
    else if (--this.afloat[i] > 0) result = { square: sq, reply: 'hit' };
    else {
      this.shipsLeft--;
      const s = this.layout.ships[i];
      result = { square: sq, reply: 'sunk', ship: { kind: s.kind, cells: [...s.cells].sort((a, b) => a - b) } };
    }
    recordShot(this.knowledge, result);
    return result;
  }
}
