// What the Sea Battle game shows, worked out from the engine's shot record (src/fleet/game.ts): each cell's
// mark (with the water a sunk ship implies under the touch rule), the ships still afloat, the log's words; no DOM.
import type { Board } from '../../../../src/core/board.js';
import { HIT, MISS, SUNK } from '../../../../src/fleet/game.js';
import { haloOf, type FleetProblem, type Knowledge, type ShotResult } from '../../../../src/fleet/index.js';

/**
 * A cell as the shooter sees it: not shot, a miss, a hit on a ship afloat, part of a sunk ship, or water the touch rule
 * implies.
 */
export type CellMark = 'unknown' | 'miss' | 'hit' | 'sunk' | 'water';

/**
 * Cells no ship can cover because a sunk ship lies next to them (its halo under the touch rule: all eight
 * neighbours when ships may not touch at all, the four edge neighbours when corners may touch, none when
 * ships may touch), not shot yet: 1 there, else 0.
 */
function impliedWater(problem: FleetProblem, k: Knowledge): Uint8Array {
  const out = new Uint8Array(problem.width * problem.height);
  for (const s of k.sunk) {
    for (const c of haloOf(s.cells, problem.width, problem.height, problem.touch)) {
      if (k.marks[c] === 0 && !problem.forbidden[c]) out[c] = 1;
    }
  }
  return out;
}

/** Every cell's mark. */
export function cellMarks(problem: FleetProblem, k: Knowledge): CellMark[] {
  const water = impliedWater(problem, k);
  return Array.from(k.marks, (m, s) =>
    m === MISS ? 'miss' : m === HIT ? 'hit' : m === SUNK ? 'sunk' : water[s] ? 'water' : 'unknown',
  );
}

/** Per kind of the fleet: how many ships it has and how many of them are sunk. */
export interface RosterLine {
  kind: number;
  count: number;
  sunk: number;
}

/** The fleet's kinds with their ships sunk so far. */
export function roster(problem: FleetProblem, k: Knowledge): RosterLine[] {
  const lines = problem.kinds.map((kind, i) => ({ kind: i, count: kind.count, sunk: 0 }));
  for (const s of k.sunk) lines[s.kind].sunk++;
  return lines;
}

/** Ships still afloat, over the whole fleet. */
export function afloat(problem: FleetProblem, k: Knowledge): number {
  return roster(problem, k).reduce((n, l) => n + l.count - l.sunk, 0);
}

/**
 * A log line: "You fired at e5: miss", "… : hit", "… : sank the 4-cell ship" (or "a 2-cell ship" when the
 * fleet has several of that kind); `names` are the kinds' names (shapes.ts kindNames).
 */
export function replyText(
  who: string,
  board: Board,
  r: ShotResult,
  problem: FleetProblem,
  names: readonly string[],
): string {
  const at = board.name(r.square);
  if (r.reply !== 'sunk') return `${who} ${at}: ${r.reply}`;
  const kind = r.ship!.kind;
  return `${who} ${at}: sank ${problem.kinds[kind].count === 1 ? 'the' : 'a'} ${names[kind]}`;
}

/** How a finished game reads: who won, in how many shots. */
export function outcomeText(winner: 'you' | 'computer', shots: number): string {
  return winner === 'you'
    ? `You win: every ship of the computer’s fleet sunk in ${shots} shots.`
    : `You lose: the computer sank your whole fleet in ${shots} shots.`;
}
