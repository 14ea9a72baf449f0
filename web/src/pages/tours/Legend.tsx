// What the colours of a tour on a canvas board mean: the start, the end (or the moving head) and the path; on
// boards of squares too small for lines, the visit-order gradient from move 1 to the last move.
import { useEffect, useState } from 'preact/hooks';
import type { Board } from '../../../../src/core/board.js';
import { PIXEL_CELL } from '../../board/pixels.js';

// The colours board/PathOverlay.tsx draws with (its visit-order gradient runs from the first to the second).
const LINE = '#1a5fb4', START = '#26a269', END = '#c01c28', HEAD = '#f6d32d';
const EARLY = 'rgb(38, 162, 105)', LATE = 'rgb(26, 95, 180)';

/**
 * Device pixels per square of the canvas board inside `wrap` (0 before it is laid out), followed as it resizes:
 * the path overlay colours squares by visit order below PIXEL_CELL and draws lines above.
 */
export function useCanvasCell(wrap: { readonly current: HTMLElement | null }, board: Board, active: boolean): number {
  const [cell, setCell] = useState(0);
  useEffect(() => {
    if (!active) return;
    const el = wrap.current?.querySelector<HTMLCanvasElement>('canvas.board-canvas');
    if (!el) return;
    const measure = (): void => setCell((el.clientWidth / board.width) * (window.devicePixelRatio || 1));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [wrap, board, active]);
  return cell;
}

function Dot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      style={{ display: 'inline-block', width: '0.8em', height: '0.8em', borderRadius: '50%', verticalAlign: '-0.05em', background: colour, border: '2px solid #fff', boxShadow: '0 0 0 1px #9a9996' }}
    />
  );
}

interface Props {
  /** Device pixels per square (from useCanvasCell); below PIXEL_CELL squares are coloured by visit order. */
  cell: number;
  /** Squares on the path, and how many are drawn. */
  total: number;
  shown: number;
  /** The drawn part is finished (its last square is the end) rather than growing (its last square is the head). */
  complete: boolean;
}

/** The legend beside a tour on a canvas board. */
export function TourLegend({ cell, total, shown, complete }: Props) {
  if (cell === 0 || total === 0) return null;
  const gradient = cell < PIXEL_CELL;
  const n = (k: number): string => k.toLocaleString('en-US');
  return (
    <div id="tour-legend" class="help" data-kind={gradient ? 'visit-order' : 'path'} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.3rem 1rem', marginTop: '0.5rem' }}>
      {gradient ? (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.2rem 0.4rem' }}>
          <span>Squares coloured by when the tour reaches them:</span>
          <span id="tour-legend-first" style={{ whiteSpace: 'nowrap' }}>
            move 1
          </span>
          <span
            role="img"
            aria-label={`colours from green (move 1) to blue (move ${n(total)})`}
            style={{ display: 'inline-block', width: '7rem', height: '0.8rem', borderRadius: '3px', background: `linear-gradient(to right, ${EARLY}, ${LATE})`, border: '1px solid #9a9996' }}
          />
          <span id="tour-legend-last" style={{ whiteSpace: 'nowrap' }}>
            move {n(total)}
          </span>
          {shown < total && <span>(squares not reached yet keep the board's colours)</span>}
        </span>
      ) : (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.4rem' }}>
          <span aria-hidden="true" style={{ display: 'inline-block', width: '1.6rem', height: '3px', background: LINE }} /> the path, move 1 to move {n(total)}
        </span>
      )}
      <span style={{ whiteSpace: 'nowrap' }}>
        <Dot colour={START} /> start (move 1)
      </span>
      {shown > 1 && (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Dot colour={complete ? END : HEAD} /> {complete ? `end (move ${n(total)})` : `move ${n(shown)}, the latest`}
        </span>
      )}
    </div>
  );
}
