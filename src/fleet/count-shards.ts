// A layout count split into shards by where one ship lies: for a count that outgrows one process, on a job
// queue or the local cores. Each shard is a set of places for that ship, and counts the rest of the fleet around
// each place exactly (an ordinary count, with the ship's cells and its neighbours taken off the field).
import { GridbitsError } from '../core/error.js';
import { job, type Job, type JobControl, type Outcome } from '../core/job.js';
import type { Progress, RunOptions } from '../core/run.js';
import { DEFAULT_SHARDS, type ShardCount, type ShardedCount as BaseShardedCount } from '../core/shards.js';
import { checkOptions, checkProblem, checkWhole, RUN_KEYS, shown } from './args.js';
import { countLayoutsJob } from './count.js';
import { FLEET_MAX_SIDE } from './field.js';
import { TOUCH_RULES } from './fleets.js';
import { haloIn } from './game.js';
import { forEachFieldPlacement } from './placements.js';
import type { FleetProblem, ShipKind, Touch } from './problem.js';
import { isTooLarge } from './memory.js';
import { allSteps, asideSteps } from '../core/pace.js';
import { MAX_SHIP_CELLS, normaliseShape, shapeId } from './shape.js';

/**
 * The question a sharded layout count answers, as plain data (it travels to other processes and machines as
 * JSON): a {@link FleetProblem} whose masks are lists of squares.
 */
export interface LayoutCountQuestion {
  /** Files of the board (cells per row). */
  width: number;
  /** Ranks of the board (rows). */
  height: number;
  /** The fleet's ship kinds, as in the problem. */
  kinds: ShipKind[];
  /** How ships may meet. */
  touch: Touch;
  /** Squares no ship may cover (sq = rank * width + file). */
  forbidden?: number[];
  /** Squares some ship must cover. */
  required?: number[];
}

/** A layout count split into shards: each is counted on its own, anywhere, and their counts add up to it. */
export interface ShardedLayoutCount extends BaseShardedCount<LayoutCountQuestion> {
  kind: 'fleet';
  /**
   * 'placements': each shard takes some places of one ship (the largest) and counts the rest of the fleet
   * around each; 'whole': one shard, the whole count (a fleet of one ship, or one place up to symmetry).
   */
  method: 'placements' | 'whole';
}

/** The most shards a count may be asked to split into (it splits into no more than its classes of places anyway). */
const MAX_SHARDS = 1_000_000;

