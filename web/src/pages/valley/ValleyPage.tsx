// The King's Valley page: play against the computer (levels) or a friend; a chosen piece shows its legal
// targets; move list, undo, new game, who starts, variants, the draw rule; the computer thinks in a worker;
// the whole game lives in the URL.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { CopyLink } from '../../controls/SizeFields.js';
import type { PageProps } from '../../pages.js';
import { useHashState } from '../../url-state.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import type { AiRequest, AiResult } from './ai.worker.js';
import { PLAYERS, VARIANTS, stateFromRecord, movePairs, playerToMove, readState, replay, targetsOf, undoCount, writeState, type Game, type Player, type ValleyState } from './state.js';
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
  return PLAYERS.find(([v]) => v === p)![1].replace(/^Computer: /, 'computer, ').replace(/^Computer level (\d+): .*/, 'computer level $1');
}

/** An arrow from the last move's square to where it stopped, over the board. */
function LastMove({ game, move }: { game: Game; move: string | undefined }) {
  if (!move) return null;
  const { board } = game;
  const at = (name: string): [number, number] => {
    const s = board.parse(name);
    return [(s % board.width) + 0.5, board.height - Math.floor(s / board.width) - 0.5];
  };
  const [x1, y1] = at(move.slice(0, 2));
  const [x2, y2] = at(move.slice(2));
  return (
    <svg class="path-overlay last-move" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
      <defs>
        <marker id="valley-arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" />
        </marker>
      </defs>
      <line x1={x1} y1={y1} x2={x2} y2={y2} marker-end="url(#valley-arrow)" />
    </svg>
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
      <textarea id="valley-load" rows={4} value={text} spellcheck={false} onInput={(ev) => setText((ev.currentTarget as HTMLTextAreaElement).value)} />
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

export function ValleyPage({ params }: PageProps) {
  const [state, setState] = useHashState('valley', params, readState, writeState);
  const [selected, setSelected] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [aiNote, setAiNote] = useState('');
  const job = useJob<AiRequest, AiResult>(makeWorker);

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
    job.start({ variant: state.variant, first: state.first, drawRule: state.drawRule, moves: game.moves, player: mover, seed: Math.floor(Math.random() * 2 ** 31) }, `${SIDE_NAME[now.side]} is thinking`);
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

  const update = (patch: Partial<ValleyState>, fresh = false): void => {
    setSelected(null);
    setAiNote('');
    setLinkError(null);
    setPaused(false);
    setState((cur) => ({ ...cur, ...patch, ...(fresh ? { moves: [] } : {}) }));
  };

  const { board } = game;
  const targets = useMemo(() => new Set(selected && !aiTurn ? targetsOf(now.legal, selected) : []), [selected, now, aiTurn]);
  const movable = useMemo(() => new Set(aiTurn ? [] : now.legal.map((m) => m.slice(0, 2))), [now, aiTurn]);

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
      const parts = [name, piece ? `${SIDE_NAME[piece.side]} ${piece.king ? 'King' : 'soldier'}` : game.pillars.includes(s) ? 'pillar' : 'empty'];
      if (s === game.valley) parts.push('the valley');
      if (name === selected) parts.push('selected');
      if (targets.has(name)) parts.push(`legal target of ${selected}`);
      return parts.join(', ');
    },
    [board, now, selected, targets, game],
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

  return (
    <section class="page valley">
      <h1>King's Valley</h1>
      <p class="lead">
        Every piece slides in one of eight directions until the edge or another piece stops it. Bring your King to the valley in the centre to
        win; a King that cannot move at the start of its turn loses. Soldiers may pass over the valley but not stop on it, and the first move
        of the game is a soldier's. Click a piece, then one of its green targets.
      </p>
      <div class="workbench">
        <div class="controls">
          <fieldset>
            <legend>Game</legend>
            <Choice id="valley-variant" label="Variant" value={state.variant} options={VARIANTS} onChange={(v) => update({ variant: v }, true)} />
            <Choice id="valley-first" label="First to move" value={state.first} options={FIRST} onChange={(v) => update({ first: v }, true)} />
            <Choice id="valley-white" label="White (♔ ♙)" value={state.white} options={PLAYERS} onChange={(p) => update({ white: p })} />
            <Choice id="valley-black" label="Black (♚ ♟)" value={state.black} options={PLAYERS} onChange={(p) => update({ black: p })} />
            <label class="check">
              <input type="checkbox" checked={state.drawRule} onChange={(ev) => update({ drawRule: (ev.currentTarget as HTMLInputElement).checked })} />
              Draw when a position occurs three times
            </label>
            <div class="buttons">
              <button type="button" onClick={() => update({}, true)}>
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
          <p id="valley-status" class={`valley-status${outcome ? ' over' : ''}`} role="status" aria-live="polite" data-outcome={outcome ? (outcome.kind === 'draw' ? 'draw' : outcome.winner) : undefined}>
            {statusText(state, game)}
          </p>
          {linkError && (
            <p class="error" role="alert">
              {linkError}
            </p>
          )}
          <div class={`valley-board valley-${board.width}`}>
            <BoardView board={board} label={`King's Valley board, ${SIDE_NAME[now.side]} to move`} view={view} describe={describe} onActivate={onActivate} overlay={<LastMove game={game} move={last} />} />
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
          <h2 class="valley-h2">Moves</h2>
          {pairs.length === 0 ? (
            <p class="muted">No moves yet.</p>
          ) : (
            <ol id="valley-moves" class="valley-moves">
              {pairs.map((row) => (
                <li key={row.number} value={row.number}>
                  <span data-move={row.white ?? ''}>{row.white ?? '…'}</span> <span data-move={row.black ?? ''}>{row.black ?? ''}</span>
                </li>
              ))}
            </ol>
          )}
          <p class="help">
            Position: <code id="valley-position">{now.position}</code>
          </p>
          <RecordPanel record={game.game.record()} onLoad={(text) => {
            const next = stateFromRecord(text, state);
            setSelected(null);
            setLinkError(null);
            setAiNote('');
            setPaused(false);
            setState(next);
          }} />
        </div>
      </div>
    </section>
  );
}
