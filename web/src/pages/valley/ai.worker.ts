// Web Worker for the King's Valley page: the computer's move, chosen off the page's thread so the page never
// freezes (the page cancels a search by ending this worker).
import { createRng } from '../../../../src/core/prng.js';
import { parseValleyPosition, playValleyMove, valleyWinner } from '../../../../src/valley/index.js';
import { serveJobs, type Endpoint } from '../../worker/jobs.js';
import { replay, type ValleyState } from './state.js';

export interface AiRequest extends Pick<ValleyState, 'variant' | 'first' | 'drawRule' | 'moves'> {
  level: number;
  seed: number;
}

export interface AiResult {
  move: string;
  /** What the engine says about its choice, for people ("depth 6, wins in 3"). */
  note: string;
}

serveJobs<AiRequest, AiResult>(self as unknown as Endpoint, (req) => {
  const game = replay(req);
  if (game.error) throw new Error(game.error);
  const now = game.snapshots[game.snapshots.length - 1];
  if (now.legal.length === 0) throw new Error('the game is over: no move to choose');
  const rng = createRng(req.seed);
  const pickAny = (moves: readonly string[]): string => moves[rng.below(moves.length)];
  if (req.level <= 1) return { move: pickAny(now.legal), note: 'a random move' };
  // One ply deep: a winning move if there is one, else a move after which the opponent cannot win at once.
  const p = parseValleyPosition(now.position);
  const me = p.side === 0 ? 'white' : 'black';
  const safe: string[] = [];
  for (const m of now.legal) {
    const next = playValleyMove(p, m);
    if (valleyWinner(next) === me) return { move: m, note: 'wins at once' };
    const replies = replay({ ...req, moves: [...game.moves, m] }).snapshots.at(-1)!.legal;
    if (!replies.some((r) => valleyWinner(playValleyMove(next, r)) === (me === 'white' ? 'black' : 'white'))) safe.push(m);
  }
  return safe.length > 0 ? { move: pickAny(safe), note: `greedy: ${safe.length} safe moves` } : { move: pickAny(now.legal), note: 'every move loses' };
});
