// "Your turn" on the Tours page: the board's view of the person's own path (numbers on the squares visited, the
// onward moves on the squares a move away) and the panel under it: undo, redo, start again, Warnsdorff's hint, the
// verdict, and Euler's method to close a full open tour.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import type { Piece } from '../../../../src/pieces/piece.js';
import { closeByEuler } from '../../../../src/tour/index.js';
import type { SquareView } from '../../board/types.js';
import { pointWord } from '../../controls/touch.js';
import {
  closeWords,
  hintWords,
  nextSquares,
  onwardWords,
  readPath,
  verdictOf,
  verdictWords,
  warnsdorffHint,
  writePath,
  type EulerOutcome,
} from './play.js';

interface Props {
  board: Board;
  piece: Piece;
  /** The path as the link holds it. */
  pathText: string;
  setPathText: (text: string) => void;
  /** The piece's mark on the board. */
  mark: string;
  touch: boolean;
}

/** The person's path and what the board and the panel show of it. */
export function usePlay({ board, piece, pathText, setPathText, mark, touch }: Props) {
  // Whether the onward moves are written on the squares a move away.
  const [counts, setCounts] = useState(true);
  const path = useMemo(() => readPath(board, piece, pathText), [board, piece, pathText]);
  const key = `${board.width}x${board.height}|${piece.name}`;
  // Squares undone, last undone first, for Redo: kept while the person undoes, dropped by a new move.
  const [redo, setRedo] = useState<{ key: string; squares: number[] }>({ key, squares: [] });
  const redoSquares = redo.key === key ? redo.squares : [];
  const [hint, setHint] = useState<string | null>(null);
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
  const verdict = useMemo(() => verdictOf(board, piece, path), [board, piece, path]);
  const written = writePath(board, path);
  // A hint is for the path it was asked on.
  useEffect(() => setHint(null), [written]);
  const eulerNow = euler && euler.closed === written ? euler : null;

  const go = (p: readonly number[], keepRedo = false): void => {
    if (!keepRedo) setRedo({ key, squares: [] });
    setPathText(writePath(board, p));
  };
  const onActivate = (s: number): void => {
    if (path.length === 0 || onward.has(s)) {
      // A move along the undone squares keeps the rest of them for Redo.
      const keep = redoSquares.length > 0 && redoSquares[redoSquares.length - 1] === s;
      if (keep) setRedo({ key, squares: redoSquares.slice(0, -1) });
      go([...path, s], keep);
    }
  };
  const undo = (): void => {
    if (path.length === 0) return;
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
    go([]);
  };
  const askHint = (): void => {
    const h = warnsdorffHint(next);
    setHint(h === null ? 'No square is left to go to.' : hintWords(board, h, path.length > 0));
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
      return s === last && verdict.kind !== 'open' && verdict.kind !== 'closed'
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
    return parts.join(', ');
  };

  const pieceName = piece.name === 'knight' ? 'knight' : piece.name;
  const done = verdict.kind === 'open' || verdict.kind === 'closed';
  const panel = (
    <div class="play-panel">
      <p
        id="play-verdict"
        class={`play-verdict ${verdict.kind}`}
        data-verdict={verdict.kind}
        data-path={written}
        role="status"
      >
        {verdict.kind === 'stuck' || done ? (
          <strong>{verdictWords(board, verdict, pieceName, pointWord(touch))}</strong>
        ) : (
          verdictWords(board, verdict, pieceName, pointWord(touch))
        )}
      </p>
      <div class="buttons play-buttons" role="group" aria-label="Your moves">
        <button type="button" onClick={undo} disabled={path.length === 0}>
          Undo
        </button>
        <button type="button" onClick={redoOne} disabled={redoSquares.length === 0}>
          Redo
        </button>
        <button type="button" onClick={restart} disabled={path.length === 0}>
          Start again
        </button>
        <button type="button" class="primary" onClick={askHint} disabled={done || verdict.kind === 'stuck'}>
          Hint
        </button>
        {verdict.kind === 'open' && !eulerNow && (
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
      {counts && path.length > 0 && !done && verdict.kind !== 'stuck' && (
        <p class="help">Ringed squares are a move away; the number on each is how many moves would lead on from it.</p>
      )}
      <p id="play-hint" class="help play-hint" aria-live="polite">
        {hint ?? ''}
      </p>
      {eulerNow && (
        <p id="play-euler" class="help" role="status">
          {eulerNow.text}
        </p>
      )}
    </div>
  );
  return { path, closed: verdict.kind === 'closed', view, describe, onActivate, panel };
}
