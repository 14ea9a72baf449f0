// The King's Valley page's analysis run: each legal move judged by the solver in a worker, one after another
// within the position's time (values first, then the length of each proved win or loss), marks shown as they come.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { JobRunner } from '../../worker/jobs.js';
import { share, type Mark } from './analysis.js';
import type { AnalysisRequest } from './analysis.worker.js';

function makeWorker(): Worker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module', name: 'valley-analysis' });
}

export interface AnalysisState {
  status: 'off' | 'running' | 'done' | 'cancelled' | 'error';
  /** The position analysed. */
  position: string;
  marks: Record<string, Mark>;
  /** Searches done of searches planned (one per move for the values, then one per proved move for the lengths). */
  done: number;
  total: number;
  message?: string;
}

const OFF: AnalysisState = { status: 'off', position: '', marks: {}, done: 0, total: 0 };

/**
 * Runs the analysis of `position` (its legal moves `moves`) when `on`, within `seconds`; a new position, or
 * turning it off, stops the run. `again` restarts it; finished analyses are remembered for the page's life.
 */
export function useAnalysis(on: boolean, position: string, moves: readonly string[], seconds: number): { state: AnalysisState; cancel(): void; again(): void } {
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
    let done = 0, total = moves.length;
    const show = (status: AnalysisState['status'], message?: string): AnalysisState => {
      const s: AnalysisState = { status, position, marks: { ...marks }, done, total, ...(message ? { message } : {}) };
      if (live) setState(s);
      return s;
    };
    show('running');
    const deadline = performance.now() + seconds * 1000;
    void (async () => {
      try {
        // Values first: each move gets an equal share of what is left.
        for (let i = 0; i < moves.length; i++) {
          const ms = share(deadline - performance.now(), moves.length - i);
          marks[moves[i]] = ms < 5 ? { value: 'unknown', why: 'time' } : await runner.run({ position, move: moves[i], shortest: false, timeMs: ms });
          if (!live) return;
          done++;
          show('running');
        }
        // Then how long each proved win or loss takes, wins first.
        const proved = moves.filter((m) => marks[m].value === 'win' || marks[m].value === 'loss').filter((m) => marks[m].plies === undefined);
        proved.sort((a, b) => Number(marks[b].value === 'win') - Number(marks[a].value === 'win'));
        total += proved.length;
        show('running');
        for (let i = 0; i < proved.length; i++) {
          const ms = share(deadline - performance.now(), proved.length - i);
          if (ms >= 5) {
            const m = await runner.run({ position, move: proved[i], shortest: true, timeMs: ms });
            if (!live) return;
            if (m.value === marks[proved[i]].value && m.plies !== undefined) marks[proved[i]] = m;
          }
          done++;
          show('running');
        }
        cache.current.set(key, show('done'));
      } catch (e) {
        if (!live) return;
        for (const m of moves) if (marks[m].why === 'waiting') marks[m] = { value: 'unknown', why: 'cancelled' };
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
