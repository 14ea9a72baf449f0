// The King's Valley page's analysis, free of the DOM: what the solver says of each legal move (win, loss or
// draw, and in how many plies), how the marks read on the board and in the list, and how the time is shared.
import type { SolveResult, VariantName } from '../../../../src/valley/index.js';

/** What is known of one legal move, for the side that plays it. */
export interface Mark {
  /** Proved: the move wins, loses or draws against best play; unknown: not proved in the time (or still waiting). */
  value: 'win' | 'loss' | 'draw' | 'unknown';
  /** Plies from now to the end of the game with best play on both sides, this move counted (when found). */
  plies?: number;
  /**
   * Before plies is found: the winner wins within this many plies by following the solver's proof (this move counted).
   */
  atMost?: number;
  /**
   * Why a move stays unknown: still to be searched, not proved in the first quick pass (searched again later),
   * out of time, stopped, or too long a line for the solver.
   */
  why?: 'waiting' | 'later' | 'time' | 'cancelled' | 'deep';
  /** The game's draw rule ends it at once: this move repeats a position for the third time. */
  repetition?: boolean;
}

/** Whether the solver can analyse this variant (it plays the 5×5 rules; Labyrinth's 7×7 board is beyond it). */
export function analysable(variant: VariantName): boolean {
  return variant !== 'labyrinth';
}

/** Seconds of thinking per position the page offers. */
export const THINK_SECONDS = [2, 5, 20, 60] as const;
export const DEFAULT_THINK = 5;

export function thinkLabel(s: number): string {
  return s < 60 ? `${s} s per position` : `${s / 60} min per position`;
}

/** Each move's search in the first pass, which marks at once what proves quickly: at most these milliseconds... */
export const FIRST_PASS_MS = 150;
/** ...and at most these nodes (about 20–150 ms here). */
export const FIRST_PASS_NODES = 2000;

/**
 * The mark of a move from the solver's answer on the position after it (where the other side is to move): a
 * loss there is a win for the move, and the plies are the quickest forced win there plus this move (or, before
 * that is found, the proof's length plus this move as a bound). Unproved: `why` says why (default: out of time).
 */
export function markFromChild(
  r: (Pick<SolveResult, 'value' | 'shortest'> & Partial<Pick<SolveResult, 'proofDepth'>>) | undefined,
  why: Mark['why'] = 'time',
): Mark {
  if (r?.value === undefined) return { value: 'unknown', why };
  if (r.value === 'draw') return { value: 'draw' };
  const value = r.value === 'loss' ? 'win' : 'loss';
  if (r.shortest !== undefined) return { value, plies: r.shortest + 1 };
  return typeof r.proofDepth === 'number' ? { value, atMost: r.proofDepth + 1 } : { value };
}

/** Whether a move's mark is on the board yet (anything but "still to be searched"). */
export function marked(m: Mark | undefined): boolean {
  return m !== undefined && m.why !== 'waiting';
}

/** The short mark on a destination square: "win 9", "loss 4", "win ≤11" (a bound), "draw", "win", "?" (not proved). */
export function badge(m: Mark): string {
  if (m.value === 'unknown') return m.why === 'waiting' ? '…' : '?';
  if (m.value === 'draw') return 'draw';
  if (m.plies !== undefined) return `${m.value} ${m.plies}`;
  return m.atMost === undefined ? m.value : `${m.value} ≤${m.atMost}`;
}

function seconds(s: number): string {
  return s < 60 ? `${s} s` : `${s / 60} min`;
}

function plies(n: number): string {
  return `${n} ${n === 1 ? 'ply' : 'plies'}`;
}

/** The mark in words, for the list and for screen readers: "wins in 9 plies". */
export function markWords(m: Mark, thinkSeconds: number): string {
  if (m.repetition) return 'draws at once: the position occurs a third time';
  switch (m.value) {
    case 'win':
      if (m.plies === undefined)
        return m.atMost === undefined
          ? `wins (its length not found in ${seconds(thinkSeconds)})`
          : `wins in at most ${plies(m.atMost)} (the quickest not found in ${seconds(thinkSeconds)})`;
      return m.plies === 1 ? 'wins at once' : `wins in ${plies(m.plies)}`;
    case 'loss':
      if (m.plies === undefined)
        return m.atMost === undefined
          ? `loses (its length not found in ${seconds(thinkSeconds)})`
          : `loses in at most ${plies(m.atMost)} (the quickest not found in ${seconds(thinkSeconds)})`;
      return `loses in ${plies(m.plies)}`;
    case 'draw':
      return 'draws: neither side can force a win';
    default:
      if (m.why === 'waiting') return 'being analysed…';
      if (m.why === 'later') return 'not proved yet: searched again shortly';
      if (m.why === 'cancelled') return 'not proved (analysis stopped)';
      if (m.why === 'deep') return 'not proved: its lines are too long for the solver';
      return `not proved in ${seconds(thinkSeconds)}`;
  }
}

/** Best first for the side to move: quickest wins, draws, unknown, then the longest losses. */
export function markRank(m: Mark): number {
  if (m.value === 'win') return (m.plies ?? m.atMost ?? 500) - 1000;
  if (m.value === 'draw') return 0;
  if (m.value === 'unknown') return 1;
  return 1000 - (m.plies ?? m.atMost ?? 500);
}

/** The marks to draw on each destination square: every move into it, "a1 win 9" when several pieces go there. */
export function squareMarks(
  marks: Readonly<Record<string, Mark>>,
  moves: readonly string[],
): Map<string, { move: string; text: string; mark: Mark }[]> {
  const out = new Map<string, { move: string; text: string; mark: Mark }[]>();
  for (const move of moves) {
    const mark = marks[move];
    if (mark === undefined) continue;
    const to = move.slice(2);
    const list = out.get(to) ?? [];
    list.push({ move, text: badge(mark), mark });
    out.set(to, list);
  }
  for (const list of out.values()) {
    list.sort((a, b) => markRank(a.mark) - markRank(b.mark));
    if (list.length > 1) for (const e of list) e.text = `${e.move.slice(0, 2)} ${e.text}`;
  }
  return out;
}

/** The time each of `left` searches may take when `ms` remain: an equal share (what one leaves, the next gets). */
export function share(ms: number, left: number): number {
  return left <= 0 ? 0 : Math.max(0, ms / left);
}

/**
 * The solver's table per move, in MB: every move's search is kept between passes, so the moves share about
 * 128 MB (4 to 32 MB each).
 */
export function tableFor(moves: number): number {
  return Math.max(4, Math.min(32, Math.floor(128 / Math.max(1, moves))));
}
