// The backtracking search of a small board step by step (the engine's resumable SearchMachine, the ITMO paper's
// automaton): step, run, pause and reset, the backtrack counter, the depth and the latest events.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import { SearchMachine, type SearchSwitches, type SearchEvent, type Query } from '../../../../src/tour/index.js';
import { SpeedControl } from '../../controls/SpeedControl.js';
import { useTicker } from '../../controls/ticker.js';
import { SEARCH_MAX_SPEED } from './speed.js';
import { thousands } from '../../../../src/core/text.js';

/**
 * Boards up to this many squares are searched step by step: up to 32×32 the board is one button per square, and
 * a 32×32 search runs to its tour in 1.5 s at full speed ("tours search" rows in bench/results/web-caps.md).
 */
export const SEARCH_MAX_CELLS = 1024;
/** Events kept in the list under the board. */
const LOG = 12;

interface Logged extends SearchEvent {
  n: number;
}

interface SearchSnapshot {
  path: Int32Array;
  events: number;
  backtracks: number;
  tryIndex: number;
  log: Logged[];
  status: 'ready' | 'searching' | 'found' | 'exhausted' | 'error';
  error?: string;
}

const EMPTY: SearchSnapshot = {
  path: new Int32Array(0),
  events: 0,
  backtracks: 0,
  tryIndex: 0,
  log: [],
  status: 'ready',
};

export interface Search {
  snap: SearchSnapshot;
  running: boolean;
  speed: number;
  setSpeed(n: number): void;
  step(): void;
  run(): void;
  pause(): void;
  reset(): void;
}

/** The optimisations the page lets one switch off, to watch the plain search backtrack. */
export interface PageSwitches {
  warnsdorff: boolean;
  deadCells: boolean;
}

/** A SearchMachine for the query, made afresh whenever `key` changes; `query` null when the board is too large. */
export function useSearch(query: Query | null, switches: SearchSwitches, key: string): Search {
  const machine = useRef<SearchMachine | null>(null);
  const log = useRef<Logged[]>([]);
  const count = useRef(0);
  const [snap, setSnap] = useState<SearchSnapshot>(EMPTY);
  const [running, setRunning] = useState(false);
  const [speed, setSpeed] = useState(20);

  const snapshot = (): void => {
    const m = machine.current;
    if (!m) return;
    const last = log.current[log.current.length - 1];
    const status =
      last?.kind === 'found'
        ? 'found'
        : last?.kind === 'exhausted'
          ? 'exhausted'
          : count.current === 0
            ? 'ready'
            : 'searching';
    setSnap({
      path: m.currentPath().slice(),
      events: count.current,
      backtracks: m.backtracks,
      tryIndex: m.tryIndex,
      log: log.current.slice(),
      status,
    });
  };

  const reset = (): void => {
    setRunning(false);
    log.current = [];
    count.current = 0;
    machine.current = null;
    if (query === null) {
      setSnap(EMPTY);
      return;
    }
    try {
      machine.current = new SearchMachine(query, switches);
      snapshot();
    } catch (e) {
      setSnap({ ...EMPTY, status: 'error', error: (e as Error).message });
    }
  };
  useEffect(reset, [key]);

  /** Makes up to n steps; false once the machine has answered. */
  const advance = (n: number): boolean => {
    const m = machine.current;
    if (!m || m.done) return false;
    for (let i = 0; i < n && !m.done; i++) {
      const e = m.step();
      count.current++;
      log.current.push({ ...e, n: count.current });
    }
    if (log.current.length > LOG) log.current = log.current.slice(-LOG);
    snapshot();
    return !m.done;
  };

  useTicker(running, speed, advance, () => setRunning(false));

  return {
    snap,
    running,
    speed,
    setSpeed,
    step: () => {
      setRunning(false);
      advance(1);
    },
    run: () => machine.current && !machine.current.done && setRunning(true),
    pause: () => setRunning(false),
    reset,
  };
}

/** One line of the event list, e.g. "move 5 to c3", "back from c3 (move 5)". */
function eventText(board: Board, e: SearchEvent): string {
  const sq = board.name(e.square);
  switch (e.kind) {
    case 'move':
      return `move ${e.depth + 1} to ${sq}`;
    case 'backtrack':
      return `back from ${sq} (move ${e.depth + 1})`;
    case 'found':
      return `tour found, ending on ${sq}`;
    case 'exhausted':
      return `no tour from ${sq}`;
    default:
      return `restart from ${sq} with the next move order`;
  }
}

