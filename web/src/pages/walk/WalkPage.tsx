// The Random walk page: the chance that a leaper making N uniformly random moves stays on the board, from
// every start square (heat map), exact fractions on hover or focus, one seeded walk played over the map, the
// distribution after N moves from a clicked square, λ and log10 at far horizons. Heavy work runs in a worker; the
// state lives in the URL.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { finishedValue } from '../../../../src/core/job.js';
import {
  FLOAT_MAX_STEPS,
  exactSurvivalMapSync,
  exactWork,
  fractionText,
  type Fraction,
} from '../../../../src/walk/index.js';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { SizeFields } from '../../controls/SizeFields.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob, type JobState } from '../../worker/useJob.js';
import { wantsQuick } from './estimate.js';
import { WALK_JOBS, walkTask, type WalkResult } from './tasks.js';
import {
  DIST_MAX_WORK,
  SLIDER_MAX,
  cellText,
  fitToBoard,
  graphOf,
  heatScale,
  parseSide,
  parseSteps,
  percentText,
  probabilityText,
  readState,
  sliderToSteps,
  stepsToSlider,
  writeState,
  type HeatScale,
  type WalkState,
  walkStart,
} from './state.js';
import { WalkOverlay, WalkPlayer, useWalk } from './WalkPlayer.js';
import { makeWorker } from './worker.js';
import './walk.css';
import { thousands } from '../../../../src/core/text.js';

const EXAMPLES = ['knight', 'camel', 'king', '1,3', 'knight+king', 'wazir'];
/**
 * Exact fractions are counted on the page's thread on the first hover, up to this exactWork (squares × N ×
 * words of the count): 50×50 to N = 400 is 39,000,000 and takes 0.3 s ("walk exact" rows in bench/results/web-caps.md),
 * about as long as a hover may hold the page.
 */
const PAGE_EXACT_MAX_WORK = 40_000_000;
/** Boards up to this side get the probability written on each square. */
const TEXT_SIDE = 10;

type MapResult = Extract<WalkResult, { kind: 'map' }>;
type DistResult = Extract<WalkResult, { kind: 'dist' }>;
type QuickResult = Extract<WalkResult, { kind: 'quick' }>;

/** How the clicked square's value was computed, in words. */
const METHOD_WORDS: Record<string, string> = {
  dp: 'move by move',
  squaring: 'by repeated squaring of the move matrix',
  extrapolation: 'extrapolated from the decay rate',
};

type Values = { probability: Float64Array; log10: Float64Array };

/** A board's squares coloured by heat, the value written on small boards, the clicked square ringed. */
function heatView(
  values: Values | null,
  scale: HeatScale | null,
  from: number | null,
  small: boolean,
): (s: number) => SquareView {
  // Figures go on the squares of small boards at every N, as short as the square holds (cellText).
  const text = small;
  return (s) => {
    const v: SquareView = {};
    if (values && scale) {
      v.heat = scale.heat[s];
      if (text) v.text = cellText(values.probability[s], values.log10[s]);
    }
    if (s === from) v.target = true;
    return v;
  };
}

/** The colour ramp from the least to the largest value shown (powers of ten on a log scale). */
function Legend({ label, scale, what }: { label: string; scale: HeatScale; what: string }) {
  const end = (x: number): string => (scale.log ? `10^${x.toFixed(1)}` : x.toPrecision(3));
  return (
    <div class="legend" aria-label={label}>
      <span>{end(scale.min)}</span>
      <span class="ramp" aria-hidden="true" />
      <span>{end(scale.max)}</span>
      <span class="muted">
        {what}
        {scale.log ? ', log scale' : ''}
      </span>
    </div>
  );
}

/** The N field and its slider on one row: keeps what is typed while it is not a valid N, and says why. */
function StepsField({ steps, onValid }: { steps: number; onValid: (n: number) => void }) {
  const [text, setText] = useState(String(steps));
  useEffect(() => setText((t) => (parseSteps(t) === steps ? t : String(steps))), [steps]);
  const parsed = parseSteps(text);
  const bad = typeof parsed === 'string';
  return (
    <div class="walk-n">
      <label for="walk-steps">Moves N</label>
      <input
        id="walk-steps"
        type="text"
        inputMode="numeric"
        spellcheck={false}
        autocomplete="off"
        value={text}
        aria-invalid={bad}
        aria-describedby="walk-steps-error"
        onInput={(ev) => {
          const t = (ev.currentTarget as HTMLInputElement).value;
          setText(t);
          const n = parseSteps(t);
          if (typeof n === 'number') onValid(n);
        }}
      />
      <input
        id="walk-steps-slider"
        type="range"
        min={0}
        max={SLIDER_MAX}
        value={stepsToSlider(steps)}
        aria-label="Moves N on a slider: linear to 100, then logarithmic to 10⁹"
        aria-valuetext={`${steps} moves`}
        onInput={(ev) => onValid(sliderToSteps(Number((ev.currentTarget as HTMLInputElement).value)))}
      />
      <p id="walk-steps-error" class="error" role="alert">
        {bad ? parsed : ''}
      </p>
    </div>
  );
}

