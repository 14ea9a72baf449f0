// One seeded random walk on the Random walk page, played move by move over the survival map: where it goes, when
// and where it leaves the board, and a tally of many walks of the same seed against the exact probability.
import { useContext, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import { createRng } from '../../../../src/core/prng.js';
import {
  SIMULATE_MAX_WORK,
  randomWalk,
  type Graph,
  type RandomWalk,
  type Simulation,
} from '../../../../src/walk/index.js';
import { BoardViewport } from '../../board/context.js';
import { PathOverlay } from '../../board/PathOverlay.js';
import { useJob } from '../../worker/useJob.js';
import { WALK_JOBS, walkTask } from './tasks.js';
import { makeWorker } from './worker.js';
import { SpeedControl } from '../../controls/SpeedControl.js';
import { useTicker } from '../../controls/ticker.js';
import { WALK_MAX_SPEED, percentText, probabilityText, type WalkState } from './state.js';
import { thousands } from '../../../../src/core/text.js';

/** The tally runs this many walks of the seed. */
const TALLY_WALKS = 1000;
/**
 * The tally is made up to the engine's limit on walks × moves (about a minute): at once, in the frame that draws the
 * walk, where that is quick (small N: a walk stops when it leaves the board, so most take far fewer moves than N),
 * else on the page's worker (1,000 walks of a king from the middle of 100×100 at N = 50,000: 58 ms in Node here,
 * several times that on a phone).
 */
const TALLY_MAX_STEPS = Math.floor(SIMULATE_MAX_WORK / TALLY_WALKS);

/** A walk and what a player needs of it: its moves, the last one leaving the board when it fell off. */
interface ShownWalk extends RandomWalk {
  /** Moves made: the moves on the board, and the move that left it. */
  moves: number;
}

/** The seed's walk of up to `steps` moves from `start` (the page's one way to draw it). */
export function useWalk(graph: Graph | null, start: number | null, steps: number, seed: number): ShownWalk | null {
  return useMemo(() => {
    if (!graph || start === null) return null;
    const w = randomWalk(graph, start, steps, createRng(seed));
    return { ...w, moves: w.path.length - 1 + (w.exit >= 0 ? 1 : 0) };
  }, [graph, start, steps, seed]);
}

/** The moves shown: `step` within the walk, or all of them. */
function shownMoves(walk: ShownWalk, step: number | null): number {
  return step === null ? walk.moves : Math.max(0, Math.min(walk.moves, step));
}

/** A leap in words: "2 left, 1 up". */
function leapWords([dx, dy]: readonly [number, number]): string {
  const parts: string[] = [];
  if (dx !== 0) parts.push(`${Math.abs(dx)} ${dx > 0 ? 'right' : 'left'}`);
  if (dy !== 0) parts.push(`${Math.abs(dy)} ${dy > 0 ? 'up' : 'down'}`);
  return parts.join(', ');
}

/**
 * The walk over the board (pass as BoardView's `overlay`): its squares so far, and once its last move is shown, a
 * dashed line from its last square off the edge with a cross where it leaves.
 */
export function WalkOverlay({ graph, walk, step }: { graph: Graph; walk: ShownWalk; step: number | null }) {
  const board = graph.board;
  const n = shownMoves(walk, step);
  const onBoard = Math.min(n, walk.path.length - 1);
  const fell = walk.exit >= 0 && n === walk.moves;
  return (
    <>
      <PathOverlay board={board} path={walk.path} count={onBoard + 1} complete={n === walk.moves} />
      {fell && <ExitMark board={board} from={walk.path[walk.path.length - 1]} leap={graph.piece.leaps[walk.exit]} />}
    </>
  );
}

/**
 * The move off the board: over a button board drawn in squares; over a canvas board (any size) in the CSS pixels
 * of its view, following its zoom, and at least a few pixels long and wide however small the squares are.
 */
function ExitMark({ board, from, leap }: { board: Board; from: number; leap: readonly [number, number] }) {
  const view = useContext(BoardViewport);
  const x0 = board.file(from) + 0.5,
    y0 = board.height - 0.5 - board.rank(from);
  const dx = leap[0],
    dy = -leap[1];
  // Where the leap crosses the board's edge: the first side it reaches.
  let t = Infinity;
  if (dx > 0) t = Math.min(t, (board.width - x0) / dx);
  if (dx < 0) t = Math.min(t, -x0 / dx);
  if (dy > 0) t = Math.min(t, (board.height - y0) / dy);
  if (dy < 0) t = Math.min(t, -y0 / dy);
  // Squares to the drawing's units: squares themselves on a button board, CSS pixels of the view on a canvas one.
  const cell = view ? (view.width / board.width) * view.z : 1;
  const px = (x: number): number => (view ? (x - view.x) * cell : x);
  const py = (y: number): number => (view ? (y - view.y) * cell : y);
  const at = (u: number, floor: number): number => (view ? Math.max(floor, u * cell) : u);
  const sx = px(x0),
    sy = py(y0);
  const ex = px(x0 + dx * t),
    ey = py(y0 + dy * t);
  const c = at(0.22, 5);
  return (
    <svg
      class="path-overlay walk-exit"
      viewBox={view ? `0 0 ${view.width} ${view.height}` : `0 0 ${board.width} ${board.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-exit-at={`${(x0 + dx * t).toFixed(3)},${(y0 + dy * t).toFixed(3)}`}
    >
      <line
        x1={sx}
        y1={sy}
        x2={ex}
        y2={ey}
        stroke="#c01c28"
        stroke-width={at(0.08, 2)}
        stroke-dasharray={`${at(0.18, 5)} ${at(0.12, 3)}`}
        stroke-linecap="round"
      />
      <path
        d={`M${ex - c},${ey - c}L${ex + c},${ey + c}M${ex - c},${ey + c}L${ex + c},${ey - c}`}
        stroke="#c01c28"
        stroke-width={at(0.12, 2.5)}
        stroke-linecap="round"
      />
    </svg>
  );
}

interface WalkPlayerProps {
  graph: Graph;
  walk: ShownWalk;
  state: WalkState;
  /** The exact probability of staying on from the walk's start (value and log10), when the map is in. */
  exact: { probability: number; log10: number; estimate: boolean } | null;
  onChange: (patch: Partial<WalkState>) => void;
}

/** Play, pause, a move back or forward, the speed, a new walk; what the walk does at the move shown; the tally. */
export function WalkPlayer({ graph, walk, state, exact, onChange }: WalkPlayerProps) {
  const [playing, setPlaying] = useState(false);
  const board = graph.board;
  const n = shownMoves(walk, state.step);
  const onBoard = walk.path.length - 1;
  const name = (i: number): string => board.name(walk.path[i]);
  const go = (to: number): void => onChange({ step: Math.max(0, Math.min(walk.moves, to)) });
  useTicker(
    playing,
    state.speed,
    (k) => {
      const to = Math.min(walk.moves, n + k);
      go(to);
      return to < walk.moves;
    },
    () => setPlaying(false),
  );
  const play = (): void => {
    if (playing) return setPlaying(false);
    if (n >= walk.moves) go(0);
    setPlaying(true);
  };

  let words: string;
  if (n === 0) words = `The walk starts on ${name(0)}.`;
  else if (n <= onBoard) words = `Move ${thousands(n)}: ${name(n - 1)} to ${name(n)}.`;
  else
    words = `Move ${thousands(n)} leaves the board: from ${name(onBoard)}, ${leapWords(
      graph.piece.leaps[walk.exit],
    )}. The walk ends after ${thousands(onBoard)} of ${thousands(state.steps)} moves on the board.`;
  if (n === walk.moves && walk.exit < 0)
    words = walk.cut
      ? `Still on the board after ${thousands(onBoard)} moves, on ${name(onBoard)}: the walk is shown this far.`
      : `Still on the board after all ${thousands(state.steps)} moves, on ${name(onBoard)}.`;

  // The tally, each answer kept to its own walk.
  const start = walk.path[0];
  const tallyKey = `${board.width}x${board.height}|${state.spec}|${state.steps}|${start}|${state.seed}`;
  const wanted = state.steps <= TALLY_MAX_STEPS;
  const tallyJob = useJob(makeWorker, walkTask, WALK_JOBS);
  useLayoutEffect(() => {
    if (!wanted) return tallyJob.reset();
    tallyJob.start(
      {
        key: tallyKey,
        kind: 'tally',
        width: board.width,
        height: board.height,
        spec: state.spec,
        steps: state.steps,
        from: start,
        trials: TALLY_WALKS,
        seed: state.seed,
      },
      `Counting ${thousands(TALLY_WALKS)} walks like this one`,
    );
  }, [tallyKey, wanted]);
  const js = tallyJob.state;
  const tally: Simulation | null =
    wanted && js.status === 'done' && js.result.key === tallyKey && js.result.kind === 'tally' ? js.result.tally : null;

  return (
    <div class="walk-player" role="group" aria-label="One random walk">
      <div class="player-bar">
        <div class="player buttons">
          <button type="button" onClick={() => go(n - 1)} disabled={n === 0} aria-label="Back a move">
            ◀
          </button>
          <button type="button" class="primary" onClick={play}>
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => go(n + 1)} disabled={n >= walk.moves} aria-label="Forward a move">
            ▶
          </button>
          <button
            type="button"
            onClick={() => {
              setPlaying(false);
              onChange({ seed: state.seed + 1, step: 0 });
            }}
          >
            New walk
          </button>
        </div>
        <SpeedControl
          id="walk-speed"
          speed={state.speed}
          max={WALK_MAX_SPEED}
          unit="moves"
          onChange={(speed) => onChange({ speed })}
        />
      </div>
      <p
        id="walk-walk"
        class="walk-words"
        aria-live={playing ? 'off' : 'polite'}
        data-walk={Array.from(walk.path, (s) => board.name(s)).join(' ')}
        data-exit={walk.exit >= 0 ? graph.piece.leaps[walk.exit].join(',') : ''}
        data-shown={n}
      >
        <span class="muted">
          Walk {thousands(state.seed)} · {thousands(n)} of {thousands(walk.moves)} {walk.moves === 1 ? 'move' : 'moves'}
          :
        </span>{' '}
        {words}
      </p>
      <p id="walk-tally" class="help">
        {tally
          ? `Of ${thousands(TALLY_WALKS)} walks like this one (the first is the one shown), ${thousands(tally.survived)} stayed on for all ${thousands(state.steps)} moves: ${percentText(tally.estimate) || probabilityText(tally.estimate, Math.log10(tally.estimate))} (95 %: ${(100 * tally.low).toFixed(1)}–${(100 * tally.high).toFixed(1)} %)` +
            (exact
              ? `; the ${exact.estimate ? 'estimated' : 'exact'} chance is ${percentText(exact.probability) || probabilityText(exact.probability, exact.log10)}.`
              : '.')
          : wanted
            ? js.status === 'running'
              ? `Counting ${thousands(TALLY_WALKS)} walks like this one… ${js.progress?.share !== undefined ? `${Math.floor(100 * js.progress.share)} %` : ''}`
              : js.status === 'error'
                ? `The tally of many walks stopped: ${js.message}`
                : js.status === 'cancelled'
                  ? 'The tally of many walks was stopped.'
                  : `Counting ${thousands(TALLY_WALKS)} walks like this one…`
            : `A tally of ${thousands(TALLY_WALKS)} walks like this one is made for N up to ${thousands(TALLY_MAX_STEPS)}: past that it could take many minutes. At N = ${thousands(state.steps)} the walk is shown alone.`}
      </p>
    </div>
  );
}
