// Exact King's Valley values by plain retrograde analysis over every position reachable from some roots, on the
// reference generator (strings and coordinate loops); shares no code with the solver.
import { refFormat, refMoves, refParse, refPlay, type RefPosition } from './reference.js';

export type RefValue = 'win' | 'loss' | 'draw';

/** The position string with the ply folded to 0 (first move) or 1 (any later one): the rules see no more. */
export function refKey(p: RefPosition): string {
  return refFormat({ ...p, ply: p.ply === 0 ? 0 : 1 });
}

/**
 * Values for the side to move of every position reachable from the roots: a position without moves is lost
 * (a King already on c3, or the mover's King boxed in); won if some move leads to a lost position; lost if
 * every move leads to a won one; a draw when neither ever holds (play can go round for ever).
 * Also the plies to the end under best play (win as fast, loss as slow as possible).
 */
export function refRetrograde(roots: string[]): Map<string, { value: RefValue; plies: number }> {
  const index = new Map<string, number>();
  const children: number[][] = [];
  const queue: RefPosition[] = [];
  const add = (p: RefPosition): number => {
    const k = refKey(p);
    let i = index.get(k);
    if (i === undefined) {
      i = index.size;
      index.set(k, i);
      children.push([]);
      queue.push(p);
    }
    return i;
  };
  for (const r of roots) add(refParse(r));
  for (let i = 0; i < queue.length; i++) {
    children[i] = refMoves(queue[i]).map((m) => add(refPlay(queue[i], m)));
  }
  const n = queue.length;
  const value: Array<RefValue | undefined> = new Array(n);
  const plies = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) if (children[i].length === 0) value[i] = 'loss';
  // Sweep k settles exactly the positions decided in k plies.
  for (let k = 1, changed = true; changed; k++) {
    changed = false;
    const settled: Array<[number, RefValue]> = [];
    for (let i = 0; i < n; i++) {
      if (value[i] !== undefined) continue;
      const cs = children[i];
      if (cs.some((c) => value[c] === 'loss')) settled.push([i, 'win']);
      else if (cs.every((c) => value[c] === 'win')) settled.push([i, 'loss']);
    }
    for (const [i, v] of settled) {
      value[i] = v;
      plies[i] = k;
      changed = true;
    }
  }
  const out = new Map<string, { value: RefValue; plies: number }>();
  for (const [k, i] of index) out.set(k, { value: value[i] ?? 'draw', plies: plies[i] });
  return out;
}
