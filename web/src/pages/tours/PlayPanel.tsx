// "Your turn" on the Tours page: the board's view of the person's own path from the page's Start square (numbers on
// the squares visited, the onward moves on the squares a move away, the hinted squares and the End square marked)
// and the panel under it: undo, redo, start again, Warnsdorff's hint, the verdict against the page's Open or Closed
// choice and End square, and Euler's method to close a full open tour.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import type { Piece } from '../../../../src/pieces/piece.js';
import { closeByEuler } from '../../../../src/tour/index.js';
import type { SquareView } from '../../board/types.js';
import { pointWord } from '../../controls/touch.js';
import {
  closeWords,
  hintWords,
  isWhole,
  nextSquares,
  onwardWords,
  readPath,
  verdictOf,
  verdictWords,
  warnsdorffHint,
  writePath,
  type EulerOutcome,
  type Goal,
} from './play.js';

interface Props {
  board: Board;
  piece: Piece;
  /** The path as the link holds it. */
  pathText: string;
  setPathText: (text: string) => void;
  /** The page's Start square: the path begins there. */
  start: number;
  /** Makes another square the page's Start square (and starts the path afresh there). */
  setStart: (square: number) => void;
  /** The page's Open or Closed choice and End square. */
  goal: Goal;
  /** The piece's mark on the board. */
  mark: string;
  touch: boolean;
}