/** "1 backtrack", "19 backtracks". */
function plural(n: number, one: string): string {
  return `${thousands(n)} ${one}${n === 1 ? '' : 's'}`;
}

/** The line under the search: where it stands, in words. */
function statusText(snap: SearchSnapshot, running: boolean, held: boolean): string {
  if (held) return 'Not started: there is no tour to find.';
  switch (snap.status) {
    case 'ready':
      return 'Ready: press Step or Run.';
    case 'found':
      return `Tour found after ${plural(snap.backtracks, 'backtrack')} and ${plural(snap.events, 'step')}.`;
    case 'exhausted':
      return `No tour: the search tried everything (${plural(snap.backtracks, 'backtrack')}).`;
    default:
      return running ? 'Searching…' : 'Paused.';
  }
}

interface ControlsProps {
  board: Board;
  search: Search;
  tooLarge: boolean;
  switches: PageSwitches;
  onSwitches: (s: PageSwitches) => void;
  /** What the page already knows: no tour from this start (its headline and the proof), or null. */
  known: { none: string; why: string } | null;
  /** The user asked to watch the search regardless of `known`. */
  anyway: boolean;
  onAnyway: () => void;
}

export function SearchControls({
  board,
  search,
  tooLarge,
  switches,
  onSwitches,
  known,
  anyway,
  onAnyway,
}: ControlsProps) {
  if (tooLarge) {
    return (
      <p class="help" id="search-status">
        The step-by-step search is for boards of up to {thousands(SEARCH_MAX_CELLS)} squares (try 3×4 or 5×5), where
        every square is a button of its own.
      </p>
    );
  }
  const { snap, running } = search;
  // Known already: the search is not started (it would try every path, for minutes on 5×5) unless asked for.
  const held = known !== null && !anyway;
  const done = snap.status === 'found' || snap.status === 'exhausted' || held;
  return (
    <div class="search-panel">
      {known && (
        <div id="search-known" class="answer" role="status">
          <p class="none">
            <strong>{known.none}.</strong>
          </p>
          <p class="reason">Known without searching: {known.why}.</p>
          {held && (
            <button type="button" onClick={onAnyway}>
              Watch the search anyway
            </button>
          )}
        </div>
      )}
      <div class="buttons player" role="group" aria-label="Search controls">
        <button type="button" onClick={search.step} disabled={done}>
          Step
        </button>
        {running ? (
          <button type="button" onClick={search.pause}>
            Pause
          </button>
        ) : (
          <button type="button" onClick={search.run} disabled={done}>
            Run
          </button>
        )}
        <button type="button" onClick={search.reset}>
          Reset
        </button>
      </div>
      <SpeedControl
        id="search-speed"
        speed={search.speed}
        max={SEARCH_MAX_SPEED}
        unit="steps"
        onChange={search.setSpeed}
      />
      <div class="switches">
        <label class="check">
          <input
            type="checkbox"
            checked={switches.warnsdorff}
            onChange={(ev) => onSwitches({ ...switches, warnsdorff: (ev.currentTarget as HTMLInputElement).checked })}
          />
          Warnsdorff order (fewest onward moves first)
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={switches.deadCells}
            onChange={(ev) => onSwitches({ ...switches, deadCells: (ev.currentTarget as HTMLInputElement).checked })}
          />
          Dead-cell pruning
        </label>
        <p class="help">
          Switch both off to watch the plain search of the paper backtrack (3×4 from b4: 19 backtracks).
        </p>
      </div>
      {snap.error ? (
        <p class="error" role="alert">
          {snap.error}
        </p>
      ) : (
        <dl class="stats" aria-live="off">
          <div>
            <dt>Steps</dt>
            <dd id="search-events">{snap.events}</dd>
          </div>
          <div>
            <dt>Depth</dt>
            <dd id="search-depth">
              {snap.path.length} / {board.cells}
            </dd>
          </div>
          <div>
            <dt>Backtracks</dt>
            <dd id="search-backtracks">{snap.backtracks}</dd>
          </div>
          <div>
            {/* After a long fruitless search it starts again, trying the moves in another order. */}
            <dt>Attempt</dt>
            <dd>{snap.tryIndex + 1}</dd>
          </div>
        </dl>
      )}
      <p id="search-status" class="search-status" role="status">
        {statusText(snap, running, held)}
      </p>
      <ol class="events" aria-label="Latest search events">
        {snap.log.map((e) => (
          <li key={e.n} class={`ev-${e.kind}`} value={e.n}>
            {eventText(board, e)}
          </li>
        ))}
      </ol>
    </div>
  );
}
