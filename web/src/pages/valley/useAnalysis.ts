// The King's Valley page's analysis run: each legal move judged by the solver in a worker, one after another
// within the position's time, marks shown as they come: a quick first pass over every move (what proves fast is
// marked, the rest "?"), then the values still open with the time left, then the length of each proved win or loss.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { JobRunner } from '../../worker/jobs.js';
import { FIRST_PASS_MS, FIRST_PASS_NODES, share, tableFor, type Mark } from './analysis.js';
import type { AnalysisRequest } from './analysis.worker.js';

function makeWorker(): Worker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module', name: 'valley-analysis' });
}

export interface AnalysisState {
  status: 'off' | 'running' | 'done' | 'cancelled' | 'error';
  /** The position analysed. */
  position: string;
  marks: Record<string, Mark>;
  /**
   * Searches done of searches planned (one per move in the first pass, one per move still open, one per proved move for
   * the lengths).
   */
  done: number;
  total: number;
  message?: string;
}

const OFF: AnalysisState = { status: 'off', position: '', marks: {}, done: 0, total: 0 };

/**
 * Runs the analysis of `position` (its legal moves `moves`) when `on`, within `seconds`; a new position, or
 * turning it off, stops the run. `again` restarts it; finished analyses are remembered for the page's life.
 */
export function useAnalysis(
  on: boolean,
  position: string,
  moves: readonly string[],
  seconds: number,
): { state: AnalysisState; cancel(): void; again(): void } {
  const runner = useMemo(() => new JobRunner<AnalysisRequest, Mark>(makeWorker), []);
  useEffect(() => () => runner.terminate(), [runner]);
  const [state, setState] = useState<AnalysisState>(OFF);
  const cache = useRef(new Map<string, AnalysisState>());
  const [nonce, setNonce] = useState(0);
  const key = `${position}|${seconds}|${moves.join(',')}`;
  useEffect(() => {
    if (!on || moves.length === 0) {
      setState(OFF);
      return;
    }
    const cached = cache.current.get(key);
    if (cached) {
      setState(cached);
      return;
    }
    let live = true;
    const marks: Record<string, Mark> = {};
    for (const m of moves) marks[m] = { value: 'unknown', why: 'waiting' };
    let done = 0,
      total = moves.length;
    const show = (status: AnalysisState['status'], message?: string): AnalysisState => {
      const s: AnalysisState = { status, position, marks: { ...marks }, done, total, ...(message ? { message } : {}) };
      if (live) setState(s);
      return s;
    };
    show('running');
    const deadline = performance.now() + seconds * 1000;
    const tableMegabytes = tableFor(moves.length);
    const ask = (
      move: string,
      shortest: boolean,
      timeMs: number,
      unproved: 'later' | 'time',
      maxNodes?: number,
    ): Promise<Mark> =>
      runner.run({
        position,
        move,
        shortest,
        timeMs,
        unproved,
        tableMegabytes,
        ...(maxNodes === undefined ? {} : { maxNodes }),
      });
    const proved = (m: string): boolean => marks[m].value === 'win' || marks[m].value === 'loss';
    void (async () => {
      try {
        // A quick first pass: every move a short search, so what proves fast is marked at once and the rest "?".
        for (let i = 0; i < moves.length; i++) {
          const ms = Math.min(FIRST_PASS_MS, share(deadline - performance.now(), moves.length - i));
          marks[moves[i]] =
            ms < 5 ? { value: 'unknown', why: 'later' } : await ask(moves[i], false, ms, 'later', FIRST_PASS_NODES);
          if (!live) return;
          done++;
          show('running');
        }
        // Then the values still open, each search going on where the first pass stopped, with an equal share of what is
        // left.
        const open = moves.filter((m) => marks[m].why === 'later');
        total += open.length;
        show('running');
        for (let i = 0; i < open.length; i++) {
          const ms = share(deadline - performance.now(), open.length - i);
          marks[open[i]] = ms < 5 ? { value: 'unknown', why: 'time' } : await ask(open[i], false, ms, 'time');
          if (!live) return;
          done++;
          show('running');
        }
        // Then how long each proved win or loss takes, wins first.
        const lengths = moves.filter((m) => proved(m) && marks[m].plies === undefined);
        lengths.sort((a, b) => Number(marks[b].value === 'win') - Number(marks[a].value === 'win'));
        total += lengths.length;
        show('running');
        for (let i = 0; i < lengths.length; i++) {
          const ms = share(deadline - performance.now(), lengths.length - i);
          if (ms >= 5) {
            const m = await ask(lengths[i], true, ms, 'time');
            if (!live) return;
            if (m.value === marks[lengths[i]].value && (m.plies !== undefined || m.atMost !== undefined))
              marks[lengths[i]] = m;
          }
          done++;
          show('running');
        }
        // The searches kept for the next pass are not wanted any more: their worker (and its tables) goes.
        runner.terminate();
        cache.current.set(key, show('done'));
      } catch (e) {
        if (!live) return;
        for (const m of moves)
          if (marks[m].why === 'waiting' || marks[m].why === 'later') marks[m] = { value: 'unknown', why: 'cancelled' };
        if ((e as { code?: string })?.code === 'ABORTED') show('cancelled');
        else show('error', (e as Error)?.message ?? String(e));
      }
    })();
    return () => {
      live = false;
      runner.cancel();
    };
  }, [on, key, nonce]);
  return {
    state,
    cancel: () => runner.cancel(),
    again: () => {
      cache.current.delete(key);
      setNonce((n) => n + 1);
    },
  };
}
