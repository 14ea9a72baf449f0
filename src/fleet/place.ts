// Complete placement search: a layout or a proof that none exists, by backtracking over placements (the
// 'search' method: most constrained kind first, capacity bounds) or over the Sea Battle article's shuffled rails.
import { GridbitsError } from '../core/error.js';
import { checkOptions, checkProblem, checkRng, RUN_KEYS, shown } from './args.js';
import type { Rng } from '../core/prng.js';
import { Job, type JobControl, type Outcome } from '../core/job.js';
import { checkLimits, type Limits, type RunOptions } from '../core/run.js';
import { placementsOf, placementSteps, type FleetPlacements } from './placements.js';
import { asideSteps } from '../core/pace.js';
import type { FleetLayout, FleetProblem } from './problem.js';

/**
 * 'search': each step places a ship of the kind with the fewest legal placements left (known hits first:
 * the required cell with the fewest coverers), pruned by capacity bounds. 'rails': the Sea Battle article's method —
 * ships in fleet order, each trying its (shuffled) rail of placements in turn; complete, but no look-ahead
 * (known hits are still covered first, as in 'search', or the rails would wander through every layout).
 */
export type PlaceMethod = 'search' | 'rails';

/** How to place: the method, and the random generator that shuffles the placements. */
export interface PlaceOptions {
  /** 'search' (default) or 'rails'. */
  method?: PlaceMethod;
  /** Shuffles every kind's rail of placements: a different layout per seed. Without it, placement order. */
  rng?: Rng;
}

/**
 * A finished placement: a layout, or a proof that none exists (the reason says which proof), with the search nodes it
 * took.
 */
export type PlaceResult =
  | {
      /** A layout was found. */
      exists: true;
      /** The layout found. */
      layout: FleetLayout;
      /** Search nodes it took. */
      nodes: number;
    }
  | {
      /** No layout exists. */
      exists: false;
      /** How that was proved, in words. */
      reason: string;
      /** Search nodes it took. */
      nodes: number;
    };

const BLOCKED_FOREVER = 1 << 28;

/**
 * Dilations used by the capacity bounds. Ships that may not touch at all stay apart after each grows by
 * one cell right and up (into a (W+1)×(H+1) grid), so the grown areas must fit the grown free area; ships
 * that may meet at corners stay apart after growing one cell right (and, separately, one cell up).
 */
const DILATIONS: Record<FleetProblem['touch'], ReadonlyArray<ReadonlyArray<readonly [number, number]>>> = {
  none: [
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
  ],
  corner: [
    [
      [0, 0],
      [1, 0],
    ],
    [
      [0, 0],
      [0, 1],
    ],
  ],
  any: [[[0, 0]]],
};

/**
 * A reusable placer for one problem: placements are built once, each search (placeJob, place, placeSync)
 * starts afresh. One search at a time: a new search's first step resets the placer under an unfinished one.
 */
export class FleetPlacer {
  /** The problem it places. */
  readonly problem: FleetProblem;
  /** Every legal placement of every kind, built once. */
  readonly placements: FleetPlacements;
  /** Ships in the fleet. */
  readonly total: number;
  private readonly kinds: number;
  private readonly base: Int32Array;
  private readonly blocked: Int32Array;
  private readonly occupied: Uint8Array;
  private readonly rail: Int32Array;
  private readonly lastPos: Int32Array;
  private readonly left: Int32Array;
  private readonly dKind: Int32Array;
  private readonly dCell: Int32Array;
  private readonly dPos: Int32Array;
  private readonly dPlaced: Int32Array;
  private readonly dPrevLast: Int32Array;
  private readonly requiredCells: Int32Array;
  private readonly mark: Int32Array;
  private readonly gridMark: Int32Array;
  private readonly grownSize: Int32Array[];
  private stampId = 0;
  private shuffled = false;
  private lazyRng: Rng | null = null;
  private readonly drawn: Int32Array;
  private rootOk: boolean | undefined;
  // The resumable state of the current search.
  private d = 0;
  private entering = true;
  private placed = 0;
  /** Search nodes (ships put down) of the current or last search. */
  nodes = 0;

