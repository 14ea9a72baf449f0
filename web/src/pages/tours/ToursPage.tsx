// The Tours page: a tour (open or closed, from a clicked square, to an optional end, seeded) found in the
// worker and drawn as a path and as numbers, animated; the reason when none exists; the backtracking search
// step by step; the per-start table; counts; SVG and PNG export; the state in the URL.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../../../../src/core/board.js';
import type { Piece } from '../../../../src/pieces/piece.js';
import { GALLERY, analyzeTour, closeByEuler, existence, galleryTour, methodWords } from '../../../../src/tour/index.js';
import { BoardView, DOM_SIDE } from '../../board/Board.js';
import { SizeFields } from '../../controls/SizeFields.js';
import { PathOverlay } from '../../board/PathOverlay.js';
import { textSize, type SquareView } from '../../board/types.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import type { RunJob } from '../../worker/jobs.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { EXPORT_MAX_CELLS, svgToPng, tourSvg } from './export.js';
import { download } from '../../controls/download.js';
import { TourLegend } from './Legend.js';
import { SpeedControl } from '../../controls/SpeedControl.js';
import { useTicker } from '../../controls/ticker.js';
import { tourTopSpeed } from './speed.js';
import { SEARCH_MAX_CELLS, SearchControls, useSearch, type PageSwitches } from './SearchPanel.js';
import {
  COUNT_BUDGET_MS,
  QUESTION_FIELDS,
  TOURS_MAX_SIDE,
  countPlan,
  countSays,
  findSays,
  fitToBoard,
  numbersHint,
  parseLeaper,
  parseSide,
  readState,
  withFamous,
  writeState,
  type PanelMode,
  type ShowMode,
  type ToursState,
} from './state.js';
import { TABLE_SQUARE_NODES, TablePanel } from './TablePanel.js';
import { usePlay } from './PlayPanel.js';
import { PLAY_MAX_CELLS } from './play.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import { KNIGHT } from '../../../../src/pieces/piece.js';
import './tours.css';
import { addCells, emptyTable, fullTable, type StreamedTable, type TableCells } from './table-stream.js';
import {
  TOUR_HERE,
  tourTask,
  type TourJobs,
  type CountResult,
  type FindResult,
  type TableResult,
  type TourRequest,
} from './tasks.js';
import { thousands } from '../../../../src/core/text.js';

function makeWorker(): Worker {
  return new Worker(new URL('./tour.worker.ts', import.meta.url), { type: 'module', name: 'tours' });
}

const EMPTY_VIEW: SquareView = {};

function Segmented<T extends string>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: T;
  options: [T, string, boolean?][];
  onChange: (v: T) => void;
}) {
  return (
    <div class="segmented" role="radiogroup" aria-label={label}>
      {options.map(([v, text, disabled]) => (
        <label key={v} class={(value === v ? 'on' : '') + (disabled ? ' disabled' : '')}>
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            disabled={disabled}
            onChange={() => onChange(v)}
          />
          {text}
        </label>
      ))}
    </div>
  );
}

function glyph(piece: Piece | null): string {
  if (!piece || piece.name === 'knight') return '♞';
  const letter = /^[a-z]/.exec(piece.name);
  return letter ? letter[0].toUpperCase() : '●';
}

/** What analyzeTour says of a tour, in a line: valid, closed, the line sums. */
function describeAnalysis(a: ReturnType<typeof analyzeTour>): string {
  const sums = (xs: number[]): string => (xs.every((x) => x === xs[0]) ? `all ${xs[0]}` : xs.join(', '));
  const parts = [
    a.valid ? 'a valid tour' : a.isPath ? `a path of ${a.length} squares, not a whole tour` : 'not a tour',
    a.closed ? 'closed' : 'open',
  ];
  if (a.magic) parts.push('magic');
  else if (a.semiMagic) parts.push('semi-magic');
  if (a.halfTurnSymmetric) parts.push('symmetric under a half-turn');
  let line = `The engine's analysis: ${parts.join(', ')}. Rank sums ${sums(a.sums.rows)}; file sums ${sums(a.sums.columns)}`;
  if (a.sums.diagonals.length === 2) line += `; diagonals ${a.sums.diagonals.join(' and ')}`;
  return line + '.';
}