/** The question for a problem: its masks as lists of squares, its kinds as plain data. */
export function layoutCountQuestion(p: FleetProblem): LayoutCountQuestion {
  checkProblem(p, 'problem');
  const list = (m: Uint8Array | undefined): number[] | undefined => {
    if (m === undefined) return undefined;
    const out: number[] = [];
    for (let i = 0; i < m.length; i++) if (m[i]) out.push(i);
    return out.length === 0 ? undefined : out;
  };
  const forbidden = list(p.forbidden),
    required = list(p.required);
  const kinds = p.kinds.map((k) => ({
    name: k.name,
    orientations: k.orientations.map((o) => o.map(([x, y]) => [x, y] as [number, number])),
    count: k.count,
  }));
  return {
    width: p.width,
    height: p.height,
    kinds,
    touch: p.touch,
    ...(forbidden ? { forbidden } : {}),
    ...(required ? { required } : {}),
  };
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * The problem a question asks about, its plain data checked (it may come from anywhere); throws BAD_ARGUMENT
 * naming `name`, the argument that carried it.
 */
export function questionProblem(q: LayoutCountQuestion, name = 'question'): FleetProblem {
  const bad = (why: string): GridbitsError =>
    new GridbitsError('BAD_ARGUMENT', `${name}: the count's question is malformed: ${why}`);
  if (typeof q !== 'object' || q === null) throw bad('it is not an object');
  if (!isInt(q.width, 1, FLEET_MAX_SIDE) || !isInt(q.height, 1, FLEET_MAX_SIDE))
    throw bad(`its board is not a width and a height from 1 to ${FLEET_MAX_SIDE}`);
  if (!(TOUCH_RULES as readonly unknown[]).includes(q.touch))
    throw bad(`its touch rule is not one of ${TOUCH_RULES.join(', ')}`);
  if (!Array.isArray(q.kinds) || q.kinds.length === 0) throw bad('it has no ship kinds');
  const cells = q.width * q.height;
  const kinds: ShipKind[] = q.kinds.map((k, i) => {
    if (typeof k !== 'object' || k === null || typeof k.name !== 'string' || !isInt(k.count, 1, 1_000_000))
      throw bad(`its ship kind ${i + 1} has no name or count`);
    if (!Array.isArray(k.orientations) || k.orientations.length === 0)
      throw bad(`its ship kind ${k.name} has no orientations`);
    const orientations = k.orientations.map((o) => {
      if (!Array.isArray(o) || o.length === 0 || o.length > MAX_SHIP_CELLS)
        throw bad(`ship kind ${k.name} has an orientation with no cells or too many`);
      if (
        !o.every(
          (c) => Array.isArray(c) && c.length === 2 && isInt(c[0], 0, FLEET_MAX_SIDE) && isInt(c[1], 0, FLEET_MAX_SIDE),
        )
      )
        throw bad(`ship kind ${k.name} has a cell that is not two whole numbers`);
      if (new Set(o.map(([x, y]) => `${x},${y}`)).size !== o.length) throw bad(`ship kind ${k.name} has a cell twice`);
      return o.map(([x, y]) => [x, y] as [number, number]);
    });
    if (orientations.some((o) => o.length !== orientations[0].length))
      throw bad(`ship kind ${k.name} has orientations of different sizes`);
    return { name: k.name, orientations, count: k.count };
  });
  const mask = (list: number[] | undefined, what: string): Uint8Array | undefined => {
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) throw bad(`its ${what} squares are not a list`);
    const m = new Uint8Array(cells);
    for (const s of list) {
      if (!isInt(s, 0, cells - 1)) throw bad(`${what} square ${String(s)} is not on the ${q.width}x${q.height} board`);
      m[s] = 1;
    }
    return m;
  };
  const required = mask(q.required, 'required');
  return {
    width: q.width,
    height: q.height,
    forbidden: mask(q.forbidden, 'forbidden') ?? new Uint8Array(cells),
    ...(required ? { required } : {}),
    kinds,
    touch: q.touch,
  };
}

/** One place of the split's ship up to the field's symmetries: its cells and how many places it stands for. */
interface Orbit {
  cells: number[];
  weight: number;
}

/** How a problem splits: the ship whose places are split (its kind) and those places up to symmetry. */
interface Split {
  problem: FleetProblem;
  kind: number;
  orbits: Orbit[];
}

/** A board symmetry: where it sends a square, and its linear part on a shape's offsets. */
interface Symmetry {
  square: (sq: number) => number;
  offset: (o: readonly [number, number]) => [number, number];
}

/**
 * The board's symmetries (8 on a square board, 4 otherwise) that keep the field, its masks and every ship kind; yields
 * after each symmetry tried (see splitSteps).
 */
function* symmetriesOf(p: FleetProblem): Generator<void, Symmetry[], void> {
  const { width: w, height: h } = p;
  const out: Symmetry[] = [];
  for (const swap of w === h ? [false, true] : [false]) {
    for (const fx of [false, true]) {
      for (const fy of [false, true]) {
        const offset = (o: readonly [number, number]): [number, number] => {
          const [x, y] = swap ? [o[1], o[0]] : [o[0], o[1]];
          return [fx ? -x : x, fy ? -y : y];
        };
        const square = (sq: number): number => {
          const x0 = sq % w,
            y0 = (sq / w) | 0;
          let [x, y] = swap ? [y0, x0] : [x0, y0];
          if (fx) x = w - 1 - x;
          if (fy) y = h - 1 - y;
          return y * w + x;
        };
        const g = { square, offset };
        if (keeps(p, g)) out.push(g);
        yield;
      }
    }
  }
  return out;
}

function keeps(p: FleetProblem, g: Symmetry): boolean {
  const cells = p.width * p.height;
  for (let s = 0; s < cells; s++) {
    const t = g.square(s);
    if (p.forbidden[s] !== p.forbidden[t]) return false;
    if (p.required && p.required[s] !== p.required[t]) return false;
  }
  return p.kinds.every((k) =>
    sameShapes(
      k,
      k.orientations.map((o) => o.map(g.offset)),
    ),
  );
}

