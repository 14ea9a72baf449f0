// The Random walk page: the chance that a leaper making N uniformly random moves stays on the board, from
// every start square (heat map), exact fractions on hover or focus, the distribution after N moves from a
// clicked square, λ and log10 at far horizons. Heavy work runs in a worker; the state lives in the URL.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { finishedValue } from '../../../../src/core/job.js';
import { exactSurvivalMapSync, exactWork, fractionText, type Fraction } from '../../../../src/walk/index.js';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { CopyLink, SizeFields } from '../../controls/SizeFields.js';
import type { PageProps } from '../../pages.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import type { WalkRequest, WalkResult } from './walk.worker.js';
import {
  SLIDER_MAX,
  cellText,
  fitToBoard,
  graphOf,
  heatScale,
  parseSide,
  parseSteps,
  probabilityText,
  readState,
  sliderToSteps,
  stepsToSlider,
  writeState,
  type HeatScale,
  type WalkState,
} from './state.js';

const EXAMPLES = ['knight', 'camel', 'king', '1,3', 'knight+king', 'wazir'];
/**
 * Exact fractions are counted on the page's thread on the first hover, up to this exactWork (squares × N ×
 * words of the count): 50×50 to N = 400 is 39,000,000 and takes 0.3 s ("walk exact" rows in bench/results/web-caps.md), about
 * as long as a hover may hold the page.
 */
const PAGE_EXACT_MAX_WORK = 40_000_000;
/** Boards up to this side get the probability written on each square. */
const TEXT_SIDE = 10;

function makeWorker(): Worker {
  return new Worker(new URL('./walk.worker.ts', import.meta.url), { type: 'module', name: 'walk' });
}

type MapResult = Extract<WalkResult, { kind: 'map' }>;
type DistResult = Extract<WalkResult, { kind: 'dist' }>;


type Values = { probability: Float64Array; log10: Float64Array };

