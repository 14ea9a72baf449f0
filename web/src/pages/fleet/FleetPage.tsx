// The Sea Battle page: a fleet editor (board size, named fleets or lengths, polyomino ships drawn with the
// mouse, forbidden cells painted on the board, the touch rule), placing a layout (uniform, rails or search,
// seeded), checking the layout on the board, counting layouts and the heat map in a worker; all in the URL.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../../../../src/core/board.js';
import { checkFleetCells, shipCount } from '../../../../src/fleet/index.js';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { SizeFields } from '../../controls/SizeFields.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { Choice } from '../../controls/Choice.js';
import { fleetTask, type FleetResult } from './tasks.js';
import { FleetGamePanel } from './GamePanel.js';
import { usePainter } from './paint.js';
import { ShapeEditor } from './ShapeEditor.js';
import { aboutCount, pooledEstimate, type CountEstimate } from './estimate.js';
import { FleetPictures } from './pictures.js';
import { HeldGhost, useShipMover } from './mover.js';
import { cellsAt, dropRefusal } from './placing.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import {
  FLEET_NAMES,
  METHODS,
  METHOD_HELP,
  layoutMask,
  parseSide,
  problemKey,
  problemOf,
  readBoard,
  readState,
  resized,
  specOf,
  toggleLayoutCell,
  writeState,
  type FleetState,
} from './state.js';
import './fleet.css';
import { thousands } from '../../../../src/core/text.js';

function makeWorker(): Worker {
  return new Worker(new URL('./fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet' });
}

const TOUCH: readonly (readonly [FleetState['touch'], string])[] = [
  ['', "The fleet's tradition"],
  ['none', 'No touching at all'],
  ['corner', 'Corners may touch'],
  ['any', 'Ships may touch'],
];
const TOUCH_WORDS: Readonly<Record<string, string>> = {
  none: 'ships may not touch, not even at corners',
  corner: 'ships may touch at corners only',
  any: 'ships may touch',
};
/** The first answers come from what the samplers find in this long (ms), while the exact ones are worked out. */
const FIRST_ANSWER_MS = 700;
/**
 * While the exact count runs, a new round of random proposals (FIRST_ANSWER_MS long) starts this long after the last
 * (ms).
 */
const ROUND_GAP_MS = 800;
/** The count's first round is shorter, so its first figure shows within a second; later rounds pool onto it (ms). */
const FIRST_ROUND_MS = 350;
/** How long the exact map runs before its pace is judged (ms). */
const OUT_OF_REACH_LOOK = 8000;
/** An exact map whose pace forecasts longer than this (ms) is out of reach: the estimate stays. */
const OUT_OF_REACH_MS = 120_000;
/** Boards up to this side get the heat written on each square. */
const TEXT_SIDE = 12;

type Place = Extract<FleetResult, { kind: 'place' }>;