  /** A placer for the problem; `placements` when they are built already (fleetPlacements(problem)). */
  constructor(problem: FleetProblem, placements?: FleetPlacements) {
    this.problem = problem;
    const pl = (this.placements = placements ?? placementsOf(problem));
    const cells = problem.width * problem.height;
    this.kinds = problem.kinds.length;
    this.total = problem.kinds.reduce((n, k) => n + k.count, 0);
    this.base = new Int32Array(cells);
    for (let s = 0; s < cells; s++) if (problem.forbidden[s]) this.base[s] = BLOCKED_FOREVER;
    this.blocked = new Int32Array(cells);
    this.occupied = new Uint8Array(cells);
    this.rail = Int32Array.from({ length: pl.count }, (_, i) => i);
    this.lastPos = new Int32Array(this.kinds);
    this.left = new Int32Array(this.kinds);
    this.drawn = new Int32Array(this.kinds);
    const depth = this.total + 1;
    this.dKind = new Int32Array(depth);
    this.dCell = new Int32Array(depth);
    this.dPos = new Int32Array(depth);
    this.dPlaced = new Int32Array(depth);
    this.dPrevLast = new Int32Array(depth);
    const req: number[] = [];
    if (problem.required) for (let s = 0; s < cells; s++) if (problem.required[s]) req.push(s);
    this.requiredCells = Int32Array.from(req);
    this.mark = new Int32Array(cells);
    this.gridMark = new Int32Array((problem.width + 1) * (problem.height + 1));
    this.grownSize = DILATIONS[problem.touch].map((dil) =>
      Int32Array.from(problem.kinds, (k) => Math.min(...k.orientations.map((o) => grownArea(o, dil)))),
    );
  }

  /**
   * The job searching for a layout or a proof that none exists. Its nodes are the ships put down; a search
   * stopped by its limits has no partial (half a layout proves nothing), and running it again goes on.
   */
  placeJob(options: PlaceOptions = {}): Job<PlaceResult> {
    checkPlaceOptions(options);
    return new Job((ctl) => this.search(options, ctl), { unit: 'nodes' });
  }

  /** placeJob run to its end or its limits, giving the event loop a turn as it goes. */
  place(options: PlaceOptions & RunOptions = {}): Promise<Outcome<PlaceResult>> {
    return this.placeJob(options).run(options);
  }

  /** placeJob run to its end or its limits on this thread. */
  placeSync(options: PlaceOptions & RunOptions = {}): Outcome<PlaceResult> {
    return this.placeJob(options).runSync(options);
  }

  private *search(options: PlaceOptions, ctl: JobControl<never>): Generator<void, PlaceResult, void> {
    this.reset(options);
    for (;;) {
      const r = this.run(options, ctl);
      if (r !== null) return r;
      yield;
    }
  }

  private reset(options: PlaceOptions): void {
    const pl = this.placements;
    this.blocked.set(this.base);
    if (this.requiredCells.length > 0) this.occupied.fill(0);
    const rng = options.rng;
    this.lazyRng = options.method === 'rails' && rng ? rng : null;
    if (rng === undefined) {
      if (this.shuffled) for (let p = 0; p < pl.count; p++) this.rail[p] = p;
      this.shuffled = false;
    } else if (this.lazyRng === null) {
      // The search scans whole rails at every node, so they are shuffled in full (any permutation shuffles uniformly).
      for (let k = 0; k < this.kinds; k++) {
        const lo = pl.kindStart[k];
        for (let i = pl.kindStart[k + 1] - 1; i > lo; i--) {
          const j = lo + rng.below(i - lo + 1);
          const t = this.rail[i];
          this.rail[i] = this.rail[j];
          this.rail[j] = t;
        }
      }
      this.shuffled = true;
    } else this.shuffled = true;
    for (let k = 0; k < this.kinds; k++) {
      this.lastPos[k] = pl.kindStart[k] - 1;
      this.drawn[k] = pl.kindStart[k];
      this.left[k] = this.problem.kinds[k].count;
    }
    this.d = 0;
    this.placed = 0;
    this.entering = true;
    this.nodes = 0;
  }

  /**
   * The rails never need look-ahead, so their order is drawn lazily, a position at a time (a Fisher–Yates shuffle
   * revealed as it is read).
   */
  private draw(k: number, pos: number): void {
    const end = this.placements.kindStart[k + 1];
    const j = pos + this.lazyRng!.below(end - pos);
    const t = this.rail[pos];
    this.rail[pos] = this.rail[j];
    this.rail[j] = t;
    this.drawn[k] = pos + 1;
  }

  /** The capacity bounds at the root, the same for every rail order: computed once. */
  private rootBound(): boolean {
    if (this.rootOk === undefined) this.rootOk = this.bounds(false);
    return this.rootOk;
  }

