// The Moves page: a board, a piece spec, pieces and blockers placed by click or tap (a mode toggle beside the
// board; shift-click too with a mouse); attacked squares, their count and the mobility heat map update at once;
// the whole state lives in the URL.
import { Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { finishedValue } from '../../../../src/core/job.js';
import { mobilitySync } from '../../../../src/pieces/mobility.js';
import { PIECE_NAMES } from '../../../../src/pieces/piece.js';
import { BoardView } from '../../board/Board.js';
import { SizeFields } from '../../controls/SizeFields.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import type { SquareView } from '../../board/types.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import type { RunJob } from '../../worker/jobs.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { mobilityTask, type MobilityRanks, type MobilityRequest, type MovesJobs } from './tasks.js';
import { quickHeat } from './quick-heat.js';
import './moves.css';
import {
  PAGE_MAX_SIDE,
  compute,
  describePiece,
  fitToBoard,
  glyphOf,
  parseSide,
  readState,
  toggle,
  writeState,
  type MovesState,
} from './state.js';
import { thousands } from '../../../../src/core/text.js';

/**
 * Pieces whose vectors may reach one square twice (e.g. 1,1*+2,2*) are counted by walking the rays: at once on
 * boards up to this many cells, in a worker on larger ones. Every other piece is counted at once on any board.
 */
const SYNC_HEAT_CELLS = 4096;
/** The list of attacked squares is cut after this many names (a reading limit, not a cost: the count says the rest). */
const LIST_MAX = 300;

/** A count with thousands separated, as the page writes every figure (12,345). */

const EXAMPLES = ['knight+king', '1,3', '2,3', '1,2*', '0,1*+1,2', 'queen-end'];

/** The ranks a worker has counted so far for one heat map (the rest of `counts` is not yet counted). */
interface Ranks {
  key: string;
  rows: number;
  counts: Int32Array;
}

function makeWorker(): Worker {
  return new Worker(new URL('./mobility.worker.ts', import.meta.url), { type: 'module', name: 'mobility' });
}

export function MovesPage({ params }: PageProps) {
  const [state, setState] = useHashState('moves', params, readState, writeState);
  const mode = state.place ?? 'piece';
  const setMode = (m: 'piece' | 'blocker'): void =>
    setState((cur) => ({ ...cur, place: m === 'blocker' ? m : undefined }));
  const touch = useTouch();
  // "Clicks place" or "Taps place": the one choice on a touch screen, where there is no shift-click.
  const placeLabel = `${pointWord(touch, true)}s place`;
  const ranksSink = useRef<(m: MobilityRanks) => void>(() => undefined);
  const job = useJob(makeWorker, (req: MobilityRequest, run: RunJob<MovesJobs>) =>
    mobilityTask(req, run, (m) => ranksSink.current(m)),
  );

  const c = useMemo(() => compute(state), [state]);
  const { board, piece, pieceError, from, blockers, targets } = c;

  // Every named piece (any piece whose vectors never reach one square twice) at once, exact, on any board: from
  // the distance to the edge, or one pass along each ray with blockers (milliseconds on 512×512).
  const syncHeat = useMemo(() => {
    if (!state.heat || !piece) return null;
    const quick = quickHeat(board.width, board.height, piece, blockers.isEmpty() ? undefined : blockers.toWords());
    if (quick || board.cells > SYNC_HEAT_CELLS) return quick;
    const m = finishedValue(mobilitySync(board, piece, blockers.isEmpty() ? undefined : blockers));
    return { counts: m.counts, total: m.total };
  }, [state.heat, piece, board, blockers]);

  const bigHeat = state.heat && piece !== null && syncHeat === null;
  const heatKey = bigHeat ? `${board.width}x${board.height}|${piece.name}|${blockers.squares().join(',')}` : '';
  // The worker's ranks as they arrive, drawn before the whole map is in.
  const [ranks, setRanks] = useState<Ranks | null>(null);
  ranksSink.current = (m) => {
    if (m.key !== heatKey) return;
    setRanks((cur) => {
      const counts = cur && cur.key === m.key ? cur.counts : new Int32Array(board.cells);
      counts.set(m.counts, m.from * board.width);
      return { key: m.key, rows: m.rows, counts };
    });
  };
  useEffect(() => {
    setRanks(null);
    // A heat map still computing for an earlier board or piece is no longer wanted; "Cancelled." stays until
    // the heat map is asked for again.
    if (!bigHeat) {
      if (job.state.status === 'running' || (state.heat && job.state.status !== 'idle')) job.reset();
      return;
    }
    job.start(
      { key: heatKey, width: board.width, height: board.height, spec: piece.name, blockers: blockers.squares() },
      'Counting the heat map rank by rank',
    );
  }, [heatKey, state.heat]);
  const partRanks = bigHeat && job.state.status === 'running' && ranks?.key === heatKey ? ranks : null;
  const heat = syncHeat ?? (bigHeat && job.state.status === 'done' ? job.state.result : null);
  /** The ranks counted (from rank 1 up) while the rest is still being counted, else null. */
  const heatRows = !heat && partRanks ? partRanks.rows : null;
  const shownCounts =
    heat?.counts ?? (heatRows !== null ? partRanks!.counts.subarray(0, heatRows * board.width) : null);

  // The colours span the counts that occur, so boards where every square has many moves still show contrast.
  const [heatMin, heatMax] = useMemo(() => {
    if (!shownCounts || shownCounts.length === 0) return [0, 0];
    let min = shownCounts[0],
      max = shownCounts[0];
    for (const n of shownCounts) {
      if (n < min) min = n;
      if (n > max) max = n;
    }
    return [min, max];
  }, [shownCounts]);

  const glyph = glyphOf(piece);
  const pieceName = piece?.name ?? 'piece';
  const view = useCallback(
    (s: number): SquareView => {
      const v: SquareView = {};
      if (from.has(s)) Object.assign(v, { kind: 'piece', glyph });
      else if (blockers.has(s)) v.kind = 'blocker';
      if (targets?.has(s)) v.target = true;
      if (shownCounts && s < shownCounts.length) {
        v.heat = heatMax > heatMin ? (shownCounts[s] - heatMin) / (heatMax - heatMin) : 0.5;
        v.text = String(shownCounts[s]);
      }
      return v;
    },
    [from, blockers, targets, shownCounts, heatMin, heatMax, glyph],
  );
  const describe = useCallback(
    (s: number): string => {
      const parts = [board.name(s)];
      if (from.has(s)) parts.push(pieceName);
      else if (blockers.has(s)) parts.push('blocker');
      if (targets?.has(s)) parts.push('attacked');
      if (shownCounts && s < shownCounts.length)
        parts.push(`${thousands(shownCounts[s])} move${shownCounts[s] === 1 ? '' : 's'} from here`);
      return parts.join(', ');
    },
    [board, from, blockers, targets, shownCounts, pieceName],
  );
  const onActivate = useCallback(
    (s: number, shift: boolean) => setState((cur) => toggle(cur, board.name(s), shift ? 'blocker' : mode)),
    [board, mode],
  );

  const update = (patch: Partial<MovesState>): void => setState((cur) => fitToBoard({ ...cur, ...patch }));
  const named = (PIECE_NAMES as readonly string[]).includes(state.spec.trim().toLowerCase());
  const count = targets?.count() ?? 0;
  // Listed by file, then rank (a4 a7 b2 …), as the CLI prints them.
  const targetNames = targets
    ? targets
        .squares()
        .sort((a, b) => board.file(a) - board.file(b) || board.rank(a) - board.rank(b))
        .slice(0, LIST_MAX)
        .map((s) => board.name(s))
    : [];

  return (
    <section class="page moves">
      <h1>Moves</h1>
      <p class="lead">
        {touch ? (
          <>
            Tap squares to place pieces; switch to <em>Blockers</em> to place blockers that stop riders.
          </>
        ) : (
          <>
            Click squares to place pieces; shift-click (or switch to <em>Blockers</em>) to place blockers that stop
            riders.
          </>
        )}{' '}
        The squares every piece attacks are shown at once.
      </p>
      <div class="workbench">
        <div class="controls">
          <fieldset>
            <legend>Board</legend>
            <SizeFields
              idPrefix="side"
              width={state.width}
              height={state.height}
              max={PAGE_MAX_SIDE}
              parse={parseSide}
              onChange={update}
            />
          </fieldset>
          <fieldset>
            <legend>Piece</legend>
            <div class="field">
              <label for="piece-name">Named piece</label>
              <select
                id="piece-name"
                value={named ? state.spec.trim().toLowerCase() : ''}
                onChange={(ev) => update({ spec: (ev.currentTarget as HTMLSelectElement).value || state.spec })}
              >
                <option value="">(spec below)</option>
                {PIECE_NAMES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for="piece-spec">Spec</label>
              <input
                id="piece-spec"
                type="text"
                spellcheck={false}
                autocomplete="off"
                value={state.spec}
                aria-invalid={pieceError !== null}
                aria-describedby="piece-info piece-error piece-help"
                onInput={(ev) => update({ spec: (ev.currentTarget as HTMLInputElement).value })}
              />
              {piece && (
                <p id="piece-info" class="info">
                  {describePiece(piece)}
                </p>
              )}
              <p id="piece-error" class="error" role="alert">
                {pieceError ?? ''}
              </p>
              <p id="piece-help" class="help">
                <code>m,n</code> leaper, <code>m,n*</code> rider, <code>a+b</code> compound, <code>-end</code> slides to
                the end. Try{' '}
                {EXAMPLES.map((e, i) => (
                  <Fragment key={e}>
                    {i > 0 && ' '}
                    <button type="button" class="link" onClick={() => update({ spec: e })}>
                      {e}
                    </button>
                  </Fragment>
                ))}
              </p>
            </div>
          </fieldset>
          <fieldset>
            <legend>Show</legend>
            <label class="check">
              <input
                type="checkbox"
                checked={state.heat}
                onChange={(ev) => update({ heat: (ev.currentTarget as HTMLInputElement).checked })}
              />
              Mobility heat map
            </label>
          </fieldset>
        </div>
        <div class="stage">
          <div class="summary" aria-live="polite">
            <p>
              <strong id="target-count">{piece ? thousands(count) : '–'}</strong> attacked square
              {count === 1 ? '' : 's'}
              <span class="muted">
                {' '}
                · {from.count()} piece{from.count() === 1 ? '' : 's'} · {blockers.count()} blocker
                {blockers.count() === 1 ? '' : 's'}
              </span>
            </p>
          </div>
          <div class="moves-mode">
            <div class="segmented" role="radiogroup" aria-label={placeLabel}>
              {(['piece', 'blocker'] as const).map((m) => (
                <label key={m} class={mode === m ? 'on' : ''}>
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                  {m === 'piece' ? 'Pieces' : 'Blockers'}
                </label>
              ))}
            </div>
            <button type="button" onClick={() => update({ pieces: [], blockers: [] })}>
              Clear board
            </button>
          </div>
          <BoardView
            board={board}
            label={`${board.width}×${board.height} board`}
            view={view}
            describe={describe}
            onActivate={onActivate}
          />
          <JobStatus
            state={job.state}
            onCancel={() => {
              job.cancel();
              update({ heat: false });
            }}
          />
          {shownCounts && (
            <div class="legend" aria-label="Heat map legend" id="moves-heat" data-complete={String(heat !== null)}>
              <span>{thousands(heatMin)}</span>
              <span class="ramp" aria-hidden="true" />
              <span>{thousands(heatMax)}</span>
              <span class="muted">
                {heat
                  ? `moves from a square · total ${thousands(heat.total)}`
                  : `moves from a square · ranks 1 to ${thousands(heatRows ?? 0)} of ${thousands(board.height)} counted so far; the rest follow`}
              </span>
            </div>
          )}
          <p id="target-list" class="targets">
            {targetNames.length > 0
              ? targetNames.join(' ') +
                (count > LIST_MAX ? ` … and ${thousands(count - LIST_MAX)} more, all marked on the board` : '')
              : from.isEmpty()
                ? `${pointWord(touch, true)} a square to place a piece.`
                : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
