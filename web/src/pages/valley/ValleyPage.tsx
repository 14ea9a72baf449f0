// The King's Valley page: play against the computer (levels) or a friend, first or second in one click; a chosen
// piece shows its legal targets; move list, undo, new game, who starts, variants, the draw rule; the computer
// thinks in a worker (the random and greedy players on the page), and the solver marks each move in another; the
// whole game lives in the URL.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { CopyLink } from '../../controls/SizeFields.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { shareOf } from '../../../../src/core/run.js';
import { aiTask } from './tasks.js';
import {
  PLAYERS,
  VARIANTS,
  humanSide,
  inProgress,
  movePairs,
  pickSide,
  playerToMove,
  provenText,
  readState,
  repeatingMoves,
  replay,
  stateFromRecord,
  targetsOf,
  undoCount,
  writeState,
  type Game,
  type Player,
  type ValleyState,
} from './state.js';
import {
  THINK_SECONDS,
  analysable,
  markRank,
  marked,
  markWords,
  squareMarks,
  thinkLabel,
  type Mark,
} from './analysis.js';
import { ConfirmDialog, type ConfirmAsk } from './Confirm.js';
import { useAnalysis, type AnalysisState } from './useAnalysis.js';
import { Choice } from '../../controls/Choice.js';
import './valley.css';

function makeWorker(): Worker {
  return new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module', name: 'valley-ai' });
}

const FIRST = [
  ['w', 'White'],
  ['b', 'Black'],
] as const;
const GLYPHS = { white: { king: '♔', soldier: '♙' }, black: { king: '♚', soldier: '♟' } };
const SIDE_NAME = { white: 'White', black: 'Black' };