  /** Runs until an answer (returned) or until the job wants a pause (null; the state stays for the next call). */
  private run(options: PlaceOptions, ctl: JobControl<never>): PlaceResult | null {
    const pl = this.placements;
    const { rail, lastPos, left, blocked, dKind, dCell, dPos, dPlaced, dPrevLast } = this;
    const { cellStart, cellList, haloStart, haloList, kindStart, coverStart, coverList } = pl;
    const rails = options.method === 'rails';
    const hasRequired = this.requiredCells.length > 0;
    let d = this.d,
      entering = this.entering,
      nodes = this.nodes,
      placed = this.placed;
    const save = (): void => {
      this.d = d;
      this.entering = entering;
      this.nodes = nodes;
      this.placed = placed;
    };
    const legal = (p: number): boolean => {
      for (let i = cellStart[p], e = cellStart[p + 1]; i < e; i++) if (blocked[cellList[i]] !== 0) return false;
      return true;
    };
    for (;;) {
      if (entering) {
        entering = false;
        let k = -1,
          cell = -1;
        if (hasRequired) cell = this.requiredChoice();
        // Known hits branch on their coverers, still under the capacity bounds.
        if (cell === -2 || (cell >= 0 && !rails && this.bounds(true) === -2)) k = -2;
        else if (cell === -1) {
          if (placed === this.total) {
            if (!hasRequired || this.requiredCovered()) {
              save();
              return { exists: true, layout: this.layout(), nodes };
            }
            k = -2;
          } else if (rails) {
            k = d === 0 && !this.rootBound() ? -2 : this.nextKind();
          } else {
            k = this.kindChoice();
          }
        }
        dCell[d] = cell;
        if (k === -2) {
          // A dead end: no branch to try here.
          dKind[d] = -1;
          dPos[d] = 0;
          dCell[d] = -1;
          dPlaced[d] = -1;
          if (d === 0) {
            save();
            return {
              exists: false,
              nodes,
              reason:
                nodes === 0
                  ? 'the ships cannot fit: the capacity bound fails before any ship is placed'
                  : `proved by exhaustive search (${nodes} nodes)`,
            };
          }
          d--;
          continue;
        }
        dKind[d] = k;
        if (cell >= 0) dPos[d] = coverStart[cell] - 1;
        else {
          dPrevLast[d] = lastPos[k];
          dPos[d] = lastPos[k];
        }
        dPlaced[d] = -1;
      }
      // Advance depth d to its next branch.
      const was = dPlaced[d];
      const cell = dCell[d];
      if (was >= 0) {
        this.unplace(was);
        placed--;
        const wk = pl.kind[was];
        left[wk]++;
        if (cell < 0) lastPos[wk] = dPrevLast[d];
        dPlaced[d] = -1;
      }
      let next = -1,
        pos = dPos[d] + 1;
      if (cell >= 0) {
        for (const end = coverStart[cell + 1]; pos < end; pos++) {
          const p = coverList[pos];
          if (left[pl.kind[p]] > 0 && legal(p)) {
            next = p;
            break;
          }
        }
      } else if (dKind[d] >= 0) {
        const k = dKind[d],
          lazy = this.lazyRng !== null;
        for (const end = kindStart[k + 1]; pos < end; pos++) {
          if (lazy && pos >= this.drawn[k]) this.draw(k, pos);
          if (legal(rail[pos])) {
            next = rail[pos];
            break;
          }
        }
      }
      if (next < 0) {
        if (d === 0) {
          save();
          return { exists: false, nodes, reason: `proved by exhaustive search (${nodes} nodes)` };
        }
        d--;
        continue;
      }
      dPos[d] = pos;
      dPlaced[d] = next;
      const nk = pl.kind[next];
      left[nk]--;
      if (cell < 0) lastPos[nk] = pos;
      for (let i = haloStart[next], e = haloStart[next + 1]; i < e; i++) blocked[haloList[i]]++;
      if (hasRequired)
        for (let i = cellStart[next], e = cellStart[next + 1]; i < e; i++) this.occupied[cellList[i]] = 1;
      placed++;
      d++;
      entering = true;
      nodes++;
      if (ctl.spend()) {
        save();
        return null;
      }
    }
  }

  /** The rails' kind order: the fleet's (largest ships first), each kind's ships one after another. */
  private nextKind(): number {
    let k = 0;
    while (this.left[k] === 0) k++;
    return k;
  }

  private unplace(p: number): void {
    const { haloStart, haloList, cellStart, cellList } = this.placements;
    for (let i = haloStart[p], e = haloStart[p + 1]; i < e; i++) this.blocked[haloList[i]]--;
    if (this.requiredCells.length > 0)
      for (let i = cellStart[p], e = cellStart[p + 1]; i < e; i++) this.occupied[cellList[i]] = 0;
  }

