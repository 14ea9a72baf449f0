// The King's Valley page's requests, answered by jobs on its workers: the computer's move (the engine's search
// on the AI worker; the random and greedy players choose on the page, at once), and the analysis of every
// legal move in passes (the page's analysis job on the analysis worker, each move's search going on where the
// last pass left it).
import type { JobsByName } from '../../../../src/jobs.js';
import {
  AI_CONTEMPT,
  createPlayer,
  formatMove,
  levelBudget,
  parsePlayer,
  searchAnswer,
  type SearchResult,
} from '../../../../src/valley/index.js';
import { finishedValue } from '../../../../src/core/job.js';
import type { RunJob } from '../../worker/jobs.js';
import type { ANALYSIS_JOBS } from './analysis-job.js';
import { FIRST_PASS_MS, FIRST_PASS_NODES, share, tableFor, type Mark } from './analysis.js';
import { replay, type Player, type ValleyState } from './state.js';
import { thousands } from '../../../../src/core/text.js';

/** The jobs the AI worker serves. */
export type AiJobs = Pick<JobsByName, 'valley.search'>;

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

/** The computer's move in the game the request describes. */
export async function aiTask(req: AiRequest, run: RunJob<AiJobs>): Promise<AiResult> {
  const replayed = replay(req);
  if (replayed.error) throw new Error(replayed.error);
  if (replayed.snapshots[replayed.snapshots.length - 1].legal.length === 0)
    throw new Error('the game is over: no move to choose');
  const { game } = replayed;
  const e = game.engine;
  const history = game.historyKeys();
  const spec = parsePlayer(req.player.replace(/^ai/, 'ai:'));
  if (spec.kind !== 'ai') {
    const m = createPlayer(spec, req.seed).choose({ engine: e, history, drawRule: req.drawRule });
    return { move: formatMove(m, e.board), note: spec.kind === 'random' ? 'a random move' : 'greedy, two plies' };
  }
  const { depth, timeoutMs } = levelBudget(spec);
  // As the engine's AI players do: a repetition counts a little against the computer.
  const options = { history, drawRule: req.drawRule, contempt: AI_CONTEMPT, ...(depth === undefined ? {} : { depth }) };
  const out = await run(
    'valley.search',
    [req.variant, game.position, options],
    timeoutMs === undefined ? {} : { timeoutMs },
  );
  const r = searchAnswer(out);
  if (r === undefined || r.move === null) throw new Error('the game is over: no move to choose');
  const me = e.side;
  return {
    move: formatMove(r.move, e.board),
    note: `depth ${r.depth}, ${scoreText(r, me)}, ${thousands(r.nodes)} nodes in ${Math.round(r.timeMs)} ms`,
  };
}

/** How long the engine searches for a hint, in milliseconds (the strongest level's time a move). */
export const HINT_MS = 1000;

/** The position to hint at: a game's moves up to it. */
export type HintRequest = Pick<ValleyState, 'variant' | 'first' | 'drawRule' | 'moves'>;

/** The engine's best move for the side to move, and what its search found (a forced win, when it found one). */
export interface HintResult {
  move: string;
  /** The winner with best play and in how many plies, when the search proved it. */
  winner?: 'white' | 'black';
  plies?: number;
}

/** The engine's best move in the position the request describes, from a search of HINT_MS. */
export async function hintTask(req: HintRequest, run: RunJob<AiJobs>): Promise<HintResult> {
  const replayed = replay(req);
  if (replayed.error) throw new Error(replayed.error);
  const { game } = replayed;
  if (game.legalMoves().length === 0) throw new Error('the game is over: no move to suggest');
  const options = { history: game.historyKeys(), drawRule: req.drawRule };
  const r = searchAnswer(await run('valley.search', [req.variant, game.position, options], { timeoutMs: HINT_MS }));
  if (r === undefined || r.move === null) throw new Error('the game is over: no move to suggest');
  return {
    move: formatMove(r.move, game.engine.board),
    ...(r.winner !== undefined && r.winInPlies !== undefined ? { winner: r.winner, plies: r.winInPlies } : {}),
  };
}