/** The person's path and what the board and the panel show of it. */
export function usePlay({ board, piece, pathText, setPathText, start, setStart, goal, mark, touch }: Props) {
  // Whether the onward moves are written on the squares a move away.
  const [counts, setCounts] = useState(true);
  // The path begins on the Start square, placed for the person (a link's path from elsewhere is not this start's).
  const path = useMemo(() => {
    const p = readPath(board, piece, pathText);
    return p.length > 0 && p[0] === start ? p : [start];
  }, [board, piece, pathText, start]);
  const key = `${board.width}x${board.height}|${piece.name}|${start}`;
  // Squares undone, last undone first, for Redo: kept while the person undoes, dropped by a new move.
  const [redo, setRedo] = useState<{ key: string; squares: number[] }>({ key, squares: [] });
  const redoSquares = redo.key === key ? redo.squares : [];
  // The hint asked for on this path: its words and the squares it marks on the board.
  const [hint, setHint] = useState<{ text: string; squares: number[] } | null>(null);
  // Euler's method's last word on this path: the closing or why there is none; and the open tour it closed.
  const [euler, setEuler] = useState<{ text: string; open: number[] | null; closed: string } | null>(null);
  const next = useMemo(() => nextSquares(board, piece, path), [board, piece, path]);
  const onward = useMemo(() => {
    const m = new Map<number, number>();
    for (const n of next) if (path.length > 0) m.set(n.square, n.onward);
    return m;
  }, [next, path]);
  const place = useMemo(() => {
    const at = new Map<number, number>();
    path.forEach((s, i) => at.set(s, i));
    return at;
  }, [path]);
  const verdict = useMemo(() => verdictOf(board, piece, path, goal), [board, piece, path, goal]);
  const written = writePath(board, path);
  // A hint is for the path it was asked on.
  useEffect(() => setHint(null), [written]);
  const eulerNow = euler && euler.closed === written ? euler : null;

  const go = (p: readonly number[], keepRedo = false): void => {
    if (!keepRedo) setRedo({ key, squares: [] });
    // The Start square alone is no path to keep in the link.
    setPathText(p.length > 1 ? writePath(board, p) : '');
  };
  const onActivate = (s: number): void => {
    if (path.length === 1 && s !== start && !onward.has(s)) setStart(s);
    else if (onward.has(s)) {
      // A move along the undone squares keeps the rest of them for Redo.
      const keep = redoSquares.length > 0 && redoSquares[redoSquares.length - 1] === s;
      if (keep) setRedo({ key, squares: redoSquares.slice(0, -1) });
      go([...path, s], keep);
    }
  };
  const undo = (): void => {
    if (path.length <= 1) return;
    setRedo({ key, squares: [...redoSquares, path[path.length - 1]] });
    go(path.slice(0, -1), true);
  };
  const redoOne = (): void => {
    if (redoSquares.length === 0) return;
    setRedo({ key, squares: redoSquares.slice(0, -1) });
    go([...path, redoSquares[redoSquares.length - 1]], true);
  };
  const restart = (): void => {
    setEuler(null);
    go([start]);
  };
  const askHint = (): void => {
    const h = warnsdorffHint(next);
    setHint(
      h === null
        ? { text: 'No square is left to go to.', squares: [] }
        : { text: hintWords(board, h, path.length > 0), squares: h.squares },
    );
  };
  const close = (): void => {
    const out: EulerOutcome = closeWords(closeByEuler(board, path, piece));
    if ('why' in out) setEuler({ text: out.why, open: null, closed: written });
    else {
      const closed = writePath(board, out.path);
      setEuler({ text: out.how, open: path, closed });
      go(out.path);
    }
  };
  const reopen = (): void => {
    if (eulerNow?.open) go(eulerNow.open);
    setEuler(null);
  };

  const last = path.length > 0 ? path[path.length - 1] : -1;
  const view = (s: number): SquareView => {
    const i = place.get(s);
    if (i !== undefined)
      return s === last && !isWhole(verdict)
        ? { kind: 'piece', glyph: mark, text: String(i + 1) }
        : { text: String(i + 1) };
    const n = onward.get(s);
    if (n === undefined) return {};
    return counts ? { target: true, text: String(n) } : { target: true };
  };
  const describe = (s: number): string => {
    const parts = [board.name(s)];
    const i = place.get(s);
    if (i !== undefined) parts.push(`move ${i + 1} of ${board.cells}${s === last ? ', the latest' : ''}`);
    const n = onward.get(s);
    if (n !== undefined) parts.push(`a move away, ${onwardWords(n)}`);
    if (hint?.squares.includes(s)) parts.push('hinted');
    if (s === goal.end) parts.push('the End square');
    return parts.join(', ');
  };

  const pieceName = piece.name === 'knight' ? 'knight' : piece.name;
  const done = isWhole(verdict);
  const words = verdictWords(board, verdict, pieceName, pointWord(touch), start, goal);
  const panel = (
    <div class="play-panel">
      <p
        id="play-verdict"
        class={`play-verdict ${verdict.kind}`}
        data-verdict={verdict.kind}
        data-path={written}
        role="status"
      >
        {verdict.kind === 'stuck' || done ? <strong>{words}</strong> : words}
      </p>
      <div class="buttons play-buttons" role="group" aria-label="Your moves">
        <button type="button" onClick={undo} disabled={path.length <= 1}>
          Undo
        </button>
        <button type="button" onClick={redoOne} disabled={redoSquares.length === 0}>
          Redo
        </button>
        <button type="button" onClick={restart} disabled={path.length <= 1}>
          Start again
        </button>
        <button type="button" class="primary" onClick={askHint} disabled={done || verdict.kind === 'stuck'}>
          Hint
        </button>
        {(verdict.kind === 'open' || verdict.kind === 'not-closed') && !eulerNow && (
          <button type="button" onClick={close}>
            Close it by Euler's method
          </button>
        )}
        {eulerNow?.open && (
          <button type="button" onClick={reopen}>
            Back to my open tour
          </button>
        )}
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={counts}
          onChange={(ev) => setCounts((ev.currentTarget as HTMLInputElement).checked)}
        />{' '}
        Show onward moves
      </label>
      {counts && !done && verdict.kind !== 'stuck' && (
        <p class="help">Ringed squares are a move away; the number on each is how many moves would lead on from it.</p>
      )}
      <p id="play-hint" class="help play-hint" aria-live="polite">
        {hint?.text ?? ''}
      </p>
      {eulerNow && (
        <p id="play-euler" class="help" role="status">
          {eulerNow.text}
        </p>
      )}
    </div>
  );
  const marks = <PlayMarks board={board} hinted={hint?.squares ?? []} end={goal.end} />;
  return { path, closed: verdict.kind === 'closed', view, describe, onActivate, panel, marks };
}

/**
 * Marks over the button board (Your turn is for boards of up to 32×32): a ring on each square the hint names (it
 * pulses, but not for those who ask for reduced motion), gone with the next move; a frame on the End square.
 */
function PlayMarks({ board, hinted, end }: { board: Board; hinted: readonly number[]; end: number | null }) {
  if (hinted.length === 0 && end === null) return null;
  const x = (s: number): number => board.file(s);
  const y = (s: number): number => board.height - 1 - board.rank(s);
  return (
    <svg
      class="path-overlay play-marks"
      viewBox={`0 0 ${board.width} ${board.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {end !== null && (
        <rect
          class="play-end"
          data-end={board.name(end)}
          x={x(end) + 0.06}
          y={y(end) + 0.06}
          width={0.88}
          height={0.88}
          rx={0.08}
        />
      )}
      {hinted.map((s) => (
        <circle key={s} class="play-hinted" data-hint={board.name(s)} cx={x(s) + 0.5} cy={y(s) + 0.5} r={0.4} />
      ))}
    </svg>
  );
}