  private legalAt(p: number): boolean {
    const { cellStart, cellList } = this.placements;
    for (let i = cellStart[p], e = cellStart[p + 1]; i < e; i++) if (this.blocked[cellList[i]] !== 0) return false;
    return true;
  }

  private requiredCovered(): boolean {
    for (const s of this.requiredCells) if (!this.occupied[s]) return false;
    return true;
  }

  /** The uncovered required cell with the fewest legal coverers; -1 when all are covered, -2 when one has none. */
  private requiredChoice(): number {
    const { coverStart, coverList, kind } = this.placements;
    let best = -1,
      bestCount = Infinity;
    for (const s of this.requiredCells) {
      if (this.occupied[s]) continue;
      let n = 0;
      for (let i = coverStart[s]; i < coverStart[s + 1]; i++)
        if (this.left[kind[coverList[i]]] > 0 && this.legalAt(coverList[i])) n++;
      if (n === 0) return -2;
      if (n < bestCount) [best, bestCount] = [s, n];
    }
    return best;
  }

  /** The kind with the fewest legal placements left (bigger ships on ties); -2 when the bounds fail. */
  private kindChoice(): number {
    return this.bounds(true);
  }

  /**
   * Counts each unfinished kind's legal placements (after its last placed ship), marks the cells they could
   * cover, and checks the capacity bounds. Returns the most constrained kind (choose) or 1 (a pass), -2 on failure.
   */
  private bounds(choose: true): number;
  private bounds(choose: false): boolean;
  private bounds(choose: boolean): number | boolean {
    const pl = this.placements;
    const { cellStart, cellList, kindStart } = pl;
    const stamp = ++this.stampId;
    const mark = this.mark;
    let best = -1,
      bestCount = Infinity;
    for (let k = 0; k < this.kinds; k++) {
      if (this.left[k] === 0) continue;
      let n = 0;
      for (let pos = this.lastPos[k] + 1, end = kindStart[k + 1]; pos < end; pos++) {
        const p = this.rail[pos];
        if (!this.legalAt(p)) continue;
        n++;
        for (let i = cellStart[p], e = cellStart[p + 1]; i < e; i++) mark[cellList[i]] = stamp;
      }
      if (n < this.left[k]) return choose ? -2 : false;
      if (n < bestCount) [best, bestCount] = [k, n];
    }
    const w = this.problem.width,
      h = this.problem.height,
      gw = w + 1;
    const dils = DILATIONS[this.problem.touch];
    for (let di = 0; di < dils.length; di++) {
      let need = 0;
      for (let k = 0; k < this.kinds; k++) need += this.left[k] * this.grownSize[di][k];
      const gstamp = ++this.stampId;
      let area = 0;
      for (let s = 0; s < w * h; s++) {
        if (mark[s] !== stamp) continue;
        const x = s % w,
          y = (s / w) | 0;
        for (const [dx, dy] of dils[di]) {
          const g = (y + dy) * gw + x + dx;
          if (this.gridMark[g] !== gstamp) {
            this.gridMark[g] = gstamp;
            area++;
          }
        }
      }
      if (need > area) return choose ? -2 : false;
    }
    return choose ? best : true;
  }

  private layout(): FleetLayout {
    const pl = this.placements;
    const ships: FleetLayout['ships'] = [];
    for (let i = 0; i < this.d; i++) {
      const p = this.dPlaced[i];
      const cells: number[] = [];
      for (let j = pl.cellStart[p]; j < pl.cellStart[p + 1]; j++) cells.push(pl.cellList[j]);
      ships.push({ kind: pl.kind[p], cells });
    }
    ships.sort((a, b) => a.kind - b.kind || a.cells[0] - b.cells[0]);
    return { ships };
  }
}

/** The options checked where the search is made: a method of the two, a generator with `below`. */
function checkPlaceOptions(options: PlaceOptions): void {
  checkOptions(options, ['method', 'rng', ...RUN_KEYS]);
  const { method, rng } = options;
  if (method !== undefined && method !== 'search' && method !== 'rails')
    throw new GridbitsError('BAD_ARGUMENT', `options.method must be search or rails, got ${String(method)}`);
  if (rng !== undefined) checkRng(rng, 'options.rng');
}

/** The number of cells a shape covers after growing by the dilation. */
function grownArea(o: ReadonlyArray<readonly [number, number]>, dil: ReadonlyArray<readonly [number, number]>): number {
  const seen = new Set<number>();
  for (const [x, y] of o) for (const [dx, dy] of dil) seen.add((y + dy) * 100_003 + x + dx);
  return seen.size;
}

