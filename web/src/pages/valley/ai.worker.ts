// Web Worker for the King's Valley page: the computer's move, chosen off the page's thread so the page never
// freezes (the page cancels a search by ending this worker); a job built from the engine's search, whose
// iterations are its progress.
import { job } from '../../../../src/core/job.js';
import {
  AI_CONTEMPT,
  Searcher,
  createPlayer,
  formatMove,
  levelBudget,
  parsePlayer,
  searchAnswer,
  type SearchResult,
} from '../../../../src/valley/index.js';
import { servePage, type Endpoint } from '../../worker/jobs.js';
import { replay, type Player, type ValleyState } from './state.js';

export interface AiRequest extends Pick<ValleyState, 'variant' | 'first' | 'drawRule' | 'moves'> {
  player: Exclude<Player, 'human'>;
  seed: number;
}

export interface AiResult {
  move: string;
  /** What the engine says about its choice, for people ("depth 6, wins in 3"). */
  note: string;
}

function scoreText(r: SearchResult, me: 'white' | 'black'): string {
  if (r.winner !== undefined && r.winIn !== undefined)
    return r.winner === me ? `wins in ${r.winIn}` : `loses in ${r.winIn} against best play`;
  return `score ${r.score > 0 ? '+' : ''}${r.score}`;
}

servePage<AiRequest, AiResult>(self as unknown as Endpoint, (req) => {
  const game = replay(req);
  if (game.error) throw new Error(game.error);
  const e = game.game.engine;
  const history = game.game.historyKeys();
  if (game.snapshots[game.snapshots.length - 1].legal.length === 0)
    throw new Error('the game is over: no move to choose');
  const spec = parsePlayer(req.player.replace(/^ai/, 'ai:'));
  return job(function* (ctl) {
    if (spec.kind !== 'ai') {
      const m = createPlayer(spec, req.seed).choose({ engine: e, history, drawRule: req.drawRule });
      return { move: formatMove(m, e.board), note: spec.kind === 'random' ? 'a random move' : 'greedy, two plies' };
    }
    const me = e.side;
    const { depth, timeoutMs } = levelBudget(spec);
    // As the engine's AI players do (src/valley/ai.ts): a repetition counts a little against the computer.
    const search = new Searcher().searchJob(e, { depth, history, drawRule: req.drawRule, contempt: AI_CONTEMPT });
    // A fixed depth runs as steps of this job (its iterations are the progress); a timed level within its own limit.
    const r = timeoutMs === undefined ? yield* search.within(ctl) : searchAnswer(search.runSync({ timeoutMs }));
    if (r === undefined || r.move === null) throw new Error('the game is over: no move to choose');
    return {
      move: formatMove(r.move, e.board),
      note: `depth ${r.depth}, ${scoreText(r, me)}, ${r.nodes.toLocaleString('en')} nodes in ${Math.round(r.timeMs)} ms`,
    };
  });
});