/** While a quick answer is worked out (a moment, so no Cancel): what it is. The exact job's status follows it. */
function QuickStatus({ state }: { state: JobState<unknown> }) {
  return state.status === 'running' ? (
    <p class="help" role="status">
      {state.label}…
    </p>
  ) : null;
}

/** The Random walk page (the app wraps every page in an error boundary). */
export function WalkPage(props: PageProps) {
  return <Walk {...props} />;
}

/** The answer a job gave, when it was for `key` (the board, piece, N and square now shown); else null. */
function doneFor<R extends { key: string }>(state: JobState<WalkResult>, key: string): R | null {
  return state.status === 'done' && state.result.key === key ? (state.result as unknown as R) : null;
}

function Walk({ params }: PageProps) {
  const [state, setState] = useHashState('walk', params, readState, writeState);
  const mapJob = useJob(makeWorker, walkTask, WALK_JOBS);
  const distJob = useJob(makeWorker, walkTask, WALK_JOBS);
  const quickMapJob = useJob(makeWorker, walkTask, WALK_JOBS);
  const quickDistJob = useJob(makeWorker, walkTask, WALK_JOBS);

  const { graph, error: pieceError } = useMemo(() => graphOf(state), [state.width, state.height, state.spec]);
  const board = graph?.board ?? null;
  const from = board && state.from ? board.parse(state.from) : null;
  const common = { width: state.width, height: state.height, spec: state.spec, steps: state.steps };

  // Every answer is keyed to the board, piece and N (and square) it was computed for: after a change, the old
  // answers are not read on the new board (its squares are other indices, and there may be more of them).
  const mapKey = graph ? `${state.width}x${state.height}|${state.spec}|${state.steps}` : '';
  const distKey = graph && from !== null ? `${mapKey}|${from}` : '';
  const quick = graph !== null && wantsQuick(graph.board.cells, state.steps);
  // Where the exact answers take long, the quick ones run first and the exact ones start only once every quick
  // answer asked for is in (on screen): on two cores, four jobs at once would delay the estimates as much as
  // the exact answers (as the Sea Battle heat map does). `exactFor` and `quickFor` hold the key each job was
  // started for; `quickSince` a quick job's state when it was started, so an error or cancel left from before is
  // not read as its end (then the exact job starts anyway).
  // The jobs start as the page is drawn (layout effects), so that an answer the page finds at once is in its first
  // frame.
  const exactFor = useRef({ map: '', dist: '' });
  const quickFor = useRef({ map: '', dist: '' });
  const quickSince = useRef<{ map: JobState<WalkResult> | null; dist: JobState<WalkResult> | null }>({
    map: null,
    dist: null,
  });
  useLayoutEffect(() => {
    exactFor.current.map = '';
    if (!graph) {
      mapJob.reset();
      quickMapJob.reset();
      return;
    }
    if (quick) {
      mapJob.reset();
      quickSince.current.map = quickMapJob.state;
      quickFor.current.map = mapKey;
      quickMapJob.start({ ...common, key: mapKey, kind: 'quick', from: null }, 'Estimating the survival map');
    } else {
      quickMapJob.reset();
      exactFor.current.map = mapKey;
      mapJob.start({ ...common, key: mapKey, kind: 'map' }, 'Computing the survival map');
    }
  }, [mapKey]);
  useLayoutEffect(() => {
    exactFor.current.dist = '';
    if (!graph || from === null) {
      distJob.reset();
      quickDistJob.reset();
      return;
    }
    if (quick) {
      distJob.reset();
      quickSince.current.dist = quickDistJob.state;
      quickFor.current.dist = distKey;
      quickDistJob.start(
        { ...common, key: distKey, kind: 'quick', from },
        `Estimating the distribution from ${state.from}`,
      );
    } else {
      quickDistJob.reset();
      exactFor.current.dist = distKey;
      distJob.start({ ...common, key: distKey, kind: 'dist', from }, `Computing the distribution from ${state.from}`);
    }
  }, [distKey]);
  const quickIn = (j: typeof quickMapJob, key: string, since: JobState<WalkResult> | null): boolean =>
    (j.state.status === 'done' && j.state.result.key === key) ||
    ((j.state.status === 'error' || j.state.status === 'cancelled') && j.state !== since);
  const quickMapIn = !quick || mapKey === '' || quickIn(quickMapJob, mapKey, quickSince.current.map);
  const quickDistIn = !quick || distKey === '' || quickIn(quickDistJob, distKey, quickSince.current.dist);
  useLayoutEffect(() => {
    if (!graph || !quickMapIn || !quickDistIn) return;
    if (exactFor.current.map !== mapKey) {
      exactFor.current.map = mapKey;
      mapJob.start({ ...common, key: mapKey, kind: 'map' }, 'Computing the survival map');
    }
    if (from !== null && exactFor.current.dist !== distKey) {
      exactFor.current.dist = distKey;
      distJob.start({ ...common, key: distKey, kind: 'dist', from }, `Computing the distribution from ${state.from}`);
    }
  });
  // Which jobs run for the board, piece, N and square shown, for tests and the curious (space-separated:
  // quick-map quick-dist exact-map exact-dist). Jobs for an earlier question, stopped by the effects above
  // right after this render, are not listed.
  const running = (
    [
      ['quick-map', quickMapJob, quickFor.current.map, mapKey],
      ['quick-dist', quickDistJob, quickFor.current.dist, distKey],
      ['exact-map', mapJob, exactFor.current.map, mapKey],
      ['exact-dist', distJob, exactFor.current.dist, distKey],
    ] as const
  )
    .filter(([, j, startedFor, key]) => j.state.status === 'running' && startedFor === key && key !== '')
    .map(([name]) => name)
    .join(' ');

  const mapRes = doneFor<MapResult>(mapJob.state, mapKey);
  const distRes = doneFor<DistResult>(distJob.state, distKey);
  const quickMap = doneFor<QuickResult>(quickMapJob.state, mapKey)?.map ?? null;
  const quickDist = doneFor<QuickResult>(quickDistJob.state, distKey)?.dist ?? null;
  // The exact answer when it is in, else the quick one (marked as an estimate when it is extrapolated).
  const map: Values | null = mapRes?.map ?? quickMap;
  const mapEstimate = !mapRes?.map && quickMap?.extrapolated ? quickMap : null;
  const dist = distRes?.dist ?? quickDist;
  const distEstimate = !distRes?.dist && quickDist?.extrapolated ? quickDist : null;
  const point = distRes?.point ?? null;
  const mapHeat = useMemo(() => (map ? heatScale(map.probability, map.log10) : null), [map]);
  const distHeat = useMemo(() => (dist ? heatScale(dist.probability, dist.log10) : null), [dist]);

  // The square hovered or focused, for the board it was on.
  const [hovered, setHovered] = useState<{ key: string; square: number } | null>(null);
  const hover = hovered && hovered.key === mapKey ? hovered.square : null;
  const setHover = (square: number | null): void => setHovered(square === null ? null : { key: mapKey, square });

  // Exact fractions are computed on the first hover or focus (all squares at once: the engine counts on the
  // board's symmetry orbits, a few milliseconds within its limit) and kept for this board, piece and N.
  const exactCache = useRef<{ key: string; fractions: Fraction[] } | null>(null);
  const exactWithin = graph !== null && exactWork(graph, state.steps) <= PAGE_EXACT_MAX_WORK;
  const exactOf = (s: number): string | null => {
    if (!graph || !exactWithin) return null;
    if (exactCache.current?.key !== mapKey)
      exactCache.current = { key: mapKey, fractions: finishedValue(exactSurvivalMapSync(graph, state.steps)) };
    return fractionText(exactCache.current.fractions[s]);
  };

  const small = board !== null && board.width <= TEXT_SIDE && board.height <= TEXT_SIDE;
  const about = mapEstimate ? 'about ' : '';
  const view = useMemo(() => heatView(map, mapHeat, from, small), [map, mapHeat, from, small]);
  const describe = useCallback(
    (s: number): string => {
      const name = board?.name(s) ?? '';
      const parts = [name];
      if (map)
        parts.push(
          `survives ${state.steps} moves with probability ${about}${probabilityText(map.probability[s], map.log10[s])}`,
        );
      if (s === from) parts.push('distribution shown');
      return parts.join(', ');
    },
    [board, map, from, state.steps, about],
  );
  const distAbout = distEstimate ? 'about ' : '';
  const distView = useMemo(() => heatView(dist, distHeat, from, small), [dist, distHeat, from, small]);
  const distDescribe = useCallback(
    (s: number): string => {
      const parts = [board?.name(s) ?? ''];
      if (dist)
        parts.push(
          `reached after ${state.steps} moves with probability ${distAbout}${probabilityText(dist.probability[s], dist.log10[s])}`,
        );
      if (s === from) parts.push('start');
      return parts.join(', ');
    },
    [board, dist, from, state.steps, distAbout],
  );
  const onActivate = useCallback(
    (s: number) =>
      board && setState((cur) => ({ ...cur, from: cur.from === board.name(s) ? '' : board.name(s), step: null })),
    [board],
  );

  // A new board, piece or N shows its new walk whole; the walk's own controls set the move shown.
  const update = (patch: Partial<WalkState>): void => setState((cur) => fitToBoard({ ...cur, step: null, ...patch }));
  const updateWalk = (patch: Partial<WalkState>): void => setState((cur) => ({ ...cur, ...patch }));
  const start = board ? walkStart(board, state.from) : null;
  const walk = useWalk(graph, start, state.steps, state.seed);
  const touch = useTouch();

  // Hover or focus on a square of the survival map shows its values; otherwise the clicked square's.
  const shown = hover ?? from;
  // The shown square's value: the clicked square's own when computed (any N), else from the map (exact or estimated).
  const value =
    shown === null
      ? null
      : shown === from && point
        ? { ...point, estimate: false }
        : map
          ? { probability: map.probability[shown], log10: map.log10[shown], estimate: mapEstimate !== null }
          : null;
  const exact = shown !== null && value ? exactOf(shown) : null;
  const estimateNote = (e: { moves: number }): string =>
    `An estimate: the first ${thousands(e.moves)} moves computed, the other ${thousands(state.steps - e.moves)} extrapolated at the rate the chance was falling by then`;

  const startValue =
    start === null || !map
      ? null
      : start === from && point
        ? { ...point, estimate: false }
        : { probability: map.probability[start], log10: map.log10[start], estimate: mapEstimate !== null };

  return (
    <section class="page walk" data-jobs={running}>
      <h1>Random walk</h1>
      <p class="lead">
        A piece makes N moves, each of its moves equally likely; a move off the board ends the walk. How likely is it to
        stay on for all N? {touch ? 'Tap' : 'Hover or focus'} a square for its chance and exact fraction;{' '}
        {pointWord(touch)} it to walk from it and see where the piece stands after N moves.
      </p>
      <div class="workbench">
        <div class="controls">
          <fieldset>
            <legend>Board</legend>
            <SizeFields
              idPrefix="walk-side"
              width={state.width}
              height={state.height}
              max={100}
              parse={parseSide}
              onChange={update}
            />
          </fieldset>
          <fieldset>
            <legend>Piece</legend>
            <div class="field">
              <label for="walk-piece">Leaper (the piece that walks)</label>
              <input
                id="walk-piece"
                type="text"
                spellcheck={false}
                autocomplete="off"
                value={state.spec}
                aria-invalid={pieceError !== null}
                aria-describedby="walk-piece-error walk-piece-help"
                onInput={(ev) => update({ spec: (ev.currentTarget as HTMLInputElement).value })}
              />
              <p id="walk-piece-error" class="error" role="alert">
                {pieceError ?? ''}
              </p>
              <p id="walk-piece-help" class="help">
                A named leaper or <code>m,n</code>, compounds with <code>+</code>. Try{' '}
                {EXAMPLES.map((e, i) => (
                  <span key={e}>
                    {i > 0 && ' '}
                    <button type="button" class="link" onClick={() => update({ spec: e })}>
                      {e}
                    </button>
                  </span>
                ))}
              </p>
            </div>
          </fieldset>
        </div>
        <div class="stage">
          <StepsField steps={state.steps} onValid={(n) => update({ steps: n })} />
          <div class="walk-main">
            <div class="walk-board">
              {board && (
                <BoardView
                  board={board}
                  label={`Survival after ${state.steps} moves, ${board.width}×${board.height} board${mapEstimate ? ', estimated' : ''}`}
                  view={view}
                  describe={describe}
                  onActivate={onActivate}
                  onHover={setHover}
                  overlay={graph && walk ? <WalkOverlay graph={graph} walk={walk} step={state.step} /> : undefined}
                />
              )}
            </div>
            <div class="walk-side">
              <div class="summary" aria-live="polite" id="walk-square">
                {shown !== null && value && board ? (
                  <p>
                    <strong>{board.name(shown)}</strong>: P(on the board after {thousands(state.steps)} moves) ≈{' '}
                    <span id="walk-probability">{probabilityText(value.probability, value.log10)}</span>
                    {value.estimate && <span class="muted"> (estimate)</span>}
                    {percentText(value.probability) && <span class="muted"> ({percentText(value.probability)})</span>}
                    {value.probability === 0 && Number.isFinite(value.log10) && (
                      <span class="muted"> (log10 = {value.log10.toFixed(4)})</span>
                    )}
                    {exact !== null ? (
                      <>
                        {' '}
                        = <span id="walk-exact">{exact}</span>
                      </>
                    ) : (
                      <span class="muted"> · exact fractions up to 8×8 at N = 400 or 25×25 at N = 120 here</span>
                    )}
                    {shown === from && point && (
                      <span class="muted" id="walk-method">
                        {' '}
                        · {METHOD_WORDS[point.method] ?? point.method}, relative error at most{' '}
                        {point.relativeError.toExponential(1)}
                      </span>
                    )}
                  </p>
                ) : (
                  <p class="muted">
                    {map
                      ? touch
                        ? 'Tap a square.'
                        : 'Hover, focus or click a square.'
                      : mapRes
                        ? `${pointWord(touch, true)} a square for its value.`
                        : ' '}
                  </p>
                )}
              </div>
              {graph && walk && (
                <WalkPlayer graph={graph} walk={walk} state={state} exact={startValue} onChange={updateWalk} />
              )}
              <div class="walk-answers">
                <JobStatus state={mapJob.state} onCancel={() => mapJob.cancel()} />
                <QuickStatus state={quickMapJob.state} />
                {mapHeat && (
                  <Legend
                    label="Survival heat map legend"
                    scale={mapHeat}
                    what={`P(still on the board after ${state.steps} moves)`}
                  />
                )}
                {mapEstimate && (
                  <p id="walk-map-estimate" class="help">
                    {estimateNote(mapEstimate)}.{mapRes ? '' : ' The exact map replaces it when it is ready.'}
                  </p>
                )}
                {mapRes?.over && board && (
                  <p id="walk-map-limit" class="help">
                    Every square at once at N = {thousands(state.steps)} on a {board.width}×{board.height} board is more
                    work than this page takes on, so the map stays an estimate. {pointWord(touch, true)} a square to
                    compute its own value.
                  </p>
                )}
                {mapRes && (
                  <p id="walk-lambda" class="help">
                    Decay rate λ ≈ {mapRes.lambda.toPrecision(10)} (± {mapRes.lambdaError.toExponential(1)}) per move:
                    for large N the probability falls like c·λ<sup>N</sup>, log10 λ ={' '}
                    {mapRes.lambda > 0 ? Math.log10(mapRes.lambda).toFixed(6) : '−∞'} (from{' '}
                    {board?.name(mapRes.lambdaFrom)}
                    ).
                  </p>
                )}
              </div>
            </div>
          </div>
          {board && from !== null && (
            <div class="distribution">
              <h2 style={{ fontSize: '1.1rem', margin: '1.2rem 0 0.4rem' }}>
                Where the piece stands after {state.steps} moves from {state.from}
              </h2>
              {distRes?.over && (
                <p id="walk-dist-limit" class="help">
                  The exact distribution is computed here up to N = {thousands(FLOAT_MAX_STEPS)} moves and up to squares
                  × N = {thousands(DIST_MAX_WORK / 1e6)} million; this board and N take more, so it stays an estimate.
                </p>
              )}
              {distEstimate && (
                <p id="walk-dist-estimate" class="help">
                  {estimateNote(distEstimate)}.{distRes ? '' : ' The exact distribution replaces it when it is ready.'}
                </p>
              )}
              {dist && (
                <p id="walk-dist-total" class="help">
                  The squares sum to {distAbout}
                  {probabilityText(dist.total.probability, dist.total.log10)}, the survival probability from{' '}
                  {state.from}.
                </p>
              )}
              <JobStatus state={distJob.state} onCancel={() => distJob.cancel()} />
              <QuickStatus state={quickDistJob.state} />
              {dist && distHeat && (
                <>
                  <BoardView
                    board={board}
                    label={`Distribution after ${state.steps} moves from ${state.from}${distEstimate ? ', estimated' : ''}`}
                    view={distView}
                    describe={distDescribe}
                    onActivate={onActivate}
                  />
                  <Legend
                    label="Distribution heat map legend"
                    scale={distHeat}
                    what={`P(on this square after ${state.steps} moves)`}
                  />
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
