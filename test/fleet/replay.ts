// The posterior by brute force for the fleet tests: every layout of a tiny problem, kept when replaying the
// shots against it gives the very replies the game gave (sunk ships included), counted per cell.
import { bruteEnumerate, type RefLayout, type RefProblem } from '../reference/fleet.js';

export interface Shot {
  square: number;
  reply: string;
  /** The sunk ship's cells, sorted, for a sunk reply. */
  ship?: number[];
}

/** The replies a layout gives to `squares` fired in order (plain code, no engine). */
export function replies(layout: RefLayout, squares: number[]): Shot[] {
  const left = layout.ships.map((s) => s.cells.length);
  const owner = new Map<number, number>();
  layout.ships.forEach((s, i) => s.cells.forEach((c) => owner.set(c, i)));
  return squares.map((sq) => {
    const i = owner.get(sq);
    if (i === undefined) return { square: sq, reply: 'miss' };
    left[i]--;
    return left[i] > 0
      ? { square: sq, reply: 'hit' }
      : { square: sq, reply: 'sunk', ship: [...layout.ships[i].cells].sort((a, b) => a - b) };
  });
}

const key = (shots: Shot[]): string => shots.map((s) => `${s.square}:${s.reply}:${s.ship?.join(',') ?? ''}`).join(' ');

/** Layouts matching the replies to `squares` that `hidden` gave, and how many of them cover each cell. */
export function posterior(p: RefProblem, hidden: RefLayout, squares: number[]): { total: number; counts: number[] } {
  const want = key(replies(hidden, squares));
  const counts = new Array<number>(p.width * p.height).fill(0);
  let total = 0;
  bruteEnumerate(p, (l) => {
    if (key(replies(l, squares)) !== want) return;
    total++;
    for (const s of l.ships) for (const c of s.cells) counts[c]++;
  });
  return { total, counts };
}

/** Every layout of a tiny problem. */
export function allLayouts(p: RefProblem): RefLayout[] {
  const out: RefLayout[] = [];
  bruteEnumerate(p, (l) => {
    out.push(l);
  });
  return out;
}
