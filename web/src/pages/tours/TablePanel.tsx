// The per-start table, coloured like the paper's: for every start square the backtracks the search needed,
// 'N' where no tour starts, 'LIM' where the budget ran out; computed in the worker with progress and Cancel,
// filled square by square as the worker decides them (Cancel keeps the squares decided).
import { pointWord, useTouch } from '../../controls/touch.js';
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fileName, type Board } from '../../../../src/core/board.js';
import { JobStatus, type JobState } from '../../worker/useJob.js';
import { cellText } from './state.js';
import type { StreamedTable } from './table-stream.js';
import { thousands } from '../../../../src/core/text.js';

/** Tables of boards up to this size start at once; larger ones on request, up to TABLE_MAX_CELLS. */
const AUTO_CELLS = 64;
/**
 * The table searches from every square: 35 s for a knight on 70×70 and over a minute on 100×100 ("tours
 * table" rows in bench/results/web-caps.md).
 */
const TABLE_MAX_CELLS = 4900;
/** Search nodes per start square (the paper's MAX_RET counts backtracks, about as many): a page answers in seconds. */
export const TABLE_SQUARE_NODES = 100_000;

interface Props {
  board: Board;
  closed: boolean;
  job: JobState<unknown>;
  /**
   * The table of this board and question: whole once computed, else the squares decided so far (null: none asked for).
   */
  table: StreamedTable | null;
  /** Names the question (board, piece, open or closed): the table starts by itself when it changes on small boards. */
  tableKey: string;
  start: () => void;
  cancel: () => void;
  onPick: (square: number) => void;
  current: number;
}

function colour(exists: boolean | null, backtracks: number, max: number): string {
  if (exists === false) return '#f6c1c1';
  if (exists === null) return '#f9e79f';
  if (backtracks === 0) return '#b7e4c7';
  // More backtracks, deeper blue (log scale: the counts span orders of magnitude).
  const t = Math.log1p(backtracks) / Math.log1p(Math.max(1, max));
  return `hsl(212 70% ${Math.round(88 - 40 * t)}%)`;
}

/**
 * The table's width, from its files: columns share the box's width between a narrowest column (so wide tables fit
 * where they can: 20 files at 1280 px, 8 on a phone) and a widest (so small ones stay square-ish); past the
 * narrowest the table scrolls inside its box. The squares' sizes are the stylesheet's (`.start-table.dense` past 10
 * files): 2,500 squares with a style each cost the first drawing of a 50×50 table a tenth of a second.
 */
function tableWidth(files: number): string {
  const narrow = files > 10 ? 2.2 : 2.4,
    wide = 3.2;
  return `clamp(${((files + 1) * narrow).toFixed(1)}rem, 100%, ${((files + 1) * wide).toFixed(1)}rem)`;
}

/** Whether the box is narrower than what it holds, followed as either resizes. */
function useOverflow(box: { readonly current: HTMLElement | null }, key: unknown): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = (): void => setOver(el.scrollWidth > el.clientWidth + 1);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, [box, key]);
  return over;
}

/**
 * One rank of the table. Preact skips a component whose element is given back unchanged, but diffs a plain
 * element's whole subtree even then: without this wrapper every redraw compared all the table's squares (5,000
 * elements on 50×50, ten times a second while it fills).
 */
function Rank({ children }: { children: VNode }): VNode {
  return children;
}

/** "1 square", "2 squares". */
const squares = (n: number): string => `${thousands(n)} ${n === 1 ? 'square' : 'squares'}`;