function playerName(p: Player): string {
  return PLAYERS.find(([v]) => v === p)![1]
    .replace(/^Computer: /, 'computer, ')
    .replace(/^Computer (\d+) \(.*/, 'computer level $1');
}

/**
 * An arrow from the last move's square to where it stopped; its head ends at the edge of that square, clear of the
 * piece.
 */
function LastMove({ game, move }: { game: Game; move: string | undefined }) {
  if (!move) return null;
  const { board } = game;
  const at = (name: string): [number, number] => {
    const s = board.parse(name);
    return [(s % board.width) + 0.5, board.height - Math.floor(s / board.width) - 0.5];
  };
  const [x1, y1] = at(move.slice(0, 2));
  const [x2, y2] = at(move.slice(2));
  // Moves go in one of eight directions: one step is (sx, sy), and the square is entered half a step from its centre.
  const k = Math.max(Math.abs(x2 - x1), Math.abs(y2 - y1));
  const sx = (x2 - x1) / k,
    sy = (y2 - y1) / k;
  const len = Math.hypot(sx, sy),
    ux = sx / len,
    uy = sy / len;
  const tipX = x2 - sx / 2,
    tipY = y2 - sy / 2;
  const HEAD = 0.3,
    HALF = 0.13;
  const baseX = tipX - ux * HEAD,
    baseY = tipY - uy * HEAD;
  const head = `${tipX},${tipY} ${baseX - uy * HALF},${baseY + ux * HALF} ${baseX + uy * HALF},${baseY - ux * HALF}`;
  return (
    <svg class="path-overlay last-move" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
      <line x1={x1} y1={y1} x2={baseX + ux * 0.02} y2={baseY + uy * 0.02} />
      <polygon class="arrow-head" points={head} />
    </svg>
  );
}

/** The analysis marks on the destination squares (all moves, or the chosen piece's). */
function MarksOverlay({
  game,
  marks,
}: {
  game: Game;
  marks: Map<string, { move: string; text: string; mark: Mark }[]>;
}) {
  if (marks.size === 0) return null;
  const { board } = game;
  return (
    <div
      class="path-overlay valley-marks"
      aria-hidden="true"
      style={{ gridTemplateColumns: `repeat(${board.width}, 1fr)`, gridTemplateRows: `repeat(${board.height}, 1fr)` }}
    >
      {[...marks].map(([to, list]) => {
        const s = board.parse(to);
        return (
          <div
            key={to}
            class="valley-mark-cell"
            data-at={to}
            style={{ gridColumn: (s % board.width) + 1, gridRow: board.height - Math.floor(s / board.width) }}
          >
            {list.map((e) => (
              <span
                key={e.move}
                class={`valley-mark ${e.mark.value}`}
                data-move={e.move}
                data-value={e.mark.value}
                data-plies={e.mark.plies}
                data-at-most={e.mark.atMost}
              >
                {e.text}
              </span>
            ))}
          </div>
        );
      })}
    </div>
  );
}

function statusText(state: ValleyState, game: Game): string {
  const now = game.snapshots[game.snapshots.length - 1];
  const o = now.outcome;
  if (o?.kind === 'draw') return `Draw: ${o.reason}.`;
  if (o?.kind === 'win') return `${SIDE_NAME[o.winner]} wins: ${o.reason}.`;
  const who = playerToMove(state, now.side);
  return `${SIDE_NAME[now.side]} to move${who === 'human' ? '' : ` (${playerName(who)})`}.`;
}

/** The game record to copy, and a field to load one (errors name the line). */
function RecordPanel({ record, onLoad }: { record: string; onLoad: (text: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <details class="valley-record">
      <summary>Game record (save and load)</summary>
      <label for="valley-record">This game, one move per line:</label>
      <textarea id="valley-record" readOnly rows={6} value={record} />
      <label for="valley-load">Paste a record to load it:</label>
      <textarea
        id="valley-load"
        rows={4}
        value={text}
        spellcheck={false}
        onInput={(ev) => setText((ev.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="buttons">
        <button
          type="button"
          onClick={() => {
            try {
              onLoad(text);
              setError('');
              setText('');
            } catch (e) {
              setError((e as Error).message);
            }
          }}
        >
          Load record
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The analysis: its switch's result as a list beside the board, with progress and Cancel while it runs. */
function AnalysisPanel({
  state,
  analysis,
  waiting,
  available,
  onCancel,
  onAgain,
}: {
  state: ValleyState;
  analysis: AnalysisState;
  waiting: string | null;
  available: boolean;
  onCancel: () => void;
  onAgain: () => void;
}) {
  if (!state.analysis) return null;
  if (!available) return <p class="help">The solver plays the 5×5 rules only: Labyrinth's moves are not analysed.</p>;
  if (waiting) return <p class="help">{waiting}</p>;
  const entries = Object.entries(analysis.marks).sort((a, b) => markRank(a[1]) - markRank(b[1]));
  const proved = entries.filter(([, m]) => m.value !== 'unknown').length;
  return (
    <div
      class="valley-analysis"
      data-status={analysis.status}
      data-marked={entries.filter(([, m]) => marked(m)).length}
      data-moves={entries.length}
    >
      {analysis.status === 'running' && (
        <JobStatus
          state={{
            status: 'running',
            progress: { share: shareOf(analysis.done, analysis.total), done: analysis.done, unit: 'searches' },
            label: 'Analysing',
          }}
          onCancel={onCancel}
        />
      )}
      {analysis.status !== 'running' && analysis.status !== 'off' && (
        <p class="job" role="status">
          {analysis.status === 'error'
            ? analysis.message
            : `${analysis.status === 'cancelled' ? 'Stopped: ' : ''}${proved} of ${plural(entries.length, 'move')} proved.`}{' '}
          {proved < entries.length && (
            <button type="button" class="small" onClick={onAgain}>
              Analyse again
            </button>
          )}
        </p>
      )}
      {/* It scrolls when long: a Tab stop of its own, so keys can scroll it. */}
      <ul id="valley-analysis" class="valley-analysis-list" tabIndex={0} aria-label="Each move's verdict">
        {entries.map(([move, m]) => (
          <li
            key={move}
            data-move={move}
            data-value={m.value}
            data-plies={m.plies}
            data-at-most={m.atMost}
            class={m.value}
          >
            <code>{move}</code> {markWords(m, state.think)}
          </li>
        ))}
      </ul>
      <p class="help">
        On the board, “win 9” marks a move that wins, the game ending 9 plies from now with best play on both sides (a
        ply is one side's move, this one counted); “loss 4” a move that loses; “win ≤11” a win in at most 11 plies,
        while the quickest is still sought; “?” a move not proved yet, or not in the time. The solver judges the
        position as it stands: repetitions earlier in the game are not counted.
      </p>
    </div>
  );
}

export function ValleyPage({ params }: PageProps) {
  const [state, setState] = useHashState('valley', params, readState, writeState);
  const [selected, setSelected] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [aiNote, setAiNote] = useState('');
  const [ask, setAsk] = useState<ConfirmAsk | null>(null);
  const job = useJob(makeWorker, aiTask);

  const game = useMemo(() => replay(state), [state.variant, state.first, state.drawRule, state.moves.join(',')]);
  // A link whose moves break off: keep the legal part, say why.
  useEffect(() => {
    if (game.error === null) return;
    setLinkError(`The link's moves stop early: ${game.error}.`);
    setState((cur) => ({ ...cur, moves: game.moves }));
  }, [game]);

  const now = game.snapshots[game.snapshots.length - 1];
  const over = now.outcome !== null;
  const mover = playerToMove(state, now.side);
  const aiTurn = !over && mover !== 'human' && game.error === null;

  const play = useCallback((move: string) => {
    setSelected(null);
    setState((cur) => ({ ...cur, moves: [...cur.moves, move] }));
  }, []);

  // The computer moves when it is its turn; a result for an older position is dropped.
  const asked = useRef('');
  const positionKey = `${state.variant}|${state.first}|${state.drawRule}|${game.moves.join(',')}`;
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!aiTurn || paused) {
      if (job.state.status === 'running') job.reset();
      return;
    }
    asked.current = positionKey;
    job.start(
      {
        variant: state.variant,
        first: state.first,
        drawRule: state.drawRule,
        moves: game.moves,
        player: mover,
        seed: Math.floor(Math.random() * 2 ** 31),
      },
      `${SIDE_NAME[now.side]} is thinking`,
    );
  }, [positionKey, aiTurn, mover, paused]);
  useEffect(() => {
    if (job.state.status === 'done' && asked.current === positionKey) {
      asked.current = '';
      const { move, note } = job.state.result;
      play(move);
      setAiNote(`${SIDE_NAME[now.side]} (computer) played ${move}: ${note}.`);
    }
    if (job.state.status === 'cancelled') setPaused(true);
  }, [job.state]);

  // The analysis runs while a person is to move (or the computer is paused), never against the computer's search.
  const available = analysable(state.variant);
  const waiting =
    aiTurn && !paused
      ? "The analysis waits for the computer's move."
      : over
        ? 'The game is over: no moves to analyse.'
        : null;
  const repeats = useMemo(() => repeatingMoves(game), [game]);
  const toSolve = useMemo(() => now.legal.filter((m) => !repeats.includes(m)), [now, repeats]);
  const analysis = useAnalysis(
    state.analysis && available && waiting === null && game.error === null,
    now.position,
    toSolve,
    state.think,
  );
  const marks = useMemo(() => {
    const out: Record<string, Mark> = {};
    if (analysis.state.status === 'off' || analysis.state.position !== now.position) return out;
    Object.assign(out, analysis.state.marks);
    for (const m of repeats) out[m] = { value: 'draw', repetition: true };
    return out;
  }, [analysis.state, repeats, now]);

  const update = (patch: Partial<ValleyState>, fresh = false): void => {
    setSelected(null);
    setAiNote('');
    setLinkError(null);
    setPaused(false);
    setState((cur) => ({ ...cur, ...patch, ...(fresh ? { moves: [] } : {}) }));
  };
  /** Runs `go` at once, or after asking when it would throw away a game in progress. */
  const guard = (title: string, yes: string, go: () => void): void => {
    if (!inProgress(game)) return go();
    setAsk({
      title,
      yes,
      detail: `The game in progress (${plural(game.moves.length, 'move')}) will be lost, with its link and record.`,
      onYes: go,
    });
  };

  const { board } = game;
  const targets = useMemo(
    () => new Set(selected && !aiTurn ? targetsOf(now.legal, selected) : []),
    [selected, now, aiTurn],
  );
  const movable = useMemo(() => new Set(aiTurn ? [] : now.legal.map((m) => m.slice(0, 2))), [now, aiTurn]);
  const onBoard = useMemo(
    () =>
      squareMarks(
        marks,
        now.legal.filter((m) => selected === null || m.startsWith(selected)),
      ),
    [marks, now, selected],
  );

  const view = useCallback(
    (s: number): SquareView => {
      const name = board.name(s);
      const piece = now.piece(s);
      const v: SquareView = {};
      if (piece) {
        v.kind = 'piece';
        v.glyph = GLYPHS[piece.side][piece.king ? 'king' : 'soldier'];
      } else if (game.pillars.includes(s)) v.kind = 'blocker';
      if (name === selected || targets.has(name)) v.target = true;
      return v;
    },
    [board, now, selected, targets, game.pillars],
  );
  const describe = useCallback(
    (s: number): string => {
      const name = board.name(s);
      const piece = now.piece(s);
      const parts = [
        name,
        piece
          ? `${SIDE_NAME[piece.side]} ${piece.king ? 'King' : 'soldier'}`
          : game.pillars.includes(s)
            ? 'pillar'
            : 'empty',
      ];
      if (s === game.valley) parts.push('the valley');
      if (name === selected) parts.push('selected');
      if (targets.has(name)) parts.push(`legal target of ${selected}`);
      for (const e of onBoard.get(name) ?? []) parts.push(`${e.move} ${markWords(e.mark, state.think)}`);
      return parts.join(', ');
    },
    [board, now, selected, targets, game, onBoard, state.think],
  );
  const onActivate = useCallback(
    (s: number) => {
      const name = board.name(s);
      if (selected && targets.has(name)) {
        setAiNote('');
        play(selected + name);
        return;
      }
      setSelected(name !== selected && movable.has(name) ? name : null);
    },
    [board, selected, targets, movable, play],
  );

  const undo = (): void => {
    const k = undoCount(state, game);
    if (k === 0) return;
    setPaused(state.white !== 'human' && state.black !== 'human');
    setSelected(null);
    setAiNote('');
    setLinkError(null);
    setState((cur) => ({ ...cur, moves: cur.moves.slice(0, cur.moves.length - k) }));
  };

  const pairs = movePairs(game.moves, state.first);
  const last = game.moves[game.moves.length - 1];
  const outcome = now.outcome;
  const you = humanSide(state);
  const youFirst = you === null ? null : you === state.first;
  const firstName = SIDE_NAME[state.first === 'w' ? 'white' : 'black'];
  const secondName = SIDE_NAME[state.first === 'w' ? 'black' : 'white'];
  const movesEnd = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = movesEnd.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [pairs.length, last]);

  const startAs = (order: 'first' | 'second'): void =>
    guard(`Start a new game, playing ${order}?`, 'Discard it and start', () => update(pickSide(state, order), true));

  return (
    <section class="page valley">
      <h1>King's Valley</h1>
      <p class="lead">
        Pieces slide in one of eight directions until the edge or another piece stops them. Bring your King to the
        valley in the centre to win; a King that cannot move at the start of its turn loses. Soldiers may cross the
        valley but not stop on it; the first move is a soldier's. Click a piece, then one of its green targets.
      </p>
      <p class="valley-proven" id="valley-proven">
        {state.variant === 'standard'
          ? provenText(state.first)
          : `Who wins ${VARIANTS.find(([n]) => n === state.variant)![1]} from its start with best play is not proved here; the standard start is a proven win for the side that moves first.`}
      </p>
      <div class="workbench valley-bench">
        <div class="controls">
          <fieldset>
            <legend>Game</legend>
            <div class="buttons side-pick" role="group" aria-label="Your side against the computer">
              <button type="button" aria-pressed={youFirst === true} onClick={() => startAs('first')}>
                Play first
              </button>
              <button type="button" aria-pressed={youFirst === false} onClick={() => startAs('second')}>
                Play second
              </button>
            </div>
            {youFirst !== null && (
              <p class="help valley-you" id="valley-you">
                You play {youFirst ? `${firstName}, who moves first` : `${secondName}, who moves second`}
                {state.variant === 'standard'
                  ? youFirst
                    ? ': the winning side.'
                    : ': the computer has the winning side.'
                  : '.'}
              </p>
            )}
            <Choice
              id="valley-variant"
              label="Variant"
              value={state.variant}
              options={VARIANTS}
              onChange={(v) =>
                guard(`Start a new game of ${VARIANTS.find(([n]) => n === v)![1]}?`, 'Discard it and switch', () =>
                  update({ variant: v }, true),
                )
              }
            />
            <Choice
              id="valley-first"
              label="First to move"
              value={state.first}
              options={FIRST}
              onChange={(v) =>
                guard(
                  `Start a new game with ${SIDE_NAME[v === 'w' ? 'white' : 'black']} first?`,
                  'Discard it and start',
                  () => update({ first: v }, true),
                )
              }
            />
            <Choice
              id="valley-white"
              label="White (♔ ♙)"
              value={state.white}
              options={PLAYERS}
              onChange={(p) => update({ white: p })}
            />
            <Choice
              id="valley-black"
              label="Black (♚ ♟)"
              value={state.black}
              options={PLAYERS}
              onChange={(p) => update({ black: p })}
            />
            <label class="check">
              <input
                type="checkbox"
                checked={state.drawRule}
                onChange={(ev) => update({ drawRule: (ev.currentTarget as HTMLInputElement).checked })}
              />
              Draw when a position occurs three times
            </label>
            <div class="buttons">
              <button
                type="button"
                onClick={() => guard('Start a new game?', 'Discard it and start', () => update({}, true))}
              >
                New game
              </button>
              <button type="button" onClick={undo} disabled={undoCount(state, game) === 0}>
                Undo
              </button>
              <CopyLink />
            </div>
          </fieldset>
        </div>
        <div class="stage">
          <p
            id="valley-status"
            class={`valley-status${outcome ? ' over' : ''}`}
            role="status"
            aria-live="polite"
            data-outcome={outcome ? (outcome.kind === 'draw' ? 'draw' : outcome.winner) : undefined}
          >
            {statusText(state, game)}
          </p>
          {linkError && (
            <p class="error" role="alert">
              {linkError}
            </p>
          )}
          <div class={`valley-board valley-${board.width}`}>
            <BoardView
              board={board}
              label={`King's Valley board, ${SIDE_NAME[now.side]} to move`}
              view={view}
              describe={describe}
              onActivate={onActivate}
              overlay={
                <>
                  <LastMove game={game} move={last} />
                  <MarksOverlay game={game} marks={onBoard} />
                </>
              }
            />
          </div>
          <JobStatus state={job.state} onCancel={() => job.cancel()} />
          {aiTurn && paused && (
            <p class="job">
              The computer is paused.{' '}
              <button type="button" class="small" onClick={() => setPaused(false)}>
                Let it move
              </button>
            </p>
          )}
          {aiNote && <p class="help">{aiNote}</p>}
        </div>
        <div class="valley-side">
          <h2 class="valley-h2">Moves</h2>
          {pairs.length === 0 ? (
            <p class="muted">No moves yet.</p>
          ) : (
            <ol id="valley-moves" class="valley-moves" ref={movesEnd}>
              {pairs.map((row) => (
                <li key={row.number} value={row.number}>
                  <span data-move={row.white ?? ''}>{row.white ?? '…'}</span>{' '}
                  <span data-move={row.black ?? ''}>{row.black ?? ''}</span>
                </li>
              ))}
            </ol>
          )}
          <fieldset class="valley-analysis-box">
            <legend>Analysis</legend>
            <label class="check">
              <input
                id="valley-analysis-on"
                type="checkbox"
                checked={state.analysis}
                onChange={(ev) =>
                  setState((cur) => ({ ...cur, analysis: (ev.currentTarget as HTMLInputElement).checked }))
                }
              />
              Mark each move: win, loss or draw
            </label>
            <Choice
              id="valley-think"
              label="Time for the solver"
              value={String(state.think)}
              options={THINK_SECONDS.map((t) => [String(t), thinkLabel(t)] as const)}
              onChange={(t) => setState((cur) => ({ ...cur, think: Number(t) }))}
            />
            <AnalysisPanel
              state={state}
              analysis={analysis.state}
              waiting={waiting}
              available={available}
              onCancel={analysis.cancel}
              onAgain={analysis.again}
            />
          </fieldset>
          <p class="help">
            Position: <code id="valley-position">{now.position}</code>
          </p>
          <RecordPanel
            record={game.game.record()}
            onLoad={(text) => {
              const next = stateFromRecord(text, state);
              guard('Load this record?', 'Discard it and load', () => {
                setSelected(null);
                setLinkError(null);
                setAiNote('');
                setPaused(false);
                setState(next);
              });
            }}
          />
        </div>
      </div>
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </section>
  );
}
