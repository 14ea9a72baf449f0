// Plain brute-force game-theory checks on the reference generator (shares no code with the engine or search).
import { refMoves, refPlay, type RefPosition } from './reference.js';

/** 'w' or 'b' when the game is over (a King on c3; the mover's King with no empty neighbour), else null. */
function refWinner(p: RefPosition): 'w' | 'b' | null {
  if (p.grid[2][2] === 'K') return 'w';
  if (p.grid[2][2] === 'k') return 'b';
  const k = p.white ? 'K' : 'k';
  for (let r = 0; r < 5; r++) {
    for (let f = 0; f < 5; f++) {
      if (p.grid[r][f] !== k) continue;
      for (let df = -1; df <= 1; df++) {
        for (let dr = -1; dr <= 1; dr++) {
          const ff = f + df,
            rr = r + dr;
          if ((df !== 0 || dr !== 0) && ff >= 0 && ff < 5 && rr >= 0 && rr < 5 && p.grid[rr][ff] === '.') return null;
        }
      }
    }
  }
  return p.white ? 'b' : 'w';
}

/** True when White (attackerWhite) or Black can force a win within n plies, by plain minimax. */
export function refWinsWithin(p: RefPosition, attackerWhite: boolean, n: number): boolean {
  const w = refWinner(p);
  if (w !== null) return (w === 'w') === attackerWhite;
  if (n === 0) return false;
  const ms = refMoves(p);
  if (p.white === attackerWhite) return ms.some((m) => refWinsWithin(refPlay(p, m), attackerWhite, n - 1));
  return ms.length > 0 && ms.every((m) => refWinsWithin(refPlay(p, m), attackerWhite, n - 1));
}

/** The fewest plies in which the side to move forces a win, up to max (null: none within max). */
export function refWinDistance(p: RefPosition, max: number): number | null {
  for (let n = 1; n <= max; n += 2) if (refWinsWithin(p, p.white, n)) return n;
  return null;
}
