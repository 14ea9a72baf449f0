// The work of `tour-table` (tour-table.ts has its flags and help): for every start square, whether a tour starts
// there and the backtracks it took.
import { parseBoardSize } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { SEARCH_BUDGET } from '../tour/search.js';
import { tableCellText, type TableCell } from '../tour/table.js';
import { bool, duration, int, onlyBoard, str, type Run } from './command.js';
import { exitOf } from './exit.js';
import { runJob } from './run-job.js';
import { secondsSince, secondsWords, stopName, stopWords, type Stop } from './words.js';

/** Squares of the largest table made without --timeout: 100x100 takes about a minute of CPU here (measured). */
const TABLE_MAX_SQUARES = 10_000;

export const tourTable: Run = async (args, out) => {
  const board = parseBoardSize(onlyBoard(args, 'tour-table'));
  const timeoutMs = duration(args, 'timeout');
  // About a minute of search here (bench/tour-count.bench.ts); with --timeout a larger table answers in part.
  const cap = timeoutMs === undefined ? TABLE_MAX_SQUARES : 1 << 16;
  if (board.cells > cap) {
    throw new GridbitsError(
      'LIMIT',
      `tour-table: board ${board} has ${board.cells} squares; tables go up to ${cap}${timeoutMs === undefined ? ' (up to 65536 with --timeout)' : ''}`,
    );
  }
  const pieceText = str(args, 'piece') ?? 'knight';
  const piece = parsePiece(pieceText);
  if (piece.rides.length > 0 || piece.slides.length > 0)
    throw new GridbitsError('BAD_PIECE', `tours are searched for leapers only; '${piece.name}' is not one`);
  const closed = bool(args, 'closed');
  const maxSquareNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER, SEARCH_BUDGET);
  // The table gives the event loop a turn every 20 ms, so Ctrl-C is heard (main.ts exits 130 on it); the
  // abort signal also stops the engine should that handler ever let the process live on.
  const t0 = performance.now();
  const dims = { width: board.width, height: board.height };
  const outcome = await runJob(out, 'tour.table', [dims, pieceText, { closed, maxSquareNodes }], {
    timeoutMs,
    label: `tour-table ${board}`,
  });
  const seconds = secondsSince(t0);
  // Squares the time limit left unsearched are undecided (LIM), as the ones it cut short.
  const cells: TableCell[] = outcome.finished ? outcome.value : (outcome.partial ?? []);
  for (let s = cells.length; s < board.cells; s++) cells.push({ square: s, exists: null, backtracks: 0, nodes: 0 });
  // Ctrl-C or the time limit: the table so far is shown (the squares not reached say LIM). A square's own budget
  // spent (LIM) leaves the table unfinished too: exit 3, as for any budget.
  const stopped: Stop | undefined = !outcome.finished
    ? outcome.stopped
    : cells.some((c) => c.exists === null)
      ? 'nodes'
      : undefined;
  if (out.json) {
    const rows = [];
    for (let r = 0; r < board.height; r++) {
      rows.push(
        cells.slice(r * board.width, (r + 1) * board.width).map((c) => ({
          square: board.name(c.square),
          exists: c.exists,
          backtracks: c.backtracks,
          ...(c.tryIndex !== undefined ? { try: c.tryIndex } : {}),
        })),
      );
    }
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      closed,
      maxSquareNodes,
      cells: rows,
      ...(stopped !== undefined ? { complete: false, stopped: stopName(stopped) } : {}),
      seconds,
    });
    return exitOf(stopped);
  }
  const p = out.paint;
  const paint = (s: number, t: string): string => {
    const c = cells[s];
    return c.exists === false
      ? p.red(t)
      : c.exists === null
        ? p.yellow(t)
        : c.backtracks === 0
          ? p.green(t)
          : p.cyan(t);
  };
  out.print(drawGrid(board, (s) => tableCellText(cells[s]), { paint }));
  const count = (e: boolean | null): number => cells.filter((c) => c.exists === e).length;
  const total = cells.reduce((a, c) => a + c.backtracks, 0);
  out.print(
    `${closed ? 'closed' : 'open'} ${piece.name} tours on ${board}: ${count(true)} squares start one, ${count(false)} none (N), ` +
      `${count(null)} undecided (LIM); ${total} backtracks in all`,
  );
  if (stopped !== undefined && !outcome.finished)
    out.print(`${stopWords(stopped, { timeoutMs })}: the squares not reached say LIM (${secondsWords(seconds)})`);
  return exitOf(stopped);
};