/**
 * The job placing the fleet: a layout for the problem, or a proof that none exists (see FleetPlacer).
 *
 * @example
 * ```ts
 * import { createRng } from 'gridbits/core';
 * import { fleetProblem, placeFleetSync } from 'gridbits/fleet';
 * const outcome = placeFleetSync(fleetProblem({ width: 10, height: 10, fleet: 'classic' }), {
 *   method: 'rails',
 *   rng: createRng(1),
 *   maxNodes: 1_000_000,
 * });
 * if (outcome.finished && outcome.value.exists) console.log(outcome.value.layout.ships.length); // 10
 * ```
 */
export function placeFleetJob(problem: FleetProblem, options: PlaceOptions = {}): Job<PlaceResult> {
  checkProblem(problem);
  checkPlaceOptions(options);
  // The placer's placements are made in the body under the job's pacing (about 10 ms at once before the code is
  // compiled, where the job is made).
  return new Job(
    function* (ctl) {
      const placer = new FleetPlacer(problem, yield* asideSteps(ctl, placementSteps(problem)));
      return yield* placer.placeJob(options).within(ctl);
    },
    { unit: 'nodes' },
  );
}

/** Layouts placed one after another by one placer: the answer of the worker job `fleet.layouts`. */
export interface PlacedLayouts {
  /** The layouts found, in order. */
  layouts: FleetLayout[];
  /** Search nodes of every search run. */
  nodes: number;
  /** Set when a search proved that no layout exists: how, in words. */
  none?: string;
  /** Set when a search's own limit stopped it before it found a layout. */
  cut?: {
    /** Which limit stopped it. */
    stopped: 'nodes' | 'time';
    /** That search's nodes. */
    nodes: number;
  };
}

/**
 * The job placing `count` layouts one after another with one placer and one random stream (`rng`), each search
 * within limits of its own (`limits`, as for placeFleet). It ends at the first search that finds no layout:
 * `none` says why when it proved there is none, `cut` which limit stopped it. A run stopped by its own limits or
 * its signal has the layouts found so far as its partial. Progress: the search's, or with several layouts the
 * share of them found.
 */
export function placeLayoutsJob(
  problem: FleetProblem,
  count: number,
  options: PlaceOptions & Limits = {},
): Job<PlacedLayouts, PlacedLayouts> {
  checkProblem(problem);
  if (!(Number.isSafeInteger(count) && count >= 1))
    throw new GridbitsError('BAD_ARGUMENT', `count must be a whole number ≥ 1, got ${shown(count)}`);
  const { maxNodes, timeoutMs, ...place } = options;
  checkPlaceOptions(place);
  checkLimits({ maxNodes, timeoutMs });
  return new Job<PlacedLayouts, PlacedLayouts>(
    function* (ctl) {
      const layouts: FleetLayout[] = [];
      let nodes = 0;
      ctl.partial = () => ({ layouts: layouts.slice(), nodes });
      // The placements are made here, under the job's pacing, as for placeFleetJob.
      const placer = new FleetPlacer(problem, yield* asideSteps(ctl, placementSteps(problem)));
      for (let i = 0; i < count; i++) {
        const several = count > 1 ? () => ctl.report({ share: i / count, done: i, unit: 'layouts' }) : undefined;
        const o = yield* placer.placeJob(place).runWithin(ctl, { maxNodes, timeoutMs, onProgress: several });
        nodes += o.nodes;
        // The outer run's own stops pause it inside runWithin: an inner stop is one of its own limits.
        if (!o.finished) return { layouts, nodes, cut: { stopped: o.stopped as 'nodes' | 'time', nodes: o.nodes } };
        if (!o.value.exists) return { layouts, nodes, none: o.value.reason };
        layouts.push(o.value.layout);
      }
      if (count > 1) ctl.report({ share: 1, done: count, unit: 'layouts' });
      return { layouts, nodes };
    },
    { unit: 'nodes' },
  );
}

/** placeFleetJob run to its end or its limits, giving the event loop a turn as it goes (Ctrl-C, progress). */
export function placeFleet(
  problem: FleetProblem,
  options: PlaceOptions & RunOptions = {},
): Promise<Outcome<PlaceResult>> {
  return placeFleetJob(problem, options).run(options);
}

/** placeFleetJob run to its end or its limits on this thread. */
export function placeFleetSync(problem: FleetProblem, options: PlaceOptions & RunOptions = {}): Outcome<PlaceResult> {
  return placeFleetJob(problem, options).runSync(options);
}
