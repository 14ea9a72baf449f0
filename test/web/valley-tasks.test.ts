// The King's Valley page's requests in Node, on its workers' jobs served over a MessageChannel: the computer's
// move (legal by the plain reference rules, a win in one taken), the analysis job whose searches go on between
// requests and after a cancel, and the analysis passes agreeing with the tests' own solver runs.
import { describe, expect, it } from 'vitest';
import { finishedValue } from '../../src/core/job.js';
import { jobs as valley } from '../../src/valley/jobs.js';
import {
  START,
  createEngine,
  formatMove,
  legalMoves,
  parsePosition,
  play,
  solveSync,
  winnerOf,
} from '../../src/valley/index.js';
import { JobRunner, type RunJob } from '../../web/src/worker/jobs.js';
import { ANALYSIS_JOBS } from '../../web/src/pages/valley/analysis-job.js';
import {
  aiTask,
  analysisTask,
  type AiJobs,
  type AiRequest,
  type AnalysisJobs,
  type AnalysisMarks,
} from '../../web/src/pages/valley/tasks.js';
import { replay } from '../../web/src/pages/valley/state.js';
import { fakeWorker } from './fake-worker.js';
import { gridMoves, gridParse } from '../valley/grid-reference.js';

/** The game of valley.test.ts: after these moves, c1c3 puts White's King on the valley. */
const PLAYED = ['d1e2', 'd5d1', 'e2c4', 'a5d2'];

describe("the computer's move", () => {
  const ask = (req: Omit<AiRequest, 'first' | 'drawRule' | 'seed'>, made: { n: number }) =>
    new JobRunner<AiRequest, Awaited<ReturnType<typeof aiTask>>, AiJobs>(() => {
      made.n++;
      return fakeWorker({ 'valley.search': valley.search }).worker;
    }, aiTask).run({ first: 'w', drawRule: true, seed: 7, ...req });

  it('random and greedy choose on the page, legal moves by the reference rules', async () => {
    const made = { n: 0 };
    const legal = gridMoves(
      gridParse(replay({ variant: 'standard', first: 'w', drawRule: true, moves: [] }).game.position),
    );
    for (const player of ['random', 'greedy'] as const) {
      const r = await ask({ variant: 'standard', moves: [], player }, made);
      expect(legal).toContain(r.move);
    }
    expect(made.n).toBe(0);
  });

  it('a level searches on the worker: a win in one is taken, at a fixed depth and in a time limit', async () => {
    const made = { n: 0 };
    for (const player of ['ai1', 'ai4'] as const) {
      const r = await ask({ variant: 'standard', moves: PLAYED, player }, made);
      expect(r.move).toBe('c1c3');
      expect(r.note).toMatch(/wins in 1/);
    }
    expect(made.n).toBe(2);
    // Labyrinth's 7×7 board goes to the worker as its position string too.
    const r = await ask({ variant: 'labyrinth', moves: [], player: 'ai1' }, made);
    const start = replay({ variant: 'labyrinth', first: 'w', drawRule: true, moves: [] }).game.position;
    expect(gridMoves(gridParse(start))).toContain(r.move);
    expect(r.note).toMatch(/^depth 1,/);
  });

  it('refuses a game that is over', async () => {
    await expect(ask({ variant: 'standard', moves: [...PLAYED, 'c1c3'], player: 'ai1' }, { n: 0 })).rejects.toThrow(
      /game is over/,
    );
  });
});

