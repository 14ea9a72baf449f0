// The King's Valley page's analysis run: each legal move judged by the solver in a worker, one after another
// within the position's time, marks shown as they come (the passes are analysisTask's). A new position, or
// turning it off, stops the run; the position analysed again goes on where its searches were left.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { JobRunner } from '../../worker/jobs.js';
import type { Mark } from './analysis.js';
import { analysisTask, type AnalysisJobs, type AnalysisMarks, type AnalysisRequest } from './tasks.js';

function makeWorker(): Worker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module', name: 'valley-analysis' });
}

export interface AnalysisState extends AnalysisMarks {
  status: 'off' | 'running' | 'done' | 'cancelled' | 'error';
  /** The position analysed. */
  position: string;
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
  const sink = useRef<(m: AnalysisMarks) => void>(() => undefined);
  const runner = useMemo(
    () =>
      // Each run's marks go to the listener set when it started, never to a later run's.
      new JobRunner<AnalysisRequest, AnalysisMarks, AnalysisJobs>(makeWorker, (req, run) =>
        analysisTask(req, run, sink.current),
      ),
    [],
  );
  useEffect(() => () => runner.terminate(), [runner]);
  const [state, setState] = useState<AnalysisState>(OFF);
  const cache = useRef(new Map<string, AnalysisState>());
  const [nonce, setNonce] = useState(0);
  const key = `${position}|${seconds}|${moves.join(',')}`;
  useEffect(() => {
    if (!on || moves.length === 0) {
      // The searches kept for a later run are not wanted any more: their worker (and its tables) goes.
      if (!on) runner.terminate();
      setState(OFF);
      return;
    }
    const cached = cache.current.get(key);
    if (cached) {
      setState(cached);
      return;
    }
    let live = true;
    let last: AnalysisMarks = { marks: {}, done: 0, total: moves.length };
    sink.current = (m) => {
      last = m;
      if (live) setState({ status: 'running', position, ...m });
    };
    runner.run({ position, moves, seconds }).then(
      (m) => {
        const done: AnalysisState = { status: 'done', position, ...m };
        cache.current.set(key, done);
        if (live) setState(done);
      },
      (e: unknown) => {
        if (!live) return;
        const marks: Record<string, Mark> = { ...last.marks };
        for (const m of moves)
          if (marks[m]?.why === 'waiting' || marks[m]?.why === 'later')
            marks[m] = { value: 'unknown', why: 'cancelled' };
        const stopped = { position, ...last, marks };
        if ((e as { code?: string })?.code === 'ABORTED') setState({ status: 'cancelled', ...stopped });
        else setState({ status: 'error', ...stopped, message: (e as Error)?.message ?? String(e) });
      },
    );
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