/** The jobs the analysis worker serves. */
export type AnalysisJobs = typeof ANALYSIS_JOBS;

/** The analysis asked for: the position (5×5 notation), its legal moves to judge, and the time for them all. */
export interface AnalysisRequest {
  position: string;
  moves: readonly string[];
  seconds: number;
}

/** What the analysis knows so far. */
export interface AnalysisMarks {
  marks: Record<string, Mark>;
  /**
   * Searches done of searches planned (one per move in the first pass, one per move still open, one per proved
   * move for the lengths).
   */
  done: number;
  total: number;
}

/**
 * Judges each legal move within the position's time, one search after another, the marks going to `onMarks` as
 * they come: a quick first pass over every move (what proves fast is marked, the rest "?"), then the values
 * still open with the time left, then the length of each proved win or loss. Each move's search goes on in the
 * worker where the last pass left it.
 */
export async function analysisTask(
  req: AnalysisRequest,
  run: RunJob<AnalysisJobs>,
  onMarks: (m: AnalysisMarks) => void = () => undefined,
): Promise<AnalysisMarks> {
  const { position, moves } = req;
  const marks: Record<string, Mark> = {};
  for (const m of moves) marks[m] = { value: 'unknown', why: 'waiting' };
  let done = 0,
    total = moves.length;
  const show = (): AnalysisMarks => {
    const now = { marks: { ...marks }, done, total };
    onMarks(now);
    return now;
  };
  show();
  const deadline = performance.now() + req.seconds * 1000;
  const tableMegabytes = tableFor(moves.length);
  const ask = async (
    move: string,
    shortest: boolean,
    timeMs: number,
    unproved: 'later' | 'time',
    maxNodes?: number,
  ): Promise<Mark> =>
    finishedValue(
      await run('page.analyse', [
        position,
        move,
        { shortest, timeMs, unproved, tableMegabytes, ...(maxNodes === undefined ? {} : { maxNodes }) },
      ]),
    );
  const proved = (m: string): boolean => marks[m].value === 'win' || marks[m].value === 'loss';
  // A quick first pass: every move a short search, so what proves fast is marked at once and the rest "?".
  for (let i = 0; i < moves.length; i++) {
    const ms = Math.min(FIRST_PASS_MS, share(deadline - performance.now(), moves.length - i));
    marks[moves[i]] =
      ms < 5 ? { value: 'unknown', why: 'later' } : await ask(moves[i], false, ms, 'later', FIRST_PASS_NODES);
    done++;
    show();
  }
  // Then the values still open, each search going on where the first pass stopped, with an equal share of what
  // is left.
  const open = moves.filter((m) => marks[m].why === 'later');
  total += open.length;
  show();
  for (let i = 0; i < open.length; i++) {
    const ms = share(deadline - performance.now(), open.length - i);
    marks[open[i]] = ms < 5 ? { value: 'unknown', why: 'time' } : await ask(open[i], false, ms, 'time');
    done++;
    show();
  }
  // Then how long each proved win or loss takes, wins first.
  const lengths = moves.filter((m) => proved(m) && marks[m].plies === undefined);
  lengths.sort((a, b) => Number(marks[b].value === 'win') - Number(marks[a].value === 'win'));
  total += lengths.length;
  show();
  for (let i = 0; i < lengths.length; i++) {
    const ms = share(deadline - performance.now(), lengths.length - i);
    if (ms >= 5) {
      const m = await ask(lengths[i], true, ms, 'time');
      if (m.value === marks[lengths[i]].value && (m.plies !== undefined || m.atMost !== undefined))
        marks[lengths[i]] = m;
    }
    done++;
    show();
  }
  return show();
}