function sameShapes(k: ShipKind, moved: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): boolean {
  const ids = new Set(k.orientations.map((o) => shapeId(o)));
  return moved.every((o) => ids.has(shapeId(normaliseShape(o))));
}

/**
 * The split of a problem: the kind with the largest ships (the fewest of them among equals) and its places on
 * the field, one per class of places the field's symmetries exchange. Null where the count does not split: a
 * fleet of one ship, or fewer than two classes of places.
 */
function splitOf(problem: FleetProblem): Split | null {
  return allSteps(splitSteps(problem));
}

/** Places of the split's ship sorted into classes between two of splitSteps' yields. */
const PLACES_PER_STEP = 16;

/**
 * splitOf in short parts, yielding between them: a shard's job finds its split in its body, under its pacing (the
 * first split of a run takes over 10 ms at once on 10×10 while the code is not yet compiled).
 */
function* splitSteps(problem: FleetProblem): Generator<void, Split | null, void> {
  const ships = problem.kinds.reduce((n, k) => n + k.count, 0);
  if (ships < 2) return null;
  let kind = 0;
  for (let i = 1; i < problem.kinds.length; i++) {
    const a = problem.kinds[i],
      b = problem.kinds[kind];
    if (a.orientations[0].length === b.orientations[0].length && a.count < b.count) kind = i;
  }
  const syms = yield* symmetriesOf(problem);
  const seen = new Set<string>();
  const orbits: Orbit[] = [];
  const places: number[][] = [];
  forEachFieldPlacement(problem, kind, (cells) => places.push([...cells].sort((a, b) => a - b)));
  for (let i = 0; i < places.length; i++) {
    if (i % PLACES_PER_STEP === PLACES_PER_STEP - 1) yield;
    const own = places[i];
    const id = own.join(',');
    if (seen.has(id)) continue;
    const images = new Set<string>();
    for (const g of syms)
      images.add(
        own
          .map(g.square)
          .sort((a, b) => a - b)
          .join(','),
      );
    for (const i of images) seen.add(i);
    orbits.push({ cells: own, weight: images.size });
  }
  return orbits.length < 2 ? null : { problem, kind, orbits };
}

/** The count's key: the question in full, the method and the number of shards. */
function keyOf(q: LayoutCountQuestion, method: string, shards: number): string {
  return `fleet-count ${JSON.stringify(q)} ${method} ${shards}`;
}

/**
 * Splits a layout count into shards (`shards` of them at most: no more than the ship's classes of places).
 * The shards' counts add up to the count times `divisor`, the number of ships of the split's kind: each
 * layout is counted once for each of them.
 */
export function shardLayoutCount(question: LayoutCountQuestion, shards = DEFAULT_SHARDS): ShardedLayoutCount {
  checkWhole(shards, 'shards', 1, MAX_SHARDS);
  const split = splitOf(questionProblem(question));
  if (split === null) return { kind: 'fleet', question, method: 'whole', shards: 1, key: keyOf(question, 'whole', 1) };
  const n = Math.min(shards, split.orbits.length);
  return {
    kind: 'fleet',
    question,
    method: 'placements',
    shards: n,
    divisor: split.problem.kinds[split.kind].count,
    key: keyOf(question, 'placements', n),
  };
}

/**
 * The rest of the fleet around one place of the split's ship: the ship's cells and the neighbours its touch
 * rule keeps free leave the field, cells it covers are no longer required, and the fleet has one ship fewer of
 * its kind. Null when no layout can have the ship there (a required cell among those neighbours).
 */
function restAround(split: Split, cells: readonly number[]): FleetProblem | null {
  const p = split.problem;
  const halo = haloIn(cells, p.width, p.height, p.touch);
  if (p.required && halo.some((c) => p.required![c])) return null;
  const forbidden = p.forbidden.slice();
  for (const c of cells) forbidden[c] = 1;
  for (const c of halo) forbidden[c] = 1;
  let required: Uint8Array | undefined;
  if (p.required) {
    required = p.required.slice();
    for (const c of cells) required[c] = 0;
  }
  const kinds = p.kinds.map((k, i) => (i === split.kind ? { ...k, count: k.count - 1 } : k)).filter((k) => k.count > 0);
  return { width: p.width, height: p.height, forbidden, ...(required ? { required } : {}), kinds, touch: p.touch };
}

