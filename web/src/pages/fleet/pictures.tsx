// Small drawings for the Sea Battle page: a ship's shape as cells, a fleet as its ships' drawings with words,
// and the marks of a game (misses, hits, sunk ships, implied water, the last shot) drawn over a board.
import type { ComponentChildren } from 'preact';
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
  fresh,
}: {
  board: Board;
  marks: readonly CellMark[];
  last: number | null;
  hidden?: Uint8Array | null;
  /** Squares whose marks have just landed: drawn with a short animation (none when motion is reduced). */
  fresh?: ReadonlySet<number>;
}) {
  const items = [];
  for (let s = 0; s < board.cells; s++) {
    const x = board.file(s),
      y = board.height - 1 - board.rank(s);
    const m = marks[s];
    const f = fresh?.has(s) ? ' fresh' : '';
    if (m === 'sunk') items.push(<rect key={`s${s}`} class={`mark-sunk${f}`} x={x} y={y} width={1} height={1} />);
    else if (m === 'unknown' && hidden?.[s])
      items.push(<rect key={`h${s}`} class="mark-hidden" x={x + 0.08} y={y + 0.08} width={0.84} height={0.84} />);
    if (m === 'hit') items.push(<rect key={`b${s}`} class={`mark-hit-bg${f}`} x={x} y={y} width={1} height={1} />);
    if (m === 'hit' || m === 'sunk') {
      items.push(
        <path
          key={`x${s}`}
          class={`mark-cross${f}`}
          d={`M${x + 0.25} ${y + 0.25}L${x + 0.75} ${y + 0.75}M${x + 0.75} ${y + 0.25}L${x + 0.25} ${y + 0.75}`}
        />,
      );
    } else if (m === 'miss')
      items.push(<circle key={`m${s}`} class={`mark-miss${f}`} cx={x + HALF} cy={y + HALF} r={0.19} />);
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
    <svg class="marks marks-overlay" viewBox={`0 0 ${board.width} ${board.height}`} aria-hidden="true">
      {items}
    </svg>
  );
}

/** One cell of the key: a square of water (or a ship, or a forbidden cell) with a mark drawn as the boards draw it. */
function KeyCell({ base = 'water', children }: { base?: 'water' | 'ship' | 'forbid'; children?: ComponentChildren }) {
  return (
    <svg class={`marks key-cell key-${base}`} viewBox="0 0 1 1" aria-hidden="true">
      <rect class="key-base" x={0} y={0} width={1} height={1} />
      {children}
    </svg>
  );
}

const CROSS = 'M0.25 0.25L0.75 0.75M0.75 0.25L0.25 0.75';

/**
 * The key to the game's boards: every mark they draw, in words; `end` adds the ships never found (shown once the game
 * is over), `odds` the numbers of the odds.
 */
export function MarksKey({ end, odds }: { end: boolean; odds: boolean }) {
  const items: Array<[string, ComponentChildren, 'water' | 'ship' | 'forbid']> = [
    ['miss', <circle class="mark-miss" cx={0.5} cy={0.5} r={0.19} />, 'water'],
    [
      'hit (a ship not sunk yet)',
      <>
        <rect class="mark-hit-bg" x={0} y={0} width={1} height={1} />
        <path class="mark-cross" d={CROSS} />
      </>,
      'water',
    ],
    [
      'sunk ship',
      <>
        <rect class="mark-sunk" x={0} y={0} width={1} height={1} />
        <path class="mark-cross" d={CROSS} />
      </>,
      'water',
    ],
    [
      'water next to a sunk ship (no ship can be there)',
      <circle class="mark-water" cx={0.5} cy={0.5} r={0.13} />,
      'water',
    ],
    ['your ship', null, 'ship'],
    [
      'the computer’s latest shot',
      <>
        <rect class="mark-last-out" x={0.06} y={0.06} width={0.88} height={0.88} rx={0.12} />
        <rect class="mark-last" x={0.06} y={0.06} width={0.88} height={0.88} rx={0.12} />
      </>,
      'water',
    ],
  ];
  if (end)
    items.push([
      'a ship never found',
      <rect class="mark-hidden" x={0.08} y={0.08} width={0.84} height={0.84} />,
      'water',
    ]);
  return (
    <ul class="marks-key" id="fleet-marks-key" aria-label="What the marks on the boards mean">
      {items.map(([words, mark, base]) => (
        <li key={words}>
          <KeyCell base={base}>{mark}</KeyCell>
          {words}
        </li>
      ))}
      {odds && (
        <li>
          <span class="key-odds" aria-hidden="true">
            12
          </span>
          the odds (%) of a ship on a cell not shot yet
        </li>
      )}
    </ul>
  );
}
