// What the King's Valley page draws over its board: arrows (the last move, the hint) and the analysis marks, each
// mark tied to its piece by a line where several pieces' moves end on one square; the board may be turned round.
import type { Board } from '../../../../src/core/board.js';
import type { Mark } from './analysis.js';

/** The centre of a square as drawn, in squares from the board's top left corner (turned round when flip). */
function centre(board: Board, name: string, flip: boolean): [number, number] {
  const s = board.parse(name);
  const f = s % board.width,
    r = Math.floor(s / board.width);
  return [(flip ? board.width - 1 - f : f) + 0.5, (flip ? r : board.height - 1 - r) + 0.5];
}

/**
 * An arrow from a move's square to where it stops; its head ends at the edge of that square, clear of the piece.
 * `kind` is its class: "last-move" or "hint-move".
 */
export function MoveArrow({
  board,
  move,
  flip,
  kind,
}: {
  board: Board;
  move: string | undefined;
  flip: boolean;
  kind: string;
}) {
  if (!move) return null;
  const [x1, y1] = centre(board, move.slice(0, 2), flip);
  const [x2, y2] = centre(board, move.slice(2), flip);
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
    <svg
      class={`path-overlay ${kind}`}
      viewBox={`0 0 ${board.width} ${board.height}`}
      aria-hidden="true"
      data-move={move}
    >
      <line x1={x1} y1={y1} x2={baseX + ux * 0.02} y2={baseY + uy * 0.02} />
      <polygon class="arrow-head" points={head} />
    </svg>
  );
}

/** One move's mark on its destination square. */
export interface SquareMark {
  move: string;
  text: string;
  mark: Mark;
}

/**
 * The analysis marks on the destination squares. Where several pieces' moves end on one square, each mark starts
 * with its piece (glyph and square) and a thin line in the mark's colour runs from that piece to the square.
 */
export function MarksOverlay({
  board,
  flip,
  marks,
  glyphAt,
}: {
  board: Board;
  flip: boolean;
  marks: Map<string, SquareMark[]>;
  glyphAt: (square: string) => string;
}) {
  if (marks.size === 0) return null;
  const shared = [...marks.values()].filter((list) => list.length > 1).flat();
  return (
    <>
      {shared.length > 0 && (
        <svg class="path-overlay valley-mark-lines" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
          {shared.map((e) => {
            const [x1, y1] = centre(board, e.move.slice(0, 2), flip);
            const [x2, y2] = centre(board, e.move.slice(2), flip);
            return (
              <g key={e.move} class={e.mark.value} data-move={e.move}>
                <line x1={x1} y1={y1} x2={x2} y2={y2} />
                <circle cx={x1} cy={y1} r={0.09} />
              </g>
            );
          })}
        </svg>
      )}
      <div
        class="path-overlay valley-marks"
        aria-hidden="true"
        style={{
          gridTemplateColumns: `repeat(${board.width}, 1fr)`,
          gridTemplateRows: `repeat(${board.height}, 1fr)`,
        }}
      >
        {[...marks].map(([to, list]) => {
          const [x, y] = centre(board, to, flip);
          return (
            <div
              key={to}
              class="valley-mark-cell"
              data-at={to}
              style={{ gridColumn: Math.floor(x) + 1, gridRow: Math.floor(y) + 1 }}
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
                  {list.length > 1 && <span class="valley-mark-piece">{glyphAt(e.move.slice(0, 2))}</span>}
                  {e.text}
                </span>
              ))}
            </div>
          );
        })}
      </div>
    </>
  );
}