/** Layouts of an empty fleet: one (nothing placed) unless some cell must be covered. */
function emptyFleetCount(p: FleetProblem): bigint {
  return p.required?.some((r) => r === 1) ? 0n : 1n;
}

/**
 * A count of one part of the fleet's layouts, for a shard. A problem too large for the counting program's memory
 * cap is said with LIMIT here: a shard's answer is a count, which the shard runners add up (a whole count answers
 * TooLarge instead).
 */
function* partCount<P>(
  problem: FleetProblem,
  ctl: JobControl<P>,
  report?: (p: Progress) => void,
): Generator<void, bigint, void> {
  const n = yield* countLayoutsJob(problem).within(ctl, report);
  if (isTooLarge(n)) throw new GridbitsError('LIMIT', `too large to count exactly: ${n.reason}`);
  return n;
}

/**
 * Counts one shard, as a job: for each place of the split's ship in the shard, the layouts of the rest of the
 * fleet around it, times the places it stands for. Its nodes are the states its counts expanded; progress
 * goes by places. The shard's data is checked where the job is made, and a shard of another split is refused when
 * the job runs (finding the split is work that pauses).
 */
export function countLayoutShardJob(sharded: ShardedLayoutCount, index: number): Job<ShardCount, unknown> {
  if (
    typeof sharded !== 'object' ||
    sharded === null ||
    sharded.kind !== 'fleet' ||
    !Number.isSafeInteger(sharded.shards)
  )
    throw new GridbitsError('BAD_ARGUMENT', `sharded must be a count split by shardLayoutCount, got ${shown(sharded)}`);
  const sc = sharded;
  if (!Number.isInteger(index) || index < 0 || index >= sc.shards)
    throw new GridbitsError('BAD_ARGUMENT', `index ${shown(index)} is not one of the count's ${sc.shards} shards`);
  const problem = questionProblem(sc.question, 'sharded');
  return job(function* (ctl: JobControl<unknown>) {
    // The split is found here rather than where the job is made: a shard of another split is refused when it runs.
    if (sc.method !== 'whole') ctl.report({ share: 0, done: 0, unit: 'places' });
    const split = sc.method === 'whole' ? null : yield* asideSteps(ctl, splitSteps(problem));
    if (sc.method !== 'whole' && (split === null || Math.min(sc.shards, split.orbits.length) !== sc.shards))
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `sharded: the count splits into ${split === null ? 1 : Math.min(sc.shards, split.orbits.length)} shards, not ${sc.shards}`,
      );
    if (split === null) {
      const count = yield* partCount(problem, ctl);
      return { index, key: sc.key, count, nodes: ctl.nodes };
    }
    const mine = split.orbits.filter((_, i) => i % sc.shards === index);
    let count = 0n;
    for (let i = 0; i < mine.length; i++) {
      ctl.report({ share: i / mine.length, done: i, unit: 'places' });
      const rest = restAround(split, mine[i].cells);
      if (rest === null) continue;
      const part = (p: Progress): void => ctl.report({ share: (i + (p.share ?? 0)) / mine.length });
      const n = rest.kinds.length === 0 ? emptyFleetCount(rest) : yield* partCount(rest, ctl, part);
      count += BigInt(mine[i].weight) * n;
    }
    ctl.report({ share: 1, done: mine.length });
    return { index, key: sc.key, count, nodes: ctl.nodes };
  });
}

/** countLayoutShardJob run to its end or its limits, giving the event loop a turn as it goes. */
export function countLayoutShard(
  sharded: ShardedLayoutCount,
  index: number,
  options: RunOptions = {},
): Promise<Outcome<ShardCount, unknown>> {
  checkOptions(options, RUN_KEYS);
  return countLayoutShardJob(sharded, index).run(options);
}

/** countLayoutShardJob run to its end or its limits on this thread. */
export function countLayoutShardSync(
  sharded: ShardedLayoutCount,
  index: number,
  options: RunOptions = {},
): Outcome<ShardCount, unknown> {
  checkOptions(options, RUN_KEYS);
  return countLayoutShardJob(sharded, index).runSync(options);
}