/** The engine's reason as a sentence: its first letter capital, a full stop at the end. */
function sentence(text: string): string {
  const t = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

export function ToursPage({ params }: PageProps) {
  const [state, setState] = useHashState('tours', params, readState, writeState);
  const [clicks, setClicks] = useState<'start' | 'end'>('start');
  const [exportError, setExportError] = useState('');

  // A change to the question leaves a gallery tour; another board or piece starts the person's path afresh.
  const update = (patch: Partial<ToursState>): void =>
    setState((cur) =>
      fitToBoard({
        ...cur,
        ...(QUESTION_FIELDS.some((k) => k in patch) ? { famous: '' } : {}),
        ...((['width', 'height', 'spec', 'from'] as const).some((k) => k in patch && patch[k] !== cur[k])
          ? { path: '' }
          : {}),
        ...patch,
      }),
    );
  const touch = useTouch();

  const board = useMemo(() => Board.of(state.width, state.height), [state.width, state.height]);
  const parsed = useMemo(() => parseLeaper(state.spec), [state.spec]);
  const piece = typeof parsed === 'string' ? null : parsed;
  const from = board.parse(state.from);
  const to = state.to ? board.parse(state.to) : undefined;
  const dom = board.width <= DOM_SIDE && board.height <= DOM_SIDE;
  // "Your turn": the person's own path, on boards up to PLAY_MAX_CELLS squares.
  const canPlay = piece !== null && board.cells <= PLAY_MAX_CELLS;
  const yourTurn = state.mode === 'play' && canPlay;
  // Your turn asks what the search asks: the Start square, the Open or Closed choice and the End square.
  const goal = useMemo(() => ({ closed: state.closed, end: to ?? null }), [state.closed, to]);
  const mine = usePlay({
    board,
    piece: piece ?? KNIGHT,
    mark: glyph(piece),
    pathText: yourTurn ? state.path : '',
    setPathText: (path) => setState((cur) => ({ ...cur, path })),
    start: from,
    setStart: (s) => update({ from: board.name(s), to: state.to === board.name(s) ? '' : state.to }),
    goal,
    touch,
  });

  // The tour: found whenever the question changes (at once where that is quick, else in the worker), as the page is
  // drawn (layout effects), so that a tour found at once is in the page's first frame; an answer is shown only for
  // its own question.
  const find = useJob(makeWorker, tourTask, TOUR_HERE);
  const findKey = `${board.width}x${board.height}|${state.spec}|${state.closed}|${from}|${to}|${state.seed}|${state.famous}`;
  const famous = useMemo(() => {
    if (!state.famous) return null;
    const { entry, tour } = galleryTour(state.famous);
    const analysis = analyzeTour(tour.board, tour.path);
    const result: FindResult = {
      kind: 'find',
      finished: true,
      value: {
        exists: true,
        reason: `${entry.note}. Source: ${entry.source}.`,
        closed: analysis.closed,
        method: 'gallery',
        path: Int32Array.from(tour.path),
      },
      nodes: 0,
      ms: 0,
    };
    return { entry, result, analysis };
  }, [state.famous]);
  const asked = useRef('');
  const [answer, setAnswer] = useState<{ key: string; result: FindResult } | null>(null);
  useLayoutEffect(() => {
    if (!piece || famous) {
      find.reset();
      return;
    }
    asked.current = findKey;
    find.start(
      {
        kind: 'find',
        width: board.width,
        height: board.height,
        spec: state.spec,
        closed: state.closed,
        from,
        to,
        seed: state.seed,
      },
      'Finding a tour',
    );
  }, [findKey]);
  useLayoutEffect(() => {
    if (find.state.status === 'done' && find.state.result.kind === 'find')
      setAnswer({ key: asked.current, result: find.state.result });
  }, [find.state]);
  const result = famous ? famous.result : answer && answer.key === findKey ? answer.result : null;
  // A finished find's answer; a stopped one says why in words.
  const found = result?.finished ? result.value : null;
  const says = result ? findSays(result) : null;
  const findMs = result?.ms ?? 0;
  // Euler's reversal closes an open path where a pair of squares allows it; the page shows the closed one in
  // its place until the question changes.
  const [euler, setEuler] = useState<{ key: string; path: Int32Array | null; how: string; reversed: boolean } | null>(
    null,
  );
  const closedByEuler = euler && euler.key === findKey ? euler : null;
  const path = closedByEuler?.path ?? found?.path ?? null;
  const shownClosed = state.closed || closedByEuler?.path != null;
  const closeEuler = (): void => {
    if (!found?.path || !piece) return;
    const c = closeByEuler(board, Array.from(found.path), piece);
    setEuler(
      c === null
        ? {
            key: findKey,
            path: null,
            how: "Euler's method finds no square to turn at: this open path cannot be closed by one reversal.",
            reversed: false,
          }
        : c.end === 'none'
          ? {
              key: findKey,
              path: Int32Array.from(c.path),
              how: "Closed as it stands: its last square is one move from its first, so Euler's method has nothing to reverse.",
              reversed: false,
            }
          : { key: findKey, path: Int32Array.from(c.path), how: `Closed by Euler's method: ${c.how}.`, reversed: true },
    );
  };

  // The animation along the path: how many squares are drawn.
  const [shownSet, setShown] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(8);
  useEffect(() => {
    setShown(path ? path.length : 0);
    setPlaying(false);
    // A tour of any size plays in about ten seconds at first: the top speed.
    if (path) setSpeed(tourTopSpeed(path.length));
  }, [path]);
  const total = path?.length ?? 0;
  // A new path comes a render before the effect above sets its count: a longer tour's count is never read
  // against a shorter one (Kumar's 60 squares chosen while an 8×8 tour showed all 64).
  const shown = Math.min(shownSet, total);
  const topSpeed = tourTopSpeed(total);
  useTicker(
    playing,
    speed,
    (n) => {
      const next = Math.min(total, shown + n);
      setShown(next);
      return next < total;
    },
    () => setPlaying(false),
  );
  const play = (): void => {
    if (!path) return;
    if (shown >= total) setShown(1);
    setPlaying(true);
  };

  // What theory says of the whole board (no start square): on 4×4 no square starts an open knight's tour.
  const wholeBoard = useMemo(
    () => (piece ? existence({ board, piece, closed: state.closed }) : null),
    [board, piece, state.closed],
  );

  // The step-by-step search and the per-start table.
  const searchQuery =
    piece && board.cells <= SEARCH_MAX_CELLS
      ? { board, piece, closed: state.closed, from, to, seed: state.seed }
      : null;
  const [switches, setSwitches] = useState<PageSwitches>({ warnsdorff: true, deadCells: true });
  const searchKey = `${findKey}|${state.mode}|${switches.warnsdorff}|${switches.deadCells}`;
  const search = useSearch(state.mode === 'search' ? searchQuery : null, switches, searchKey);
  // A search is not started where the page already knows no tour starts: "anyway" is the search it may run regardless.
  const [anyway, setAnyway] = useState('');
  const cellsSink = useRef<(m: TableCells) => void>(() => undefined);
  const table = useJob(makeWorker, (req: TourRequest, run: RunJob<TourJobs>) =>
    tourTask(req, run, (m) => cellsSink.current(m)),
  );
  const tableKey = `${board.width}x${board.height}|${state.spec}|${state.closed}`;
  // The table's worker starts with its panel, not with the click: "Compute the table" then waits for the search
  // alone (a worker took 0.4-1 s to load here while the page drew the table's 2,500 blank squares on 50×50).
  useEffect(() => {
    if (state.mode === 'table') table.warm();
  }, [state.mode]);
  const tableAsked = useRef('');
  const [tableResult, setTableResult] = useState<{ key: string; result: TableResult } | null>(null);
  // The squares decided so far, as the worker posts them: shown (and kept after Cancel) until the whole table is in.
  const [streamed, setStreamed] = useState<StreamedTable | null>(null);
  cellsSink.current = (m) => setStreamed((cur) => (cur && cur.key === m.key ? addCells(cur, m) : cur));
  useEffect(() => {
    if (table.state.status === 'done' && table.state.result.kind === 'table')
      setTableResult({ key: tableAsked.current, result: table.state.result });
  }, [table.state]);
  const shownTable = useMemo((): StreamedTable | null => {
    if (tableResult && tableResult.key === tableKey) return fullTable(tableKey, tableResult.result);
    return streamed && streamed.key === tableKey ? streamed : null;
  }, [tableResult, streamed, tableKey]);
  // Exact counts on small boards.
  const counter = useJob(makeWorker, tourTask);
  const countAsked = useRef('');
  // A table or count still running for another board or piece is no longer wanted.
  useEffect(() => {
    if (tableAsked.current !== tableKey) {
      table.reset();
      setStreamed(null);
    }
    if (countAsked.current !== tableKey) counter.reset();
  }, [tableKey]);
  const startTable = (): void => {
    if (!piece) return;
    tableAsked.current = tableKey;
    setStreamed(emptyTable(tableKey, board.cells));
    table.start(
      {
        kind: 'table',
        key: tableKey,
        width: board.width,
        height: board.height,
        spec: state.spec,
        closed: state.closed,
        maxSquareNodes: TABLE_SQUARE_NODES,
      },
      'Searching from every square',
    );
  };

  // Why no tour starts at this square, when the page knows: a theorem (colour parity, the board's size) or the
  // per-start table's finished search from it.
  const knownNone = useMemo((): string | null => {
    if (!piece || state.mode !== 'search') return null;
    const e = existence({ board, piece, closed: state.closed, from, to });
    if (e.exists === false) return e.reason;
    // A square the table has decided is decided for good, whether or not the rest of the table is in.
    if (shownTable && to === undefined && shownTable.exists[from] === false)
      return `the per-start table's search from ${state.from} tried every path`;
    return null;
  }, [board, piece, state.closed, state.mode, from, to, shownTable]);

  // Every board gets a count, stopped after COUNT_BUDGET_MS with a lower bound when it has not finished.
  const countHow = useMemo(
    () => (piece === null ? null : countPlan(board, piece, state.closed)),
    [board, piece, state.closed],
  );
  const counted =
    counter.state.status === 'done' && counter.state.result.kind === 'count' && countAsked.current === tableKey
      ? countSays(counter.state.result as CountResult, state.closed)
      : null;

  // What the board shows.
  const mode = state.mode;
  const drawn: Int32Array | null = mode === 'search' ? search.snap.path : mode === 'tour' ? path : null;
  const drawnCount = mode === 'tour' ? shown : (drawn?.length ?? 0);
  const place = useMemo(() => {
    const at = new Int32Array(board.cells).fill(-1);
    if (drawn) for (let i = 0; i < drawn.length; i++) at[drawn[i]] = i;
    return at;
  }, [drawn, board]);
  const numbers = state.show !== 'path';
  const mark = glyph(piece);
  const pieceName = piece?.name ?? 'piece';
  // The canvas board repaints every square (a million on 1000×1000) whenever its view changes, and the path is
  // the overlay's: so its view is the ends, with the numbers (written where they fit) only while nothing plays,
  // a new view per stop of the animation rather than per frame.
  const still = mode === 'tour' ? !playing : !search.running;
  const canvasText = numbers && still;
  const canvasView = useCallback(
    (s: number): SquareView => {
      if (s === from) return { kind: 'piece', glyph: mark };
      const i = canvasText ? place[s] : -1;
      const text = i >= 0 && i < drawnCount ? String(i + 1) : undefined;
      if (s === to) return text === undefined ? { target: true } : { target: true, text };
      return text === undefined ? EMPTY_VIEW : { text };
    },
    [from, to, mark, canvasText, canvasText ? place : null, canvasText ? drawnCount : 0],
  );
  // "Numbers" on a canvas board: the path's lines give way to the numbers once the longest can be read.
  const numbersOnly = !dom && mode === 'tour' && state.show === 'numbers' && canvasText;
  const lines = useMemo(
    () => (numbersOnly ? (cell: number): boolean => textSize(String(total), cell) === 0 : undefined),
    [numbersOnly, total],
  );
  const domView = useCallback(
    (s: number): SquareView => {
      const i = place[s];
      const on = i >= 0 && i < drawnCount;
      const v: SquareView = {};
      if (on && numbers) v.text = String(i + 1);
      // The square reached last carries the piece while the path is still growing (and always in the search).
      const head =
        drawn && drawnCount > 0 && (mode === 'search' || drawnCount < drawn.length) ? drawn[drawnCount - 1] : -1;
      if (s === head || (!on && s === from && drawnCount === 0)) Object.assign(v, { kind: 'piece', glyph: mark });
      if (s === to) v.target = true;
      return v;
    },
    [place, drawnCount, numbers, from, to, mark, mode],
  );
  const view = dom ? domView : canvasView;
  const describe = useCallback(
    (s: number): string => {
      const parts = [board.name(s)];
      if (s === from) parts.push('start');
      if (s === to) parts.push('end');
      const i = place[s];
      if (i >= 0 && i < drawnCount) parts.push(`move ${i + 1} of ${mode === 'tour' ? total : board.cells}`);
      return parts.join(', ');
    },
    [board, from, to, place, drawnCount, total, mode],
  );
  const onActivate = useCallback(
    (s: number) => {
      const name = board.name(s);
      if (clicks === 'end' && !state.closed) update({ to: state.to === name ? '' : name });
      else update({ from: name, to: state.to === name ? '' : state.to });
    },
    [board, clicks, state.closed, state.to],
  );

  const fileStem = `tour-${board.width}x${board.height}-${shownClosed ? 'closed' : 'open'}-${state.from}`;
  const canExport = path !== null && board.cells <= EXPORT_MAX_CELLS;
  const svgText = (): string =>
    tourSvg(
      board,
      path!,
      shownClosed,
      `${shownClosed ? 'Closed' : 'Open'} ${pieceName} tour of ${board.width}x${board.height} from ${state.from}`,
    );
  const exportSvg = (): void => download(new Blob([svgText()], { type: 'image/svg+xml' }), `${fileStem}.svg`);
  const exportPng = (): void => {
    setExportError('');
    svgToPng(svgText()).then(
      (b) => download(b, `${fileStem}.png`),
      (e: unknown) => setExportError(`PNG export failed: ${(e as Error).message}`),
    );
  };

  const what = `${state.closed ? 'closed' : 'open'} ${pieceName}'s tour`;
  const onBoard = `${board.width}×${board.height}`;
  // When no square of the board starts a tour, the headline says so rather than naming the start.
  const noneHeadline =
    wholeBoard?.exists === false
      ? state.closed
        ? `No ${what} on ${onBoard}.`
        : `No ${what} on ${onBoard}: no square starts one.`
      : `No ${what} ${state.to ? `from ${state.from} to ${state.to}` : `from ${state.from}`} on ${onBoard}.`;
  const headSquare = path && shown > 0 ? board.name(path[shown - 1]) : '';

  return (
    <section class="page tours">
      <h1>Tours</h1>
      <p class="lead">
        {pointWord(touch, true)} a square to start a{' '}
        {piece?.name === 'knight' || !piece ? "knight's" : `${piece.name}'s`} tour there, or build one yourself under
        Your turn. Large boards are built from blocks (1000×1000 in a fraction of a second); small ones are searched,
        step by step under Search.
      </p>
      <div class="workbench">
        <div class="controls">
          <fieldset>
            <legend>Board</legend>
            <SizeFields
              idPrefix="tour"
              width={state.width}
              height={state.height}
              max={TOURS_MAX_SIDE}
              parse={parseSide}
              onChange={update}
            />
            <div class="field">
              <label for="tour-piece">Piece</label>
              <input
                id="tour-piece"
                type="text"
                spellcheck={false}
                autocomplete="off"
                value={state.spec}
                aria-invalid={!piece}
                aria-describedby="tour-piece-help tour-piece-error"
                onInput={(ev) => update({ spec: (ev.currentTarget as HTMLInputElement).value })}
              />
              <p id="tour-piece-error" class="error" role="alert">
                {typeof parsed === 'string' ? parsed : ''}
              </p>
              <p id="tour-piece-help" class="help">
                knight, camel (1,3), zebra (2,3), giraffe (1,4) or any <code>m,n</code> leaper.
              </p>
            </div>
          </fieldset>
          <fieldset>
            <legend>Tour</legend>
            <Segmented
              name="closed"
              label="Open or closed"
              value={state.closed ? 'closed' : 'open'}
              options={[
                ['open', 'Open'],
                ['closed', 'Closed'],
              ]}
              onChange={(v) => update({ closed: v === 'closed' })}
            />
            <div class="field">
              <span class="field-label" aria-hidden="true">
                {pointWord(touch, true)}s on the board set
              </span>
              <Segmented
                name="clicks"
                label={`${pointWord(touch, true)}s on the board set`}
                value={state.closed ? 'start' : clicks}
                options={[
                  ['start', 'Start'],
                  ['end', 'End', state.closed],
                ]}
                onChange={setClicks}
              />
            </div>
            <p class="ends">
              Start <strong id="tour-from">{state.from}</strong>
              {!state.closed && (
                <>
                  {' · '}End <strong id="tour-to">{state.to || 'any'}</strong>
                  {state.to && (
                    <button type="button" class="small" onClick={() => update({ to: '' })}>
                      Clear end
                    </button>
                  )}
                </>
              )}
            </p>
            <div class="field">
              <label for="tour-famous">Famous tour</label>
              <select
                id="tour-famous"
                value={state.famous}
                onChange={(ev) => {
                  const name = (ev.currentTarget as HTMLSelectElement).value;
                  setState((cur) => (name ? withFamous(cur, name) : { ...cur, famous: '' }));
                }}
              >
                <option value="">(none: find one)</option>
                {GALLERY.map((g) => (
                  <option key={g.name} value={g.name}>
                    {g.title}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for="tour-seed">Seed</label>
              <div class="row">
                <input
                  id="tour-seed"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  placeholder="default"
                  value={state.seed ?? ''}
                  onInput={(ev) => {
                    const t = (ev.currentTarget as HTMLInputElement).value.trim();
                    if (t === '') update({ seed: undefined });
                    else if (/^[0-9]{1,15}$/.test(t)) update({ seed: Number(t) });
                  }}
                />
                <button type="button" onClick={() => update({ seed: Math.floor(Math.random() * 1_000_000) })}>
                  New seed
                </button>
              </div>
            </div>
          </fieldset>
          <fieldset>
            <legend>Show</legend>
            <Segmented
              name="show"
              label="Show the tour as"
              value={state.show}
              options={[
                ['path', 'Path'],
                ['numbers', 'Numbers'],
                ['both', 'Both'],
              ]}
              onChange={(show: ShowMode) => update({ show })}
            />
            <div class="buttons">
              <button type="button" onClick={exportSvg} disabled={!canExport}>
                Export SVG
              </button>
              <button type="button" onClick={exportPng} disabled={!canExport}>
                Export PNG
              </button>
            </div>
            {path && !canExport && (
              <p class="help">
                Export is for boards of up to {thousands(EXPORT_MAX_CELLS)} squares: larger pictures take too long to
                write here.
              </p>
            )}
            <p class="error" role="alert">
              {exportError}
            </p>
          </fieldset>
        </div>
        <div class="stage">
          <Segmented
            name="mode"
            label="What to show"
            value={state.mode}
            options={[
              ['tour', 'Tour'],
              ['play', 'Your turn'],
              ['search', 'Search'],
              ['table', 'Table'],
            ]}
            onChange={(m: PanelMode) => update({ mode: m })}
          />
          {mode === 'search' && (
            <p class="help panel-help">
              The search, one step at a time: it tries a move, goes on from there, and steps back when it is stuck; its
              path grows and shrinks on the board.
            </p>
          )}
          {mode === 'table' && (
            <p class="help panel-help">
              For every start square: does {state.closed ? 'a closed' : 'an open'} tour start there, and how many
              backtracks the search needed.
            </p>
          )}
          {mode === 'tour' && (
            <div class="answer" aria-live="polite">
              {found?.exists === true && path ? (
                <p id="tour-answer" data-exists="true">
                  <strong>
                    {famous
                      ? famous.entry.title
                      : `${state.closed ? 'Closed' : 'Open'} tour of ${board.width}×${board.height}`}
                  </strong>{' '}
                  from {board.name(path[0])} to {board.name(path[path.length - 1])}
                  {closedByEuler?.path &&
                    (closedByEuler.reversed
                      ? ", closed by Euler's method"
                      : ', closed as it stands (its last square is one move from its first)')}
                  <span class="muted">
                    {' '}
                    · {methodWords(found.method)}
                    {found.backtracks !== undefined
                      ? ` · ${thousands(found.backtracks)} backtrack${found.backtracks === 1 ? '' : 's'}`
                      : ''}{' '}
                    · {findMs < 1 ? '<1' : Math.round(findMs)} ms
                  </span>
                </p>
              ) : says ? (
                <p
                  id="tour-answer"
                  data-exists={String(says.exists)}
                  class={says.exists === false ? 'none' : 'undecided'}
                >
                  <strong>{says.exists === false ? noneHeadline : 'Undecided.'}</strong>
                </p>
              ) : (
                // The answer's room is kept while it comes, so the board below it does not jump.
                <p class="muted">Finding a tour…</p>
              )}
              {says && (
                <p id="tour-reason" class="reason">
                  {sentence(says.reason)}
                </p>
              )}
              {famous && (
                <p id="tour-analysis" class="reason">
                  {describeAnalysis(famous.analysis)}
                </p>
              )}
            </div>
          )}
          {mode === 'tour' && <JobStatus state={find.state} onCancel={find.cancel} />}
          {mode !== 'table' && !dom && numbers && drawn && (
            <p id="tour-numbers-hint" class="help" role="status">
              {numbersHint(board.width, board.height, !still, state.show === 'both')}
            </p>
          )}
          {mode === 'play' && !canPlay && (
            <p id="play-too-large" class="help panel-help">
              {piece === null
                ? 'Choose a leaper under Piece to build a tour of your own.'
                : `Your turn is for boards of up to ${thousands(PLAY_MAX_CELLS)} squares (32×32): choose a smaller board to build a tour yourself.`}
            </p>
          )}
          {mode !== 'table' && (
            <BoardView
              board={board}
              label={`${board.width}×${board.height} board`}
              view={yourTurn ? mine.view : view}
              describe={yourTurn ? mine.describe : describe}
              onActivate={yourTurn ? mine.onActivate : onActivate}
              overlay={
                yourTurn ? (
                  <>
                    {mine.path.length > 1 && (
                      <PathOverlay
                        board={board}
                        path={mine.path}
                        count={mine.path.length}
                        closed={mine.closed}
                        complete={mine.path.length === board.cells}
                      />
                    )}
                    {mine.marks}
                  </>
                ) : drawn && (state.show !== 'numbers' || !dom) ? (
                  <PathOverlay
                    board={board}
                    path={drawn}
                    count={drawnCount}
                    closed={mode === 'tour' ? shownClosed : state.closed && search.snap.status === 'found'}
                    complete={mode === 'tour' ? drawnCount === drawn.length : search.snap.status === 'found'}
                    lines={lines}
                  />
                ) : undefined
              }
              legend={
                mode === 'tour' && !dom && path ? (
                  <TourLegend board={board} total={total} shown={shown} complete={shown === total} lines={lines} />
                ) : undefined
              }
            />
          )}
          {yourTurn && mine.panel}
          {mode === 'tour' && !path && !says && (
            // While the tour is computed, the room its player takes, so that what follows does not jump.
            <div class="player-room" aria-hidden="true" />
          )}
          {mode === 'tour' && path && (
            <div class="player-bar">
              <div class="buttons player" role="group" aria-label="Animation">
                <button
                  type="button"
                  aria-label="Back to the first move"
                  onClick={() => (setPlaying(false), setShown(1))}
                >
                  First
                </button>
                <button
                  type="button"
                  aria-label="Step back"
                  onClick={() => (setPlaying(false), setShown(Math.max(1, shown - 1)))}
                >
                  ◀
                </button>
                {playing ? (
                  <button type="button" class="primary" onClick={() => setPlaying(false)}>
                    Pause
                  </button>
                ) : (
                  <button type="button" class="primary" onClick={play}>
                    Play
                  </button>
                )}
                <button
                  type="button"
                  aria-label="Step forward"
                  onClick={() => (setPlaying(false), setShown(Math.min(total, shown + 1)))}
                >
                  ▶
                </button>
                <button
                  type="button"
                  aria-label="On to the last move"
                  onClick={() => (setPlaying(false), setShown(total))}
                >
                  Last
                </button>
              </div>
              <SpeedControl
                id="tour-speed"
                speed={Math.min(speed, topSpeed)}
                max={topSpeed}
                unit="moves"
                total={total}
                onChange={setSpeed}
              />
              <p id="tour-position" class="position">
                Move {shown} of {total}: {headSquare}
              </p>
            </div>
          )}
          {mode === 'tour' && found?.path && !state.closed && board.cells <= EXPORT_MAX_CELLS && (
            <div class="euler">
              {closedByEuler?.path ? (
                <button type="button" onClick={() => setEuler(null)}>
                  Show the open path again
                </button>
              ) : (
                <button type="button" onClick={closeEuler} disabled={closedByEuler !== null}>
                  Close it by Euler's method
                </button>
              )}
              {closedByEuler && (
                <p id="tour-euler" class="help" role="status">
                  {closedByEuler.how}
                </p>
              )}
            </div>
          )}
          {mode === 'tour' && countHow !== null && (
            <div class="count">
              <button
                type="button"
                onClick={() => {
                  countAsked.current = tableKey;
                  counter.start(
                    { kind: 'count', width: board.width, height: board.height, spec: state.spec, closed: state.closed },
                    'Counting tours',
                  );
                }}
              >
                {countHow === 'exact'
                  ? `Count all ${state.closed ? 'closed' : 'open'} tours`
                  : `Count ${state.closed ? 'closed' : 'open'} tours for ${COUNT_BUDGET_MS / 1000} s`}
              </button>
              {countHow === 'budget' && !counted && (
                <p class="help">
                  This board has too many tours to count to the end here; the count stops after {COUNT_BUDGET_MS / 1000}{' '}
                  s with the tours found so far.
                </p>
              )}
              <JobStatus state={counter.state} onCancel={counter.cancel} />
              {counted && (
                <p id="tour-count">
                  <strong>{thousands(counted.count)}</strong> {counted.complete ? '' : '(at least) '}
                  <span class="muted">{counted.convention}</span>
                  {counted.reason && <span class="muted"> · {counted.reason}</span>}
                </p>
              )}
            </div>
          )}
          {mode === 'search' && (
            <SearchControls
              board={board}
              search={search}
              tooLarge={searchQuery === null && piece !== null}
              switches={switches}
              onSwitches={setSwitches}
              known={
                knownNone === null
                  ? null
                  : {
                      none:
                        wholeBoard?.exists === false
                          ? noneHeadline.replace(/\.$/, '')
                          : `No ${what} ${state.to ? `from ${state.from} to ${state.to}` : `starts at ${state.from}`} on ${onBoard}`,
                      why: knownNone,
                    }
              }
              anyway={anyway === searchKey}
              onAnyway={() => setAnyway(searchKey)}
            />
          )}
          {mode === 'table' && (
            <TablePanel
              board={board}
              closed={state.closed}
              job={table.state}
              table={shownTable}
              tableKey={tableKey}
              start={startTable}
              cancel={table.cancel}
              onPick={(s) => update({ from: board.name(s), to: state.to === board.name(s) ? '' : state.to })}
              current={from}
            />
          )}
        </div>
      </div>
    </section>
  );
}
