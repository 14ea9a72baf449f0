// Small drawings for the Sea Battle page: a ship's shape as cells, a fleet as its ships' drawings with words,
// and the marks of a game (misses, hits, sunk ships, implied water, the last shot) drawn over a board.
import type { Board } from '../../../../src/core/board.js';
import type { Shape, ShipKind } from '../../../../src/fleet/index.js';
import type { CellMark } from './game-view.js';
import { canonicalOrientation, kindNames, shipsWord, pictureRows } from './shapes.js';

/** A ship's shape drawn small, one box per cell; `sunk` draws it crossed out. */
export function ShipPicture({ shape, sunk = false }: { shape: Shape; sunk?: boolean }) {
  return (
    <span class={`shape-picture${sunk ? ' sunk' : ''}`} aria-hidden="true">
      {pictureRows(shape).map((row, i) => (
        <span key={i} class="shape-row">
          {row.map((on, j) => (
            <span key={j} class={on ? 'on' : ''} />
          ))}
        </span>
      ))}
    </span>
  );
}

/** The fleet as drawings and words: each kind's drawing and "two 3-cell ships". */
export function FleetPictures({ kinds }: { kinds: readonly ShipKind[] }) {
  const names = kindNames(kinds);
  return (
    <span class="fleet-pictures">
      {kinds.map((k, i) => (
        <span key={i} class="fleet-kind" data-kind-name={names[i]}>
          <ShipPicture shape={canonicalOrientation(k.orientations)} />
          <span>{shipsWord(names[i], k.count)}</span>
        </span>
      ))}
    </span>
  );
}

const HALF = 0.5;

/**
 * The game's marks over a board (as BoardView's overlay): sunk cells filled as ships and crossed, hits crossed,
 * misses as large dots, water a sunk ship implies as small rings, ships never found (shown at the end) as
 * outlined hulls, and the latest shot ringed so that what it hit stays visible.
 */
export function MarksOverlay({
  board,
  marks,
  last,
  hidden,
}: {
  board: Board;
  marks: readonly CellMark[];
  last: number | null;
  hidden?: Uint8Array | null;
}) {
  const items = [];
  for (let s = 0; s < board.cells; s++) {
    const x = board.file(s),
      y = board.height - 1 - board.rank(s);
    const m = marks[s];
    if (m === 'sunk') items.push(<rect key={`s${s}`} class="mark-sunk" x={x} y={y} width={1} height={1} />);
    else if (m === 'unknown' && hidden?.[s])
      items.push(<rect key={`h${s}`} class="mark-hidden" x={x + 0.08} y={y + 0.08} width={0.84} height={0.84} />);
    if (m === 'hit') items.push(<rect key={`b${s}`} class="mark-hit-bg" x={x} y={y} width={1} height={1} />);
    if (m === 'hit' || m === 'sunk') {
      items.push(
        <path
          key={`x${s}`}
          class="mark-cross"
          d={`M${x + 0.25} ${y + 0.25}L${x + 0.75} ${y + 0.75}M${x + 0.75} ${y + 0.25}L${x + 0.25} ${y + 0.75}`}
        />,
      );
    } else if (m === 'miss')
      items.push(<circle key={`m${s}`} class="mark-miss" cx={x + HALF} cy={y + HALF} r={0.19} />);
    else if (m === 'water')
      items.push(<circle key={`w${s}`} class="mark-water" cx={x + HALF} cy={y + HALF} r={0.13} />);
  }
  if (last !== null) {
    const x = board.file(last),
      y = board.height - 1 - board.rank(last);
    items.push(
      <rect key="last-out" class="mark-last-out" x={x + 0.06} y={y + 0.06} width={0.88} height={0.88} rx={0.12} />,
    );
    items.push(<rect key="last" class="mark-last" x={x + 0.06} y={y + 0.06} width={0.88} height={0.88} rx={0.12} />);
  }
  return (
    <svg class="marks-overlay" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
      {items}
    </svg>
  );
}
