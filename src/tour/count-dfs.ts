// Tour counts by backtracking with dead-end pruning: exact on small boards, a lower bound when a budget stops it.
//
// Method: exhaustive backtracking (a depth-first search over Hamiltonian paths) with a dead-end rule; no counting
// method from the literature. It counts where the frontier-based search's window is too wide for memory, and
// what it has found when a budget stops it is a lower bound, which the frontier-based search cannot give.
import type { JobControl } from '../core/job.js';
import type { CountGraph } from './count-graph.js';

export interface DfsOptions {
  closed: boolean;
  /** Start squares (counting layout vertices); every one is searched in turn. */
  starts: readonly number[];
  /** Open tours only: the square every counted tour must end on. */
  endAt?: number;
}

export interface DfsResult {
  /** Directed tours from the given starts (closed: directed closed tours from the starts). */
  count: number;
  nodes: number;
}

/**
 * Counts directed tours from each start by depth-first search, as steps of a job (the search's state is all in
 * fields: the path and each depth's next move). It keeps every square's number of
 * free neighbours and prunes a move when a free square could no longer be threaded: one with no way in, or more
 * than one that could only be the end (none for closed tours, where the start stays "free" to its neighbours
 * so the last square must be able to step back onto it).
 */
export class DfsSearch {
  private readonly free: Uint8Array;
  private readonly deg: Int32Array;
  private readonly path: Int32Array;
  private readonly cursor: Int32Array;
  /** Free squares with no free neighbour, and with exactly one (kept as squares are visited and freed). */
  private zeros = 0;
  private ones = 0;
  private startIndex = 0;
  private depth = -1;
  /** Directed tours found so far (a lower bound until the end). */
  count = 0;
  private nodes = 0;
  private finished = false;

  constructor(
    private readonly g: CountGraph,
    private readonly o: DfsOptions,
  ) {
    this.free = new Uint8Array(g.n);
    this.deg = new Int32Array(g.n);
    this.path = new Int32Array(g.n);
    this.cursor = new Int32Array(g.n);
  }

  /**
   * The share of the search done (0..1): the starts finished, and within the current start the place of the
   * first few depths' cursors among their moves (tree order, so it only grows).
   */
  private shareDone(): number {
    const { adjStart } = this.g;
    let share = 0,
      part = 1;
    for (let d = 0; d <= Math.min(this.depth, 5); d++) {
      const x = this.path[d];
      const moves = adjStart[x + 1] - adjStart[x];
      if (moves === 0) break;
      part /= moves;
      share += Math.max(0, this.cursor[d] - adjStart[x] - 1) * part;
    }
    return (this.startIndex + Math.min(1, share)) / Math.max(1, this.o.starts.length);
  }

  /**
   * Tries moves under `control` (one work unit each) to the end; `onShare` hears the share done (0..1) at each pause.
   */
  *steps(control: JobControl<unknown>, onShare: (share: number) => void): Generator<void, DfsResult, void> {
    const { g, o, free, path, cursor } = this;
    const { n, adjStart, adj } = g;
    while (!this.finished) {
      if (this.depth < 0) {
        if (this.startIndex >= o.starts.length) {
          this.finished = true;
          break;
        }
        this.begin(o.starts[this.startIndex]);
        if (this.depth < 0) continue;
      }
      const start = path[0];
      while (this.depth >= 0) {
        const depth = this.depth;
        const x = path[depth];
        const k = cursor[depth];
        if (k >= adjStart[x + 1]) {
          if (depth > 0) this.unvisit(x, start);
          this.depth--;
          continue;
        }
        cursor[depth] = k + 1;
        const y = adj[k];
        if (free[y] === 0) continue;
        const left = n - depth - 2;
        if (y === o.endAt && left > 0) continue;
        this.nodes++;
        if (control.spend()) {
          onShare(this.shareDone());
          yield;
        }
        if (left === 0) {
          if (o.closed ? this.isNeighbour(y, start) : o.endAt === undefined || y === o.endAt) this.count++;
          continue;
        }
        this.visit(y, start);
        if (!this.viable(y, left, start)) {
          this.unvisit(y, start);
          continue;
        }
        this.depth = depth + 1;
        path[depth + 1] = y;
        cursor[depth + 1] = adjStart[y];
      }
      this.startIndex++;
    }
    onShare(1);
    return { count: this.count, nodes: this.nodes };
  }

  private begin(start: number): void {
    const { g, free, deg } = this;
    free.fill(1);
    this.zeros = this.ones = 0;
    for (let y = 0; y < g.n; y++) {
      deg[y] = g.adjStart[y + 1] - g.adjStart[y];
      if (deg[y] === 0) this.zeros++;
      else if (deg[y] === 1) this.ones++;
    }
    this.visit(start, start);
    this.path[0] = start;
    this.cursor[0] = g.adjStart[start];
    if (g.n === 1) {
      if (!this.o.closed) this.count++;
      this.startIndex++;
      return;
    }
    this.depth = 0;
  }

  private visit(x: number, start: number): void {
    const { free, deg } = this;
    free[x] = 0;
    if (deg[x] === 0) this.zeros--;
    else if (deg[x] === 1) this.ones--;
    if (this.o.closed && x === start) return; // the start stays a target for the closing move
    const { adjStart, adj } = this.g;
    for (let k = adjStart[x]; k < adjStart[x + 1]; k++) {
      const y = adj[k];
      const d = --deg[y];
      if (free[y] === 0) continue;
      if (d === 0) {
        this.ones--;
        this.zeros++;
      } else if (d === 1) this.ones++;
    }
  }

  private unvisit(x: number, start: number): void {
    const { free, deg } = this;
    if (!(this.o.closed && x === start)) {
      const { adjStart, adj } = this.g;
      for (let k = adjStart[x]; k < adjStart[x + 1]; k++) {
        const y = adj[k];
        const d = ++deg[y];
        if (free[y] === 0) continue;
        if (d === 1) {
          this.zeros--;
          this.ones++;
        } else if (d === 2) this.ones--;
      }
    }
    free[x] = 1;
    if (deg[x] === 0) this.zeros++;
    else if (deg[x] === 1) this.ones++;
  }

  /**
   * After moving to x with `left` squares still free: can every free square still be threaded? A free square
   * is entered from x or a free neighbour and left to a free neighbour (or back to the start, closed tours):
   * none may have no way in, and at most one (open) or none (closed) may have only one, as it must be the end.
   */
  private viable(x: number, left: number, start: number): boolean {
    if (left === 0) return true;
    const { free, deg, g } = this;
    const { adjStart, adj } = g;
    if (this.o.closed && deg[start] === 0) return false;
    let zeroNext = 0,
      oneNext = 0;
    for (let k = adjStart[x]; k < adjStart[x + 1]; k++) {
      const y = adj[k];
      if (free[y] === 0) continue;
      if (deg[y] === 0) zeroNext++;
      else if (deg[y] === 1) oneNext++;
    }
    if (this.zeros > zeroNext) return false;
    const ends = zeroNext + this.ones - oneNext;
    return ends <= (this.o.closed ? 0 : 1);
  }

  private isNeighbour(a: number, b: number): boolean {
    const { adjStart, adj } = this.g;
    for (let k = adjStart[a]; k < adjStart[a + 1]; k++) if (adj[k] === b) return true;
    return false;
  }
}