export function FleetPage({ params }: PageProps) {
  const [state, setState] = useHashState('fleet', params, readState, writeState);
  const [tool, setTool] = useState<'move' | 'ships' | 'forbid'>('move');
  const touch = useTouch();
  const tab = state.play ? 'play' : 'edit';
  const setTab = (t: 'edit' | 'play'): void => update({ play: t === 'play' });
  const [placed, setPlaced] = useState<Place | null>(null);
  const placeJob = useJob(makeWorker, fleetTask);
  const countJob = useJob(makeWorker, fleetTask);
  const heatJob = useJob(makeWorker, fleetTask);
  const heatFirstJob = useJob(makeWorker, fleetTask);
  const countFirstJob = useJob(makeWorker, fleetTask);
  // A board the link asked for but this page cannot draw: said while the board is the one it shows instead.
  const linkBoard = useMemo(() => readBoard(params), [params]);
  const boardNotice =
    linkBoard.notice !== null && state.width === linkBoard.width && state.height === linkBoard.height
      ? linkBoard.notice
      : null;

  const board = useMemo(() => Board.of(state.width, state.height), [state.width, state.height]);
  const spec = useMemo(
    () => specOf(state),
    [state.width, state.height, state.fleet, state.ships.join(','), state.touch, state.mirror, state.forbid.join(',')],
  );
  const key = problemKey(spec);
  const { problem, error: problemError } = useMemo(() => problemOf(state), [key]);
  const update = (patch: Partial<FleetState>): void => setState((cur) => ({ ...cur, ...patch }));

  // A placed layout arrives for the problem it was asked for; one for an older problem is dropped.
  const placeAsked = useRef('');
  const place = (seed: number): void => {
    if (!problem) return;
    placeAsked.current = `${key}|${state.method}|${seed}`;
    update({ seed });
    placeJob.start(
      { kind: 'place', spec, method: state.method, seed },
      state.method === 'uniform' ? 'Counting layouts, then drawing one' : 'Placing the fleet',
    );
  };
  useEffect(() => {
    if (placeJob.state.status !== 'done' || placeAsked.current !== `${key}|${state.method}|${state.seed}`) return;
    const r = placeJob.state.result as Place;
    placeAsked.current = '';
    setPlaced(r);
    if (r.exists) update({ layout: r.layout });
  }, [placeJob.state]);

  // Counting: an estimate from random proposals within a moment, refined while the exact count runs (rounds of
  // proposals with new seeds, pooled: the interval narrows), beside the exact count with its progress bar.
  const countAsked = useRef('');
  const count =
    countJob.state.status === 'done' && countAsked.current === key
      ? (countJob.state.result as Extract<FleetResult, { kind: 'count' }>)
      : null;
  const [pool, setPool] = useState<{ key: string; estimate: CountEstimate; rounds: number } | null>(null);
  const countFirst = pool && pool.key === key && countAsked.current === key ? pool : null;
  const round = useRef({ key: '', next: 1, timer: 0 });
  const stopRounds = (): void => {
    window.clearTimeout(round.current.timer);
    round.current.timer = 0;
  };
  const startRound = (): void => {
    stopRounds();
    const first = round.current.next === 1;
    countFirstJob.start(
      { kind: 'count-estimate', spec, seed: round.current.next++, ms: first ? FIRST_ROUND_MS : FIRST_ANSWER_MS },
      'Estimating the number of layouts',
    );
  };
  useEffect(() => {
    if (countAsked.current === key) return;
    stopRounds();
    if (countJob.state.status === 'running') countJob.reset();
    countFirstJob.reset();
  }, [key]);
  useEffect(() => stopRounds, []);
  useEffect(() => {
    if (countFirstJob.state.status !== 'done' || countAsked.current !== key) return;
    const e = (countFirstJob.state.result as Extract<FleetResult, { kind: 'count-estimate' }>).estimate;
    setPool((cur) =>
      cur && cur.key === key
        ? { key, estimate: pooledEstimate(cur.estimate, e), rounds: cur.rounds + 1 }
        : { key, estimate: e, rounds: 1 },
    );
  }, [countFirstJob.state]);
  // The next round while the exact count is still running; none once it is done, cancelled or stopped.
  useEffect(() => {
    if (
      countAsked.current !== key ||
      countJob.state.status !== 'running' ||
      countFirstJob.state.status === 'running' ||
      !countFirst
    )
      return;
    stopRounds();
    round.current.timer = window.setTimeout(() => {
      round.current.timer = 0;
      if (countAsked.current === key) startRound();
    }, ROUND_GAP_MS);
  }, [countFirst?.rounds, countJob.state.status]);
  useEffect(() => {
    if (countJob.state.status === 'running') return;
    stopRounds();
    if (countFirstJob.state.status === 'running' && countFirst) countFirstJob.cancel();
  }, [countJob.state.status]);
  const startCount = (): void => {
    // A retry on the same problem keeps the rounds pooled so far (new seeds follow); another problem starts afresh.
    if (round.current.key !== key) {
      round.current.key = key;
      round.current.next = 1;
      setPool(null);
    }
    countAsked.current = key;
    countJob.start({ kind: 'count', spec }, 'Counting layouts exactly');
    startRound();
  };

  // The heat map: first an estimate from the uniform layouts drawn in a moment, then the exact map in its place.
  const heatAsked = useRef('');
  const [heatRun, setHeatRun] = useState(0);
  useEffect(() => {
    heatJob.reset();
    if (!state.heat || !problem) {
      heatFirstJob.reset();
      heatAsked.current = '';
      return;
    }
    heatAsked.current = key;
    heatFirstJob.start(
      { kind: 'heat-estimate', spec, seed: 1, ms: FIRST_ANSWER_MS },
      'Drawing uniform layouts for a first estimate',
    );
  }, [key, state.heat, heatRun]);
  // The exact map is given its time only while its pace says it can finish: past OUT_OF_REACH_LOOK, a run that has
  // made no headway, or whose pace forecasts more than OUT_OF_REACH_MS, stops, and the page says the estimate stays.
  const [outOfReach, setOutOfReach] = useState<{ key: string; minutes: number | null } | null>(null);
  const exactStarted = useRef(0);
  const latestHeat = useRef(heatJob.state);
  latestHeat.current = heatJob.state;
  const startExactHeat = (): void => {
    setOutOfReach(null);
    exactStarted.current = Date.now();
    heatJob.start({ kind: 'heat', spec }, 'Counting every layout for the exact map');
  };
  useEffect(() => {
    if (heatJob.state.status !== 'running') return;
    const look = (): void => {
      const st = latestHeat.current;
      if (st.status !== 'running') return;
      const elapsed = Date.now() - exactStarted.current;
      const share = st.progress?.share ?? 0;
      const forecast = share > 0 ? elapsed / share : Infinity;
      if (forecast > OUT_OF_REACH_MS) {
        heatJob.cancel();
        setOutOfReach({ key, minutes: Number.isFinite(forecast) ? Math.ceil(forecast / 60_000) : null });
      } else timer = window.setTimeout(look, 2000);
    };
    let timer = window.setTimeout(look, Math.max(0, OUT_OF_REACH_LOOK - (Date.now() - exactStarted.current)));
    return () => window.clearTimeout(timer);
  }, [heatJob.state.status]);
  const reach = outOfReach && outOfReach.key === key ? outOfReach : null;
  useEffect(() => {
    if (heatFirstJob.state.status === 'done' && heatAsked.current === key && heatJob.state.status === 'idle')
      startExactHeat();
  }, [heatFirstJob.state]);
  type Heat = Extract<FleetResult, { kind: 'heat' }>;
  const heatLive = state.heat && heatAsked.current === key;
  const heatFinal = heatLive && heatJob.state.status === 'done' ? (heatJob.state.result as Heat) : null;
  const heatFirst = heatLive && heatFirstJob.state.status === 'done' ? (heatFirstJob.state.result as Heat) : null;
  const heat = heatFinal ?? (heatFirst && heatFirst.samples ? heatFirst : null);
  const heatStopped =
    heatLive &&
    !reach &&
    (heatJob.state.status === 'cancelled' ||
      heatJob.state.status === 'error' ||
      heatFirstJob.state.status === 'cancelled' ||
      heatFirstJob.state.status === 'error');
  const retryHeat = (): void => (heatFirst ? startExactHeat() : setHeatRun((r) => r + 1));
  // Colours span the least to the largest chance in the field, so small differences still show.
  const [heatMin, heatMax] = useMemo(() => {
    const open = heat ? heat.probability.filter((_, s) => !spec.forbid.includes(s)) : [];
    return open.length > 0 ? [Math.min(...open), Math.max(...open)] : [0, 0];
  }, [heat]);

  const mask = useMemo(() => layoutMask(board, state.layout), [board, state.layout]);
  const forbidden = useMemo(() => new Set(state.forbid), [state.forbid]);
  const check = useMemo(
    () => (problem && state.layout.length > 0 ? checkFleetCells(problem, mask) : null),
    [problem, mask, state.layout.length],
  );

  // Painting reads and writes the newest state at once: a fast drag may paint several squares before a render.
  const latest = useRef(state);
  latest.current = state;
  const paint = (name: string, on: boolean | null): boolean => {
    const cur = latest.current;
    let next = cur,
      now: boolean;
    if (tool === 'forbid') {
      const has = cur.forbid.includes(name);
      now = on ?? !has;
      if (now !== has) next = { ...cur, forbid: now ? [...cur.forbid, name] : cur.forbid.filter((n) => n !== name) };
    } else {
      const has = cur.layout.some((ship) => ship.includes(name));
      now = on ?? !has;
      if (now !== has) next = { ...cur, layout: toggleLayoutCell(cur.layout, name) };
    }
    if (next !== cur) {
      latest.current = next;
      setState(next);
      setPlaced(null);
    }
    return now;
  };
  const painter = usePainter(paint);
  const mover = useShipMover({
    problem,
    board,
    layout: state.layout,
    setLayout: (layout) => {
      setState((cur) => ({ ...cur, layout }));
      setPlaced(null);
    },
    on: tool === 'move' && problem !== null,
    touch,
  });
  // Cells drawn one by one become the ships the check finds in them, so that a drawn ship moves as one.
  useEffect(() => {
    if (!check?.valid || !check.ships) return;
    const key = (ships: string[][]): string =>
      ships
        .map((s) => [...s].sort().join(''))
        .sort()
        .join(',');
    const ships = check.ships.map((sh) => sh.cells.map((c) => board.name(c)));
    if (key(ships) !== key(state.layout)) update({ layout: ships });
  }, [check]);
  const ghost = mover.held && mover.at !== null && problem && (
    <HeldGhost
      board={board}
      cells={cellsAt(board, mover.held, mover.at)}
      ok={dropRefusal(problem, board, state.layout, mover.held, mover.at) === null}
      from={mover.held.from === null ? [] : (state.layout[mover.held.from] ?? []).map((n) => board.parse(n))}
    />
  );

  const small = board.width <= TEXT_SIDE && board.height <= TEXT_SIDE;
  const view = useCallback(
    (s: number): SquareView => {
      const name = board.name(s);
      const v: SquareView = {};
      if (forbidden.has(name)) v.kind = 'blocker';
      else if (mask[s]) v.kind = 'piece';
      if (heat) {
        const p = heat.probability[s];
        v.heat = heatMax > heatMin ? Math.max(0, (p - heatMin) / (heatMax - heatMin)) : 0.5;
        if (small && !v.kind) v.text = p === 0 ? '0' : p >= 0.995 ? '1' : (p * 100).toFixed(0);
      }
      return v;
    },
    [board, forbidden, mask, heat, heatMin, heatMax, small],
  );
  const describe = useCallback(
    (s: number): string => {
      const name = board.name(s);
      const parts = [name, forbidden.has(name) ? 'forbidden' : mask[s] ? 'ship' : 'water'];
      if (heat) parts.push(`ship probability ${(heat.probability[s] * 100).toFixed(2)} %`);
      return parts.join(', ');
    },
    [board, forbidden, mask, heat],
  );

  return (
    <section class="page fleet">
      <h1>Sea Battle</h1>
      <p class="lead">
        Any fleet on any board: the classic fleets or ships of any shape you draw, forbidden cells, and the rule for how
        ships may touch. Place a layout (every layout equally likely, or ships laid in turn along shuffled rails), check
        one you draw, count them all exactly, see where ships are most likely, and play against the computer.
      </p>
      <div
        class="segmented tabs"
        role="tablist"
        aria-label="Sea Battle views"
        onKeyDown={(ev) => {
          // The tabs as one Tab stop, the arrows (and Home, End) moving between them, as a tab list does.
          const to = { ArrowLeft: 'edit', ArrowRight: 'play', Home: 'edit', End: 'play' }[ev.key] as
            'edit' | 'play' | undefined;
          if (to === undefined) return;
          ev.preventDefault();
          setTab(to);
          (ev.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-tab="${to}"]`)?.focus();
        }}
      >
        {(['edit', 'play'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            data-tab={t}
            aria-selected={tab === t}
            tabIndex={tab === t ? 0 : -1}
            class={tab === t ? 'on' : ''}
            onClick={() => setTab(t)}
          >
            {t === 'edit' ? 'Fleet and layouts' : 'Play against the computer'}
          </button>
        ))}
      </div>
      {tab === 'play' ? (
        problem ? (
          <FleetGamePanel
            problem={problem}
            spec={spec}
            mine={check?.valid && check.ships ? check.ships.map((sh) => sh.cells.map((c) => board.name(c))) : null}
            mineKinds={check?.valid && check.ships ? check.ships.map((sh) => sh.kind) : null}
            saved={state.game}
            save={(game) => update({ game })}
          />
        ) : (
          <p class="error">{problemError}</p>
        )
      ) : (
        <div class="workbench">
          <div class="controls">
            <fieldset>
              <legend>Board</legend>
              <SizeFields
                idPrefix="fleet-side"
                width={state.width}
                height={state.height}
                max={32}
                parse={parseSide}
                onChange={(p) =>
                  setState((cur) => ({ ...cur, ...resized(cur, p.width ?? cur.width, p.height ?? cur.height) }))
                }
              />
              {boardNotice && (
                <p class="notice" id="fleet-board-notice" role="status">
                  {boardNotice}
                </p>
              )}
            </fieldset>
            <fieldset>
              <legend>Fleet</legend>
              <Choice
                id="fleet-name"
                label="Fleet"
                value={FLEET_NAMES.includes(state.fleet) ? state.fleet : 'custom'}
                options={[...FLEET_NAMES.map((n) => [n, n] as const), ['custom', 'lengths…'] as const]}
                onChange={(v) => update({ fleet: v === 'custom' ? '' : v })}
              />
              {!FLEET_NAMES.includes(state.fleet) && (
                <div class="field">
                  <label for="fleet-lengths">Ship lengths (like 4,3,3,2; empty for drawn ships only)</label>
                  <input
                    id="fleet-lengths"
                    type="text"
                    spellcheck={false}
                    autocomplete="off"
                    value={state.fleet}
                    onInput={(ev) => update({ fleet: (ev.currentTarget as HTMLInputElement).value })}
                  />
                </div>
              )}
              <ShapeEditor ships={state.ships} mirror={state.mirror} onChange={(ships) => update({ ships })} />
              <Choice
                id="fleet-touch"
                label="Touch rule"
                value={state.touch}
                options={TOUCH}
                onChange={(touch) => update({ touch })}
              />
              <label class="check">
                <input
                  type="checkbox"
                  checked={state.mirror}
                  onChange={(ev) => update({ mirror: (ev.currentTarget as HTMLInputElement).checked })}
                />
                Ships may be mirrored
              </label>
              <p id="fleet-problem" class={problemError ? 'error' : 'help'} role={problemError ? 'alert' : undefined}>
                {problemError ??
                  (problem && (
                    <>
                      {shipCount(problem)} ship{shipCount(problem) === 1 ? '' : 's'}; {TOUCH_WORDS[problem.touch]}:
                      <FleetPictures kinds={problem.kinds} />
                    </>
                  ))}
              </p>
            </fieldset>
            <fieldset>
              <legend>Place</legend>
              <Choice
                id="fleet-method"
                label="Method"
                value={state.method}
                options={METHODS}
                onChange={(method) => update({ method })}
              />
              <p class="help">{METHOD_HELP[state.method]}</p>
              <div class="field">
                <label for="fleet-seed">Seed</label>
                <input
                  id="fleet-seed"
                  type="number"
                  min={0}
                  value={state.seed}
                  onInput={(ev) =>
                    update({ seed: Math.max(0, Math.floor(Number((ev.currentTarget as HTMLInputElement).value) || 0)) })
                  }
                />
              </div>
              <div class="buttons">
                <button type="button" class="primary" disabled={!problem} onClick={() => place(state.seed)}>
                  Place
                </button>
              </div>
              <div class="buttons">
                <button type="button" disabled={!problem} onClick={startCount}>
                  Count layouts
                </button>
              </div>
              <label class="check">
                <input
                  type="checkbox"
                  checked={state.heat}
                  onChange={(ev) => update({ heat: (ev.currentTarget as HTMLInputElement).checked })}
                />
                Heat map: the chance of a ship on each cell
              </label>
            </fieldset>
          </div>
          <div class="stage">
            <div class="fleet-actions">
              <button
                type="button"
                class="primary big"
                id="fleet-randomize"
                disabled={!problem}
                onClick={() => place(state.seed + 1)}
              >
                Randomize
              </button>
              <button
                type="button"
                disabled={state.layout.length === 0}
                onClick={() => {
                  update({ layout: [] });
                  setPlaced(null);
                }}
              >
                Clear ships
              </button>
              <div
                class="segmented fleet-tools"
                role="radiogroup"
                aria-label={`What a ${pointWord(touch)} on the board does`}
              >
                {(
                  [
                    ['move', 'Move ships'],
                    ['ships', 'Draw cells'],
                    ['forbid', 'Forbid cells'],
                  ] as const
                ).map(([t, text]) => (
                  <label key={t} class={tool === t ? 'on' : ''}>
                    <input type="radio" name="fleet-tool" value={t} checked={tool === t} onChange={() => setTool(t)} />
                    {text}
                  </label>
                ))}
              </div>
            </div>
            <div class="board-and-side">
              <div
                class="fleet-board fleet-edit-board"
                style={{ '--bw': board.width, '--bh': board.height }}
                onPointerDown={(ev) => (tool === 'move' ? mover.onPointerDown(ev) : painter.onPointerDown(ev))}
                onPointerOver={(ev) => {
                  if (tool !== 'move') painter.onPointerOver(ev);
                }}
              >
                <BoardView
                  board={board}
                  label={`Sea Battle board ${board.width}×${board.height}`}
                  view={view}
                  describe={describe}
                  onActivate={(s) => (tool === 'move' ? mover.activate(s) : painter.activate(board.name(s)))}
                  onHover={mover.hover}
                  overlay={ghost || undefined}
                />
              </div>
              <div class="board-side">
                <div class="move-row">
                  <p id="fleet-move-note" class="help" role="status">
                    {mover.note ||
                      (tool === 'move'
                        ? `${touch ? 'Tap a ship, then tap where it goes' : 'Drag a ship to move it, or click it, then a square'}; Turn turns the ship in hand.`
                        : tool === 'ships'
                          ? `${pointWord(touch, true)} or drag over cells to draw ships.`
                          : `${pointWord(touch, true)} cells where no ship may stand.`)}
                  </p>
                  <div class="buttons">
                    <button type="button" class="small" disabled={!mover.held} onClick={mover.turn}>
                      Turn
                    </button>
                    <button
                      type="button"
                      class="small"
                      disabled={!mover.held}
                      onClick={() => mover.cancel('Put back.')}
                    >
                      Put back
                    </button>
                  </div>
                </div>
                {tool === 'move' && mover.harbour}
                <p class="fleet-key" id="fleet-key" aria-label="What the board's colours mean">
                  <span>
                    <i class="key-water" aria-hidden="true" />
                    water
                  </span>
                  <span>
                    <i class="key-ship" aria-hidden="true" />
                    ship
                  </span>
                  <span>
                    <i class="key-forbid" aria-hidden="true" />
                    forbidden cell
                  </span>
                  {heat && <span>other colours: the heat map (below)</span>}
                </p>
              </div>
            </div>
            <JobStatus state={placeJob.state} onCancel={() => placeJob.cancel()} />
            {placed && (
              <p id="fleet-placed" class={placed.exists ? 'help' : 'error'} data-exists={String(placed.exists)}>
                {placed.exists
                  ? `Placed: ${placed.detail}.`
                  : placed.exists === false
                    ? `No layout exists: ${placed.reason} (${placed.detail}).`
                    : `Undecided: ${placed.reason}.`}
              </p>
            )}
            {check && (
              <div
                id="fleet-check"
                class={check.valid ? 'valid' : 'invalid'}
                data-valid={String(check.valid)}
                role="status"
              >
                {check.valid ? (
                  <p>Valid layout: {check.ships?.length} ships.</p>
                ) : (
                  <>
                    <p>Not a valid layout:</p>
                    <ul>
                      {check.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            )}
            {countFirst && (!count || count.count === null) && (
              <CountFirst estimate={countFirst.estimate} rounds={countFirst.rounds} state={countJob.state.status} />
            )}
            {!countFirst && <JobStatus state={countFirstJob.state} onCancel={() => countFirstJob.cancel()} />}
            <JobStatus state={countJob.state} onCancel={() => countJob.cancel()} />
            {count && (
              <p id="fleet-count" class="help" data-complete={String(count.count !== null)}>
                {count.count !== null ? (
                  <>
                    <strong>{thousands(BigInt(count.count))}</strong> distinct layouts (ships of one shape are
                    interchangeable).
                  </>
                ) : (
                  count.reason
                )}
              </p>
            )}
            {heatLive && heatStopped ? (
              <p class="job" id="fleet-heat-stopped">
                {heatJob.state.status === 'error' || heatFirstJob.state.status === 'error'
                  ? 'The heat map stopped.'
                  : 'Cancelled.'}{' '}
                <button type="button" class="small" onClick={retryHeat}>
                  {heatFirst ? 'Compute the exact map' : 'Try again'}
                </button>
              </p>
            ) : (
              <>
                <JobStatus state={heatFirstJob.state} onCancel={() => heatFirstJob.cancel()} />
                {!reach && <JobStatus state={heatJob.state} onCancel={() => heatJob.cancel()} />}
              </>
            )}
            {heatJob.state.status === 'error' && heatLive && <p class="error">{heatJob.state.message}</p>}
            {heat && (
              <div
                class="legend"
                aria-label="Heat map legend"
                id="fleet-heat"
                data-method={heat === heatFinal ? heat.method : 'first'}
              >
                <span>{(heatMin * 100).toFixed(1)} %</span>
                <span class="ramp" aria-hidden="true" />
                <span>{(heatMax * 100).toFixed(1)} %</span>
                <span class="muted">
                  {heat.total !== undefined
                    ? `chance of a ship, over all ${thousands(BigInt(heat.total))} layouts`
                    : `chance of a ship, an estimate from ${thousands(heat.samples ?? 0)} ${heat.effective !== undefined ? `weighted random layouts (worth about ${thousands(Math.round(heat.effective))} uniform ones)` : 'uniform layouts'}${
                        heat === heatFinal
                          ? heat.why
                            ? ` (${heat.why})`
                            : ''
                          : reach
                            ? `; the exact map is out of reach on this board (${reach.minutes === null ? 'counting every layout made no headway in its first seconds' : `counting every layout would take about ${reach.minutes} minutes`}), so this estimate stays`
                            : heatJob.state.status === 'running'
                              ? ' — counting every layout for the exact map, which may not finish on a large board'
                              : ''
                      }`}
                </span>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The answer to "Count layouts" until the exact count replaces it: the estimate from random proposals, refined
 * round by round while the count runs, and kept when it is cancelled or stops.
 */
function CountFirst({ estimate: e, rounds, state }: { estimate: CountEstimate; rounds: number; state: string }) {
  const then =
    state === 'running'
      ? 'refining while counting exactly…'
      : state === 'cancelled'
        ? 'the exact count was cancelled.'
        : state === 'done'
          ? 'the exact count did not finish.'
          : 'the exact count stopped.';
  return (
    <p
      id="fleet-count-estimate"
      class="help"
      data-accepted={e.accepted}
      data-proposals={e.proposals}
      data-low={e.low}
      data-high={e.high}
      data-rounds={rounds}
      aria-live="polite"
    >
      {e.accepted > 0 ? (
        <>
          About <strong>{aboutCount(e.estimate)}</strong> layouts, an estimate (95 % between {aboutCount(e.low)} and{' '}
          {aboutCount(e.high)}) from the {thousands(e.accepted)} of {thousands(e.proposals)} random proposals that were
          valid layouts; {then}
        </>
      ) : (
        <>
          None of {thousands(e.proposals)} random proposals was a valid layout, so there are probably fewer than{' '}
          {aboutCount(e.high)} layouts; {then}
        </>
      )}
    </p>
  );
}
