// The King's Valley page: play against the computer (levels) or a friend, first or second in one click; a chosen
// or dragged piece shows its legal targets, and moves slide into place; the move list steps back through the game
// (a move played from a past position cuts the later ones), the board turns round, a hint names a good move; undo,
// new game, who starts, variants, the draw rule; the computer thinks in a worker, the solver marks each move in
// another; the game is saved and loaded as the command line's record, and the whole game lives in the URL.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import type { PageProps } from '../../router.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { shareOf } from '../../../../src/core/run.js';
import { HINT_MS, aiTask, hintTask, type HintResult } from './tasks.js';
import {
  PLAYERS,
  VARIANTS,
  humanSide,
  inProgress,
  pickSide,
  playAt,
  playerToMove,
  provenText,
  readState,
  repeatingMoves,
  replay,
  shownPly,
  stateFromRecord,
  stepPly,
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
import { MarksOverlay, MoveArrow } from './overlays.js';
import { usePieceDrag, useSlide } from './motion.js';
import { MoveList, ReviewButtons } from './MoveList.js';
import { SaveLoad } from './Record.js';
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

type Snapshot = Game['snapshots'][number];

/** The piece on a square in words ("White soldier"), or "" for none. */
function pieceName(at: Snapshot, game: Game, name: string): string {
  const p = at.piece(game.board.parse(name));
  return p ? `${SIDE_NAME[p.side]} ${p.king ? 'King' : 'soldier'}` : '';
}

function statusText(state: ValleyState, at: Snapshot, reviewing: string | null): string {
  const o = at.outcome;
  if (o?.kind === 'draw') return `Draw: ${o.reason}.`;
  if (o?.kind === 'win') return `${SIDE_NAME[o.winner]} wins: ${o.reason}.`;
  const who = playerToMove(state, at.side);
  return `${reviewing ? `${reviewing}: ` : ''}${SIDE_NAME[at.side]} to move${who === 'human' ? '' : ` (${playerName(who)})`}.`;
}

/** A hint shown: the move, and why it was chosen, for the position it was asked in. */
interface Hint {
  position: string;
  move: string;
  why: string;
}

/** Why the engine's move is the hint, in words. */
function engineWhy(r: HintResult, side: 'white' | 'black'): string {
  if (r.winner === side && r.plies !== undefined)
    return `the computer's search finds a forced win in ${plural(r.plies, 'ply', 'plies')}`;
  if (r.winner !== undefined && r.plies !== undefined)
    return `the computer's search sees a loss in ${plural(r.plies, 'ply', 'plies')} against best play; this move holds out longest`;
  return `the computer's best move after a ${HINT_MS / 1000} s search (no forced win found)`;
}

/** Why the solver's move is the hint, in words. */
function solverWhy(m: Mark, seconds: number): string {
  if (m.value === 'win') return `the solver proves it ${markWords(m, seconds)}`;
  if (m.value === 'draw') return 'the solver proves no move wins; this one draws';
  return `the solver proves every move loses; this one ${markWords(m, seconds)}, the longest`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function AnalysisPanel({
  state,
  analysis,
  waiting,
  available,
  pieceOf,
  onCancel,
  onAgain,
}: {
  state: ValleyState;
  analysis: AnalysisState;
  waiting: string | null;
  available: boolean;
  /** The piece that makes a move, in words. */
  pieceOf: (move: string) => string;
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
            <code>{move}</code> <span class="valley-piece">({pieceOf(move)})</span> {markWords(m, state.think)}
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
  const touch = useTouch();
  const [selected, setSelected] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [aiNote, setAiNote] = useState('');
  const [ask, setAsk] = useState<ConfirmAsk | null>(null);
  const [hint, setHint] = useState<Hint | null>(null);
  const job = useJob(makeWorker, aiTask);
  const hintJob = useJob(makeWorker, hintTask);

  const game = useMemo(() => replay(state), [state.variant, state.first, state.drawRule, state.moves.join(',')]);
  // A link whose moves break off: keep the legal part, say why.
  useEffect(() => {
    if (game.error === null) return;
    setLinkError(`The link's moves stop early: ${game.error}.`);
    setState((cur) => ({ ...cur, moves: game.moves }));
  }, [game]);

  // The position shown: the latest, or one under review (the moves up to it replayed for its history).
  const played = game.moves.length;
  const ply = shownPly(state, played);
  const reviewing = ply < played;
  const shownMoves = useMemo(() => game.moves.slice(0, ply), [game, ply]);
  const shown = useMemo(
    () =>
      reviewing
        ? replay({ variant: state.variant, first: state.first, drawRule: state.drawRule, moves: shownMoves })
        : game,
    [game, reviewing, shownMoves],
  );
  const latest = game.snapshots[played];
  const now = shown.snapshots[shown.snapshots.length - 1];
  const over = latest.outcome !== null;
  const mover = playerToMove(state, latest.side);
  const aiTurn = !over && mover !== 'human' && game.error === null;
  // A person moves where a person is to move: at the end of the game, or in a past position (cutting what came later).
  const canMove = now.outcome === null && playerToMove(state, now.side) === 'human' && game.error === null;
  const reviewWords = reviewing ? `Move ${ply} of ${played}` : null;

  const clearNotes = (): void => {
    setSelected(null);
    setHint(null);
    setAiNote('');
  };
  const play = useCallback((move: string) => {
    setSelected(null);
    setHint(null);
    setState((cur) => ({ ...cur, ...playAt(cur.moves, shownPly(cur, cur.moves.length), move) }));
  }, []);
  /** Shows the position after `to` moves (the latest when it is the last). */
  const go = useCallback((to: number) => {
    setSelected(null);
    setHint(null);
    setState((cur) => ({ ...cur, at: to >= cur.moves.length ? null : Math.max(0, to) }));
  }, []);

  // ← → Home End step through the game, except where those keys already mean something (the board, fields, lists).
  const reach = useRef({ ply, played });
  reach.current = { ply, played };
  useEffect(() => {
    const onKey = (ev: KeyboardEvent): void => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.defaultPrevented) return;
      const t = ev.target as HTMLElement | null;
      if (t?.closest?.('input, select, textarea, [contenteditable], .board, dialog, .valley-analysis-list, summary'))
        return;
      const next = stepPly(ev.key, reach.current.ply, reach.current.played);
      if (next === null || reach.current.played === 0) return;
      ev.preventDefault();
      if (next !== reach.current.ply) go(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [go]);

  // The computer moves when it is its turn and the latest position is shown; a result for an older position is
  // dropped.
  const asked = useRef('');
  const positionKey = `${state.variant}|${state.first}|${state.drawRule}|${game.moves.join(',')}`;
  const [paused, setPaused] = useState(false);
  const computerMoves = aiTurn && !paused && !reviewing;
  useEffect(() => {
    if (!computerMoves) {
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
        player: mover as Exclude<Player, 'human'>,
        seed: Math.floor(Math.random() * 2 ** 31),
      },
      `${SIDE_NAME[latest.side]} is thinking`,
    );
  }, [positionKey, computerMoves, mover]);
  useEffect(() => {
    if (job.state.status === 'done' && asked.current === positionKey) {
      asked.current = '';
      const { move, note } = job.state.result;
      setSelected(null);
      setState((cur) => ({ ...cur, moves: [...cur.moves, move], at: null }));
      setAiNote(`${SIDE_NAME[latest.side]} (computer) played ${move}: ${note}.`);
    }
    if (job.state.status === 'cancelled' && !reviewing) setPaused(true);
  }, [job.state]);

  // The analysis runs on the position shown while a person is to move (or the computer is paused), never against
  // the computer's search.
  const available = analysable(state.variant);
  const waiting = computerMoves
    ? "The analysis waits for the computer's move."
    : now.outcome !== null
      ? 'The game is over: no moves to analyse.'
      : null;
  const repeats = useMemo(() => repeatingMoves(shown), [shown]);
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

  // The hint: the solver's move when it has proved this position (a win, or every move), else the engine's.
  const askHint = (): void => {
    setSelected(null);
    const proved = Object.entries(marks)
      .filter(([m]) => now.legal.includes(m))
      .sort((a, b) => markRank(a[1]) - markRank(b[1]));
    const all = proved.length === now.legal.length && proved.every(([, m]) => m.value !== 'unknown');
    if (proved.length > 0 && (proved[0][1].value === 'win' || all)) {
      setHint({ position: now.position, move: proved[0][0], why: solverWhy(proved[0][1], state.think) });
      return;
    }
    setHint(null);
    hintJob.start(
      { variant: state.variant, first: state.first, drawRule: state.drawRule, moves: shownMoves },
      'Looking for a good move',
    );
  };
  const hintAsked = useRef('');
  if (hintJob.state.status === 'running') hintAsked.current = now.position;
  useEffect(() => {
    if (hintJob.state.status === 'done' && hintAsked.current === now.position) {
      const r = hintJob.state.result;
      setHint({ position: now.position, move: r.move, why: engineWhy(r, now.side) });
      hintJob.reset();
    }
  }, [hintJob.state]);
  // A hint belongs to its position: another position drops it (and a search still going for the old one).
  useEffect(() => {
    if (hint && hint.position !== now.position) setHint(null);
    if (hintJob.state.status === 'running' && hintAsked.current !== now.position) hintJob.reset();
  }, [now.position]);
  const hintShown = hint !== null && hint.position === now.position ? hint : null;

  const update = (patch: Partial<ValleyState>, fresh = false): void => {
    clearNotes();
    setLinkError(null);
    setPaused(false);
    setState((cur) => ({ ...cur, ...patch, ...(fresh ? { moves: [], at: null } : {}) }));
  };
  /** Runs `go` at once, or after asking when it would throw away a game in progress. */
  const guard = (title: string, yes: string, then: () => void): void => {
    if (!inProgress(game)) return then();
    setAsk({
      title,
      yes,
      detail: `The game in progress (${plural(game.moves.length, 'move')}) will be lost, with its link and record.`,
      onYes: then,
    });
  };

  const { board } = game;
  const flip = state.flip;
  const targets = useMemo(
    () => new Set(selected && canMove ? targetsOf(now.legal, selected) : []),
    [selected, now, canMove],
  );
  const movable = useMemo(() => new Set(canMove ? now.legal.map((m) => m.slice(0, 2)) : []), [now, canMove]);
  const onBoard = useMemo(
    () =>
      squareMarks(
        marks,
        now.legal.filter((m) => selected === null || m.startsWith(selected)),
      ),
    [marks, now, selected],
  );
  const glyphAt = useCallback(
    (name: string): string => {
      const p = now.piece(board.parse(name));
      return p ? GLYPHS[p.side][p.king ? 'king' : 'soldier'] : '';
    },
    [now, board],
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
      const piece = pieceName(now, shown, name);
      const parts = [name, piece || (game.pillars.includes(s) ? 'pillar' : 'empty')];
      if (s === game.valley) parts.push('the valley');
      if (name === selected) parts.push('selected');
      if (targets.has(name)) parts.push(`legal target of ${selected}`);
      if (hintShown?.move.startsWith(name)) parts.push(`hint: move this piece to ${hintShown.move.slice(2)}`);
      if (hintShown?.move.endsWith(name))
        parts.push(
          `hint: the ${pieceName(now, shown, hintShown.move.slice(0, 2))} from ${hintShown.move.slice(0, 2)} goes here`,
        );
      for (const e of onBoard.get(name) ?? [])
        parts.push(
          `the ${pieceName(now, shown, e.move.slice(0, 2))} from ${e.move.slice(0, 2)} ${markWords(e.mark, state.think)}`,
        );
      return parts.join(', ');
    },
    [board, now, shown, selected, targets, game, onBoard, state.think, hintShown],
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

  // Moves slide into place; pieces can be dragged to their targets.
  const boardBox = useRef<HTMLDivElement>(null);
  useSlide(boardBox, shownMoves);
  usePieceDrag(boardBox, {
    movable: (name) => movable.has(name),
    targets: (name) => (canMove ? targetsOf(now.legal, name) : []),
    onLift: (name) => setSelected(name),
    onDrop: (from, to) => {
      setAiNote('');
      play(from + to);
    },
  });

  const undo = (): void => {
    const k = undoCount(state, game);
    if (k === 0) return;
    setPaused(state.white !== 'human' && state.black !== 'human');
    clearNotes();
    setLinkError(null);
    setState((cur) => ({ ...cur, moves: cur.moves.slice(0, cur.moves.length - k), at: null }));
  };

  const last = shownMoves[shownMoves.length - 1];
  const outcome = now.outcome;
  const you = humanSide(state);
  const youFirst = you === null ? null : you === state.first;
  const firstName = SIDE_NAME[state.first === 'w' ? 'white' : 'black'];
  const secondName = SIDE_NAME[state.first === 'w' ? 'black' : 'white'];

  const startAs = (order: 'first' | 'second'): void =>
    guard(`Start a new game, playing ${order}?`, 'Discard it and start', () => update(pickSide(state, order), true));
  const point = pointWord(touch, true);

  return (
    <section class="page valley">
      <h1>King's Valley</h1>
      <p class="lead">
        Pieces slide in one of eight directions until the edge or another piece stops them. Bring your King to the
        valley in the centre to win; a King that cannot move at the start of its turn loses. Soldiers may cross the
        valley but not stop on it; the first move is a soldier's. {point} a piece, then one of its green targets, or
        drag it there.
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
            <SaveLoad
              record={game.game.record()}
              onLoad={(text) => {
                const next = stateFromRecord(text, state);
                guard('Load this record?', 'Discard it and load', () => {
                  clearNotes();
                  setLinkError(null);
                  setPaused(false);
                  setState(next);
                });
              }}
            />
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
            {statusText(state, now, reviewWords)}
          </p>
          {linkError && (
            <p class="error" role="alert">
              {linkError}
            </p>
          )}
          <div class={`valley-board valley-${board.width}${flip ? ' flipped' : ''}`} ref={boardBox}>
            <BoardView
              board={board}
              flip={flip}
              label={`King's Valley board, ${SIDE_NAME[now.side]} to move${flip ? ', turned round' : ''}`}
              view={view}
              describe={describe}
              onActivate={onActivate}
              overlay={
                <>
                  <MoveArrow board={board} move={last} flip={flip} kind="last-move" />
                  <MarksOverlay board={board} flip={flip} marks={onBoard} glyphAt={glyphAt} />
                  <MoveArrow board={board} move={hintShown?.move} flip={flip} kind="hint-move" />
                </>
              }
            />
          </div>
          <ReviewButtons ply={ply} moves={game.moves} onGo={go} />
          <div class="buttons valley-actions">
            <button type="button" onClick={askHint} disabled={!canMove || hintJob.state.status === 'running'}>
              Hint
            </button>
            <button type="button" aria-pressed={flip} onClick={() => setState((cur) => ({ ...cur, flip: !cur.flip }))}>
              Flip board
            </button>
            <button type="button" onClick={undo} disabled={undoCount(state, game) === 0}>
              Undo
            </button>
            <button
              type="button"
              onClick={() => guard('Start a new game?', 'Discard it and start', () => update({}, true))}
            >
              New game
            </button>
          </div>
          <p class="help valley-hint" id="valley-hint" aria-live="polite" data-move={hintShown?.move}>
            {hintShown
              ? `Hint: the ${pieceName(now, shown, hintShown.move.slice(0, 2))} from ${hintShown.move.slice(0, 2)} to ${hintShown.move.slice(2)} (${hintShown.move}): ${hintShown.why}.`
              : hintJob.state.status === 'running'
                ? `Looking for a good move (${HINT_MS / 1000} s)…`
                : hintJob.state.status === 'error'
                  ? `No hint: ${hintJob.state.message}.`
                  : ''}
          </p>
          {reviewing && (
            <p class="help valley-review-note" id="valley-review-note">
              You are looking back at move {ply} of {played}.{' '}
              {canMove
                ? `A move played here replaces the ${plural(played - ply, 'later move')}.`
                : 'The computer played from here; step to a position where you are to move to play on from it.'}{' '}
              <button type="button" class="small" onClick={() => go(played)}>
                Back to the game
              </button>
            </p>
          )}
          <JobStatus state={job.state} onCancel={() => job.cancel()} />
          {aiTurn && paused && !reviewing && (
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
          <MoveList moves={game.moves} first={state.first} ply={ply} onGo={go} />
          <p class="help valley-keys">
            {touch
              ? `${point} a move to see the position after it.`
              : `${point} a move, or press ← → Home End, to see the position after it.`}
          </p>
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
              pieceOf={(m) => pieceName(now, shown, m.slice(0, 2))}
              onCancel={analysis.cancel}
              onAgain={analysis.again}
            />
          </fieldset>
          <p class="help">
            Position: <code id="valley-position">{now.position}</code>
          </p>
        </div>
      </div>
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </section>
  );
}
