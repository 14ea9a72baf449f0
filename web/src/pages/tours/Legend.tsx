// What the colours of a tour on a canvas board mean, for the board's legend slot: the start, the end (or the
// moving head) and the path; where the squares are too small for lines at the board's zoom, the visit-order
// gradient from move 1 to the last move.
import { useContext } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import { BoardViewport } from '../../board/context.js';
import { LegendKey, LegendKeys, LegendRamp } from '../../board/Legend.js';
import { PATH_COLOURS, VISIT_COLOURS, coloursByVisit } from '../../board/PathOverlay.js';
import { thousands } from '../../../../src/core/text.js';

interface Props {
  board: Board;
  /** Squares on the path, and how many are drawn. */
  total: number;
  shown: number;
  /** The drawn part is finished (its last square is the end) rather than growing (its last square is the head). */
  complete: boolean;
  /** The overlay's `lines`: where it says no lines, the numbers on the squares show the order instead. */
  lines?: (cell: number) => boolean;
}

/** The legend under a tour on a canvas board; it follows the zoom (lines once the squares are large enough). */
export function TourLegend({ board, total, shown, complete, lines }: Props) {
  const view = useContext(BoardViewport);
  if (view === null || view.width === 0 || total === 0) return null;
  const gradient = coloursByVisit(board, view);
  const numbers = !gradient && lines !== undefined && !lines((view.width / board.width) * view.z);
  const n = (k: number): string => thousands(k);
  const ends = (
    <>
      <LegendKey colour={PATH_COLOURS.start}>start (move 1)</LegendKey>
      {shown > 1 && (
        <LegendKey colour={complete ? PATH_COLOURS.end : PATH_COLOURS.head}>
          {complete ? `end (move ${n(total)})` : `move ${n(shown)}, the latest`}
        </LegendKey>
      )}
    </>
  );
  return (
    <div id="tour-legend" data-kind={gradient ? 'visit-order' : numbers ? 'numbers' : 'path'}>
      {gradient ? (
        <LegendRamp
          label="Tour colour legend"
          colours={VISIT_COLOURS}
          from="move 1"
          to={`move ${n(total)}`}
          what={`squares coloured by when the tour reaches them${shown < total ? " (squares not reached yet keep the board's colours)" : ''}`}
        >
          {ends}
        </LegendRamp>
      ) : (
        <LegendKeys label="Tour colour legend">
          {numbers ? (
            <span>Each square numbered by the move that reaches it, 1 to {n(total)}.</span>
          ) : (
            <LegendKey colour={PATH_COLOURS.line} shape="line">
              the path, move 1 to move {n(total)}
            </LegendKey>
          )}
          {ends}
        </LegendKeys>
      )}
    </div>
  );
}