export function TablePanel({ board, closed, job, table: result, tableKey, start, cancel, onPick, current }: Props) {
  const touch = useTouch();
  const running = job.status === 'running';
  useEffect(() => {
    if (board.cells <= AUTO_CELLS && !result && !running) start();
  }, [tableKey]);

  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(box, result?.key ?? null);
  // The rows drawn, kept while what they show is the same: the table is redrawn as each batch of squares comes
  // in, and only the ranks those squares are on change (Preact skips a component given back unchanged, see Rank).
  const drawnRows = useRef(new Map<number, { sig: string; row: VNode }>());
  // One handler for the whole table (a square's button names its square), not one per square.
  const pickFromClick = (ev: MouseEvent): void => {
    const td = (ev.target as Element | null)?.closest?.('td[data-index]');
    if (td instanceof HTMLElement && td.querySelector('button')?.contains(ev.target as Node))
      onPick(Number(td.dataset.index));
  };
  if (board.cells > TABLE_MAX_CELLS) {
    return (
      <p class="help">
        The per-start table searches from every square; it is for boards of up to {thousands(TABLE_MAX_CELLS)} squares
        here, as larger ones take over a minute.
      </p>
    );
  }
  const max = result ? Math.max(0, ...result.backtracks.filter((_, s) => result.exists[s] === true)) : 0;
  const backtracksInAll = result ? result.backtracks.reduce((a, b) => a + b, 0) : 0;
  const count = (e: boolean | null): number => (result ? result.exists.filter((x) => x === e).length : 0);
  const complete = result !== null && result.decided === result.total;
  const rows = [];
  if (result) {
    for (let r = board.height - 1; r >= 0; r--) {
      const inRow = Math.max(0, Math.min(board.width, result.decided - r * board.width));
      // A rank with no square decided yet is blank whatever the deepest count: it is not redrawn when that grows.
      const sig = `${result.key}|${inRow}|${inRow > 0 ? max : 0}|${board.rank(current) === r ? current : -1}`;
      const kept = drawnRows.current.get(r);
      if (kept?.sig === sig) {
        rows.push(kept.row);
        continue;
      }
      const cells = [];
      for (let f = 0; f < board.width; f++) {
        const s = board.index(f, r);
        const e = result.exists[s],
          b = result.backtracks[s];
        if (e === undefined) {
          // Not searched yet: blank until the worker decides it.
          cells.push(
            <td
              key={f}
              data-square={board.name(s)}
              data-index={s}
              class={s === current ? 'current pending' : 'pending'}
            >
              <button type="button" aria-label={`${board.name(s)}: not searched yet; start here`} />
            </td>,
          );
          continue;
        }
        const text = cellText(e, b, result.tries[s]);
        const said =
          e === false
            ? 'no tour starts here'
            : e === null
              ? `undecided after ${b} backtracks (LIM)`
              : `a tour found after ${b} backtracks`;
        cells.push(
          <td
            key={f}
            style={{
              background: colour(e, b, max),
              color: e === true && b > 0 && Math.log1p(b) / Math.log1p(Math.max(1, max)) > 0.6 ? '#fff' : undefined,
            }}
            data-square={board.name(s)}
            data-index={s}
            data-exists={String(e)}
            class={s === current ? 'current' : undefined}
          >
            <button type="button" aria-label={`${board.name(s)}: ${said}; start here`}>
              {text}
            </button>
          </td>,
        );
      }
      const row = (
        <Rank key={r}>
          <tr>
            <th scope="row">{r + 1}</th>
            {cells}
          </tr>
        </Rank>
      );
      drawnRows.current.set(r, { sig, row });
      rows.push(row);
    }
  }
  return (
    <div class="table-panel">
      {!complete && !running && (
        <button type="button" onClick={start}>
          {result ? 'Compute the table again' : 'Compute the table'} ({thousands(board.cells)} searches)
        </button>
      )}
      <JobStatus state={job} onCancel={cancel} />
      {result && (
        <>
          {result.decided > 0 && (
            <p
              id="table-summary"
              class="summary-line"
              data-decided={result.decided}
              data-total={result.total}
              data-complete={String(complete)}
            >
              {!complete && (
                <>
                  <strong>{thousands(result.decided)}</strong> of {squares(result.total)} searched{' '}
                  {running ? 'so far' : 'before the search stopped'}:{' '}
                </>
              )}
              <strong>{count(true)}</strong> {count(true) === 1 ? 'square starts' : 'squares start'}{' '}
              {closed ? 'a closed' : 'an open'} tour · <strong>{count(false)}</strong> none (N) ·{' '}
              <strong>{count(null)}</strong> undecided (LIM) · {thousands(backtracksInAll)}{' '}
              {backtracksInAll === 1 ? 'backtrack' : 'backtracks'}
              {complete ? ' in all' : ''}
            </p>
          )}
          {overflows && (
            <p id="table-scroll-hint" class="help">
              The table is wider than the screen: scroll it sideways to see all {board.width} files, a to{' '}
              {fileName(board.width - 1)}.
            </p>
          )}
          <div
            ref={box}
            class="scroll-x start-table-box"
            tabIndex={overflows ? 0 : undefined}
            role={overflows ? 'region' : undefined}
            aria-label={overflows ? 'Per-start table, scrolls sideways' : undefined}
          >
            <table
              class={board.width > 10 ? 'start-table dense' : 'start-table'}
              style={{ tableLayout: 'fixed', width: tableWidth(board.width) }}
              aria-label={`Backtracks per start square, ${board.width}×${board.height}, ${closed ? 'closed' : 'open'} tours`}
            >
              <tbody onClick={pickFromClick}>{rows}</tbody>
              <tfoot>
                <tr>
                  <td />
                  {Array.from({ length: board.width }, (_, f) => (
                    <th key={f} scope="col">
                      {fileName(f)}
                    </th>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
          <p class="help">
            A number: the backtracks the search made before finding a tour from that square (a letter after it names the
            move order that found it, B, C, … when the first gave up). <span class="swatch n">N</span> no tour starts
            there (proved) · <span class="swatch lim">LIM</span> more than {thousands(TABLE_SQUARE_NODES)} search nodes
            · <span class="swatch zero">0</span> found at once. {pointWord(touch, true)} a square to start the tour
            there.
          </p>
        </>
      )}
    </div>
  );
}