/** A board's squares coloured by heat, the value written on small boards, the clicked square ringed. */
function heatView(values: Values | null, scale: HeatScale | null, from: number | null, small: boolean): (s: number) => SquareView {
  // Figures go on the squares when they say something in 3 decimals (or all underflow and read as powers).
  let max = 0;
  if (values) for (const p of values.probability) max = Math.max(max, p);
  const text = small && (max >= 0.01 || max === 0);
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

/** The N field: keeps what is typed while it is not a valid N, and says why. */
function StepsField({ steps, onValid }: { steps: number; onValid: (n: number) => void }) {
  const [text, setText] = useState(String(steps));
  useEffect(() => setText((t) => (parseSteps(t) === steps ? t : String(steps))), [steps]);
  const parsed = parseSteps(text);
  const bad = typeof parsed === 'string';
  return (
    <>
      <div class="field">
        <label for="walk-steps-slider">Moves N (slider: linear to 100, then logarithmic to 10⁹)</label>
        <input
          id="walk-steps-slider"
          type="range"
          min={0}
          max={SLIDER_MAX}
          value={stepsToSlider(steps)}
          aria-valuetext={`${steps} moves`}
          onInput={(ev) => onValid(sliderToSteps(Number((ev.currentTarget as HTMLInputElement).value)))}
        />
      </div>
      <div class="field">
        <label for="walk-steps">N</label>
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
        <p id="walk-steps-error" class="error" role="alert">
          {bad ? parsed : ''}
        </p>
      </div>
    </>
  );
}

export function WalkPage({ params }: PageProps) {
  const [state, setState] = useHashState('walk', params, readState, writeState);
  const [hover, setHover] = useState<number | null>(null);
  const mapJob = useJob<WalkRequest, WalkResult>(makeWorker);
  const distJob = useJob<WalkRequest, WalkResult>(makeWorker);

  const { graph, error: pieceError } = useMemo(() => graphOf(state), [state.width, state.height, state.spec]);
  const board = graph?.board ?? null;
  const from = board && state.from ? board.parse(state.from) : null;
  const common = { width: state.width, height: state.height, spec: state.spec, steps: state.steps };

  const mapKey = graph ? `${state.width}x${state.height}|${state.spec}|${state.steps}` : '';
  useEffect(() => {
    setHover(null);
    if (!graph) {
      mapJob.reset();
      return;
    }
    mapJob.start({ ...common, kind: 'map' }, 'Computing the survival map');
  }, [mapKey]);
  const distKey = graph && from !== null ? `${mapKey}|${from}` : '';
  useEffect(() => {
    if (!graph || from === null) {
      distJob.reset();
      return;
    }
    distJob.start({ ...common, kind: 'dist', from }, `Computing the distribution from ${state.from}`);
  }, [distKey]);

  const mapRes = mapJob.state.status === 'done' ? (mapJob.state.result as MapResult) : null;
  const distRes = distJob.state.status === 'done' ? (distJob.state.result as DistResult) : null;
  const map = mapRes?.map ?? null;
  const dist = distRes?.dist ?? null;
  const point = distRes && distRes.from === from ? distRes.point : null;
  const mapHeat = useMemo(() => (map ? heatScale(map.probability, map.log10) : null), [map]);
  const distHeat = useMemo(() => (dist ? heatScale(dist.probability, dist.log10) : null), [dist]);

  // Exact fractions are computed on the first hover or focus (all squares at once: the engine counts on the
  // board's symmetry orbits, a few milliseconds within its limit) and kept for this board, piece and N.
  const exactCache = useRef<{ key: string; fractions: Fraction[] } | null>(null);
  const exactWithin = graph !== null && exactWork(graph, state.steps) <= PAGE_EXACT_MAX_WORK;
  const exactOf = (s: number): string | null => {
    if (!graph || !exactWithin) return null;
    if (exactCache.current?.key !== mapKey) exactCache.current = { key: mapKey, fractions: finishedValue(exactSurvivalMapSync(graph, state.steps)) };
    return fractionText(exactCache.current.fractions[s]);
  };

  const small = board !== null && board.width <= TEXT_SIDE && board.height <= TEXT_SIDE;
  const view = useMemo(() => heatView(map, mapHeat, from, small), [map, mapHeat, from, small]);
  const describe = useCallback(
    (s: number): string => {
      const name = board?.name(s) ?? '';
      const parts = [name];
      if (map) parts.push(`survives ${state.steps} moves with probability ${probabilityText(map.probability[s], map.log10[s])}`);
      if (s === from) parts.push('distribution shown');
      return parts.join(', ');
    },
    [board, map, from, state.steps],
  );
  const distView = useMemo(() => heatView(dist, distHeat, from, small), [dist, distHeat, from, small]);
  const distDescribe = useCallback(
    (s: number): string => {
      const parts = [board?.name(s) ?? ''];
      if (dist) parts.push(`reached after ${state.steps} moves with probability ${probabilityText(dist.probability[s], dist.log10[s])}`);
      if (s === from) parts.push('start');
      return parts.join(', ');
    },
    [board, dist, from, state.steps],
  );
  const onActivate = useCallback((s: number) => board && setState((cur) => ({ ...cur, from: cur.from === board.name(s) ? '' : board.name(s) })), [board]);

  const update = (patch: Partial<WalkState>): void => setState((cur) => fitToBoard({ ...cur, ...patch }));

  // Hover or focus on a square of the survival map shows its values; otherwise the clicked square's.
  const pick = (ev: Event): void => {
    const name = (ev.target as HTMLElement).closest<HTMLElement>('[data-square]')?.dataset.square;
    if (name && board) setHover(board.parse(name));
  };
  const shown = hover ?? from;
  // The shown square's value: from the map, or (when the map is over the limit) the clicked square's own.
  const value = shown === null ? null : map ? { probability: map.probability[shown], log10: map.log10[shown] } : shown === from ? point : null;
  const exact = shown !== null && value ? exactOf(shown) : null;

  return (
    <section class="page walk">
      <h1>Random walk</h1>
      <p class="lead">
        A piece makes N moves, each of its moves equally likely, including those that leave the board; once off, it stays off. How likely is it
        to still be on the board? Hover or focus a square for its probability and exact fraction; click one to see where the piece stands after N
        moves.
      </p>
      <div class="workbench">
        <div class="controls">
          <fieldset>
            <legend>Board</legend>
            <SizeFields idPrefix="walk-side" width={state.width} height={state.height} max={100} parse={parseSide} onChange={update} />
          </fieldset>
          <fieldset>
            <legend>Piece</legend>
            <div class="field">
              <label for="walk-piece">Leaper spec</label>
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
          <fieldset>
            <legend>Horizon</legend>
            <StepsField steps={state.steps} onValid={(n) => update({ steps: n })} />
            <div class="buttons">
              <CopyLink />
            </div>
          </fieldset>
        </div>
        <div class="stage">
          <div class="summary" aria-live="polite" id="walk-square">
            {shown !== null && value && board ? (
              <p>
                <strong>{board.name(shown)}</strong>: P(on the board after {state.steps} moves) ≈{' '}
                <span id="walk-probability">{probabilityText(value.probability, value.log10)}</span>
                {value.probability === 0 && Number.isFinite(value.log10) && <span class="muted"> (log10 = {value.log10.toFixed(4)})</span>}
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
                    · by {point.method}, relative error ≤ {point.relativeError.toExponential(1)}
                  </span>
                )}
              </p>
            ) : (
              <p class="muted">{map ? 'Hover, focus or click a square.' : mapRes ? 'Click a square for its value.' : ' '}</p>
            )}
          </div>
          {board && (
            <div onMouseOver={pick} onFocusCapture={pick} onMouseLeave={() => setHover(null)}>
              <BoardView board={board} label={`Survival after ${state.steps} moves, ${board.width}×${board.height} board`} view={view} describe={describe} onActivate={onActivate} />
            </div>
          )}
          <JobStatus state={mapJob.state} onCancel={() => mapJob.cancel()} />
          {mapRes?.limit && (
            <p id="walk-map-limit" class="help">
              {mapRes.limit}. Click a square to compute its value alone.
            </p>
          )}
          {mapHeat && <Legend label="Survival heat map legend" scale={mapHeat} what={`P(still on the board after ${state.steps} moves)`} />}
          {mapRes && (
            <>
              <p id="walk-lambda" class="help">
                Decay rate λ ≈ {mapRes.lambda.toPrecision(10)} (± {mapRes.lambdaError.toExponential(1)}) per move: for large N the probability falls like
                c·λ<sup>N</sup>, log10 λ = {mapRes.lambda > 0 ? Math.log10(mapRes.lambda).toFixed(6) : '−∞'} (from {board?.name(mapRes.lambdaFrom)}).
              </p>
            </>
          )}
          {board && from !== null && (
            <div class="distribution">
              <h2 style={{ fontSize: '1.1rem', margin: '1.2rem 0 0.4rem' }}>Where the piece stands after {state.steps} moves from {state.from}</h2>
              {distRes?.limit && <p class="help">{distRes.limit}</p>}
              {dist && (
                <p id="walk-dist-total" class="help">
                  The squares sum to {probabilityText(dist.total.probability, dist.total.log10)}, the survival probability from {state.from}.
                </p>
              )}
              <JobStatus state={distJob.state} onCancel={() => distJob.cancel()} />
              {dist && distHeat && (
                <>
                  <BoardView board={board} label={`Distribution after ${state.steps} moves from ${state.from}`} view={distView} describe={distDescribe} onActivate={onActivate} />
                  <Legend label="Distribution heat map legend" scale={distHeat} what={`P(on this square after ${state.steps} moves)`} />
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
