// Replays a solver's strategy against every defence on the reference generator: an independent check of a proof.
import { refKey } from './solve-reference.js';
import { refMoves, refParse, refPlay, type RefPosition } from './reference.js';

/**
 * Walks every line from start where the winner (the side to move when moverWins, else the other) plays
 * strategy[position] and the loser tries each legal move; returns the number of positions visited and the
 * longest line. Throws if a strategy move is missing or illegal, or a line is not won within maxPlies.
 */
export function replayStrategy(
  start: string,
  strategy: Record<string, string>,
  moverWins: boolean,
  maxPlies: number,
): { positions: number; longest: number } {
  const root = refParse(start);
  const winnerWhite = moverWins === root.white;
  const done = new Map<string, number>();
  let positions = 0;
  // The plies still needed to win from p (at most budget), or throws.
  const visit = (p: RefPosition, budget: number): number => {
    const key = refKey(p);
    const known = done.get(key);
    if (known !== undefined && known <= budget) return known;
    positions++;
    const moves = refMoves(p);
    if (moves.length === 0) {
      // Over: the side to move has lost (a King on c3 moved there last, or its King is boxed in).
      if (p.white === winnerWhite) throw new Error(`the winner has lost in ${key}`);
      done.set(key, 0);
      return 0;
    }
    if (budget === 0) throw new Error(`not won within the plies allowed: ${key}`);
    let need = 0;
    if (p.white === winnerWhite) {
      const m = strategy[key];
      if (m === undefined) throw new Error(`no strategy move in ${key}`);
      if (!moves.includes(m)) throw new Error(`strategy move ${m} is illegal in ${key}`);
      need = 1 + visit(refPlay(p, m), budget - 1);
    } else {
      for (const m of moves) need = Math.max(need, 1 + visit(refPlay(p, m), budget - 1));
    }
    done.set(key, need);
    return need;
  };
  const longest = visit(root, maxPlies);
  return { positions, longest };
}