describe('the analysis job', () => {
  type Args = Parameters<AnalysisJobs['page.analyse']>;
  /** One 'page.analyse' request: its mark, and the nodes it spent (this request's alone). */
  const task = async (args: Args, run: RunJob<AnalysisJobs>) => {
    const out = await run('page.analyse', args);
    return { nodes: out.nodes, mark: finishedValue(out) };
  };
  const runner = () => new JobRunner(() => fakeWorker(ANALYSIS_JOBS).worker, task);
  const analyse = (r: ReturnType<typeof runner>, ...args: Args) => r.run(args);

  it('goes on with a move where the last request left it: the value first, the length when asked', async () => {
    // The solver proves this move's value in about 4,800 nodes and its quickest win in about 110,000.
    const position = 'ss1ss/1S3/4k/5/SSKS1 w 2';
    const child = play(parsePosition(position), 'd1e1');
    const fresh = solveSync(createEngine(child), { shortest: true, proofSize: false, tableMegabytes: 4 });
    expect(fresh.finished).toBe(true);
    if (!fresh.finished) return;
    const value = fresh.value.value === 'loss' ? 'win' : 'loss';
    const r = runner();
    const quick = { shortest: false, timeMs: 60_000, maxNodes: 3000, unproved: 'later' as const, tableMegabytes: 4 };
    expect((await analyse(r, position, 'd1e1', quick)).mark).toEqual({ value: 'unknown', why: 'later' });
    // The value alone asked, with no node budget: the request ends once it is proved, with the proof's length as
    // a bound (the quickest win not sought).
    const second = (await analyse(r, position, 'd1e1', { ...quick, maxNodes: undefined })).mark;
    expect(second.value).toBe(value);
    expect(second.plies).toBeUndefined();
    expect(second.atMost).toBeGreaterThanOrEqual(fresh.value.shortest! + 1);
    const long = await analyse(r, position, 'd1e1', { ...quick, shortest: true, maxNodes: undefined });
    expect(long.mark).toEqual({ value, plies: fresh.value.shortest! + 1 });
    expect(long.nodes).toBeLessThan(fresh.nodes);
    r.terminate();
  });

  it('after a cancel, the next request goes on with the search the cancelled one was in', async () => {
    // The quickest win after this move takes the solver about 360,000 nodes (several of its slices).
    const position = 'ssk1s/1S3/5/s4/SSKS1 w 2';
    const fresh = solveSync(createEngine(play(parsePosition(position), 'c1a3')), {
      shortest: true,
      proofSize: false,
      tableMegabytes: 4,
    });
    expect(fresh.finished).toBe(true);
    if (!fresh.finished) return;
    const r = runner();
    const options = { shortest: true, timeMs: 60_000, unproved: 'time' as const, tableMegabytes: 4 };
    // Cancelled at its first progress report, after one slice of the search.
    const stopped = r.run([position, 'c1a3', options], { onProgress: () => r.cancel() });
    await expect(stopped).rejects.toMatchObject({ code: 'ABORTED' });
    const again = await analyse(r, position, 'c1a3', options);
    expect(again.mark).toEqual({
      value: fresh.value.value === 'loss' ? 'win' : 'loss',
      plies: fresh.value.shortest! + 1,
    });
    expect(again.nodes).toBeLessThan(fresh.nodes);
    r.terminate();
  });
});

describe('the analysis passes', () => {
  it("mark every legal move as the tests' own solver runs do, each search counted", async () => {
    let p = parsePosition(START);
    for (const m of PLAYED) p = play(p, m);
    const moves = legalMoves(p).map((m) => formatMove(m, createEngine(p).board));
    const seen: AnalysisMarks[] = [];
    const runner = new JobRunner<{ position: string; moves: string[]; seconds: number }, AnalysisMarks, AnalysisJobs>(
      () => fakeWorker(ANALYSIS_JOBS).worker,
      (req, run) => analysisTask(req, run, (m) => seen.push(m)),
    );
    const end = await runner.run({
      position: replay({ variant: 'standard', first: 'w', drawRule: true, moves: PLAYED }).game.position,
      moves,
      seconds: 20,
    });
    runner.terminate();
    for (const m of moves) {
      const child = play(p, m);
      if (winnerOf(child) !== null) {
        expect(end.marks[m]).toEqual({ value: 'win', plies: 1 });
        continue;
      }
      const out = solveSync(createEngine(child), { shortest: true, tableMegabytes: 16 });
      if (!out.finished) throw new Error(`the tests' solver run did not finish on ${m}`);
      const value = out.value.value === 'loss' ? 'win' : out.value.value === 'win' ? 'loss' : 'draw';
      expect(end.marks[m]).toEqual(value === 'draw' ? { value } : { value, plies: out.value.shortest! + 1 });
    }
    // The first pass marks every move, then the lengths of those proved without one: each search counted once.
    expect(seen[0].marks[moves[0]]).toEqual({ value: 'unknown', why: 'waiting' });
    expect(end.done).toBe(end.total);
    expect(end.total).toBeGreaterThanOrEqual(moves.length);
    expect(seen.at(-1)).toEqual(end);
  });
});
