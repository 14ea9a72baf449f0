// Drawing a polyomino ship on a small grid with the mouse (or the keyboard), then adding it to the fleet; the
// fleet's drawn ships listed with a Remove button each.
import { useMemo, useState } from 'preact/hooks';
import { Board } from '../../../../src/core/board.js';
import { BoardView } from '../../board/Board.js';
import { usePainter } from './paint.js';
import { GridbitsError } from '../../../../src/core/error.js';
import { parseShape, shapeOrientations, type Shape } from '../../../../src/fleet/index.js';
import { ShipPicture } from './pictures.js';
import { canonicalOrientation, kindName } from './shapes.js';
import { drawnShape } from './state.js';

const GRID = Board.of(5, 5);

/** A drawn ship as the page shows it everywhere: its kind's drawing and name. */
function drawn(text: string, mirror: boolean): { shape: Shape | null; name: string } {
  try {
    const orientations = shapeOrientations(parseShape(text), mirror);
    return { shape: canonicalOrientation(orientations), name: kindName({ orientations }) };
  } catch (e) {
    if (!(e instanceof GridbitsError)) throw e;
    return { shape: null, name: 'ship that is no shape (see the message below)' };
  }
}

export function ShapeEditor({
  ships,
  mirror,
  onChange,
}: {
  ships: string[];
  mirror: boolean;
  onChange: (ships: string[]) => void;
}) {
  const [cells, setCells] = useState<ReadonlySet<number>>(new Set());
  const painter = usePainter((name, on) => {
    const sq = GRID.parse(name);
    const now = on ?? !cells.has(sq);
    setCells((cur) => {
      const next = new Set(cur);
      if (now) next.add(sq);
      else next.delete(sq);
      return next;
    });
    return now;
  });
  const shape = useMemo(() => drawnShape(cells, GRID.width), [cells]);
  const { activate, onPointerDown, onPointerOver } = painter;
  return (
    <div class="shape-editor">
      <p class="field-label">Draw a ship (cells joined by edges), then add it:</p>
      <div class="shape-grid" onPointerDown={onPointerDown} onPointerOver={onPointerOver}>
        <BoardView
          board={GRID}
          label="Ship drawing grid"
          view={(s) => (cells.has(s) ? { kind: 'piece' } : {})}
          describe={(s) => `${GRID.name(s)}, ${cells.has(s) ? 'ship cell' : 'empty'}`}
          onActivate={(s) => activate(GRID.name(s))}
        />
      </div>
      <div class="buttons">
        <button
          type="button"
          disabled={typeof shape !== 'string'}
          onClick={() => {
            if (typeof shape !== 'string') return;
            onChange([...ships, shape]);
            setCells(new Set());
          }}
        >
          Add ship
        </button>
        <button type="button" disabled={cells.size === 0} onClick={() => setCells(new Set())}>
          Clear drawing
        </button>
      </div>
      {typeof shape !== 'string' && cells.size > 0 && <p class="error">{shape.error}</p>}
      {ships.length > 0 && (
        <ul class="drawn-ships" aria-label="Drawn ships">
          {ships.map((s, i) => {
            const d = drawn(s, mirror);
            return (
              <li key={`${s}-${i}`} data-shape={s}>
                {d.shape && <ShipPicture shape={d.shape} />}
                <span class="drawn-name">{d.name}</span>
                <button
                  type="button"
                  class="small"
                  aria-label={`Remove the ${d.name}`}
                  onClick={() => onChange(ships.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
