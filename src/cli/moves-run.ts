// The work of `moves` (targets of pieces on given squares) and `mobility` (move counts from every square), loaded
// when one of them runs (moves.ts has their flags and help).
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural, secondsSince, secondsWords, stopName, stopWords } from './words.js';
import { adoptWords, Bitboard } from '../core/bitboard.js';
import { parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import type { MobilityPartial } from '../pieces/mobility.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardAndRest, DEFAULT_BOARD, duration, int, list, noMoreThan, type Parsed, type Run } from './command.js';
import { outputTurn } from './io.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';

/** The budget flags of a command: --max-nodes and --timeout. */
function limitsOf(args: Parsed): { maxNodes?: number; timeoutMs?: number } {
  return { maxNodes: int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER), timeoutMs: duration(args, 'timeout') };
}

/** Squares sorted by file, then rank (b3 before b5 before c2). */
function byFileThenRank(board: Board, squares: number[]): number[] {
  return [...squares].sort((a, b) => board.file(a) - board.file(b) || board.rank(a) - board.rank(b));
}

function boardOf(text: string | undefined): Board {
  return parseBoardSize(text ?? DEFAULT_BOARD);
}

/** Boards past this many cells are huge: their attacks run in a worker thread. */
const HUGE_CELLS = 1 << 20;

export const moves: Run = async (args, out) => {
  const { board: size, rest } = boardAndRest(args, 'moves');
  const [pieceSpec, ...squareArgs] = rest;
  if (pieceSpec === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'moves: name a piece, e.g. gridbits moves knight d4');
  const piece = parsePiece(pieceSpec);
  const board = boardOf(size);
  const fromList = squareArgs.flatMap((a) => board.parseList(a));
  if (fromList.length === 0) throw new GridbitsError('BAD_ARGUMENT', 'moves: name at least one square, e.g. d4');
  const occList = list(args, 'occupied').map((s) => board.parse(s));
  const limits = limitsOf(args);
  const t0 = performance.now();
  const outcome = await runJob(
    out,
    'pieces.attacks',
    [{ board: { width: board.width, height: board.height }, piece: pieceSpec, from: fromList, occupied: occList }],
    {
      ...limits,
      label: `moves ${piece.name} on ${board}`,
      // Past 2^20 cells one step (a piece's rays, a rank) can take long: a worker answers Ctrl-C meanwhile.
      inWorker: board.cells > HUGE_CELLS,
    },
  );
  const seconds = secondsSince(t0);
  const done = outcome.finished ? board.height : (outcome.partial?.rows ?? 0);
  const words = outcome.finished ? outcome.value : outcome.partial?.words;
  // The job's words hold no bits past the board: taken as they are (masking them again takes a second on
  // 16384x16384).
  const targets =
    words === undefined || words.length === 0
      ? Bitboard.empty(board)
      : adoptWords(board, words.length >= board.words ? words : padded(words, Math.max(board.words, 2)));
  const count = targets.count();
  // After Ctrl-C or a spent budget the report must be quick too: a long list is cut (and said to be).
  const listed = outcome.finished ? count : Math.min(count, STOPPED_LIST_MAX);
  // From the lists given, not the sets: a huge board's set takes a while to scan.
  const squaresList = (list: number[]): string =>
    JSON.stringify(byFileThenRank(board, [...new Set(list)]).map((q) => board.name(q)));
  if (out.json) {
    const head = JSON.stringify({ piece: piece.name, board: { width: board.width, height: board.height } });
    out.sink.text(
      `${head.slice(0, -1)},"from":${squaresList(fromList)},"occupied":${squaresList(occList)},"targets":[`,
    );
    await writeNames(out, board, targets, count, listed, (name, i) => `${i > 0 ? ',' : ''}"${name}"`);
    const tail = {
      count,
      ...(outcome.finished
        ? {}
        : {
            complete: false,
            stopped: stopName(outcome.stopped),
            ranksDone: done,
            seconds,
            ...(listed < count ? { targetsListed: listed } : {}),
          }),
    };
    out.sink.text(`],${JSON.stringify(tail).slice(1)}\n`);
    return exitOf(!outcome.finished && outcome.stopped);
  }
  const p = out.paint;
  if (board.cells <= 10_000) {
    const from = Bitboard.fromSquares(board, fromList);
    const occupied = Bitboard.fromSquares(board, occList);
    // Ranks a stopped sweep did not reach are drawn '?'.
    const grid = drawGrid(
      board,
      (s) => (from.has(s) ? '@' : board.rank(s) >= done ? '?' : targets.has(s) ? 'x' : occupied.has(s) ? '#' : '.'),
      {
        paint: (s, t) =>
          from.has(s) ? p.bold(p.yellow(t)) : targets.has(s) ? p.green(t) : occupied.has(s) ? p.red(t) : p.dim(t),
      },
    );
    out.print(grid);
  }
  if (!outcome.finished) {
    out.print(
      `${stopWords(outcome.stopped, limits)} after ${secondsWords(seconds)}, with ${thousands(done)} of ${plural(board.height, 'rank')} done: the targets on ${rankSpan(done)} only`,
    );
  }
  out.sink.text(`${plural(count, 'target')}${listed < count ? ` (the first ${thousands(listed)} listed)` : ''}:`);
  await writeNames(out, board, targets, count, listed, (name) => ` ${name}`);
  out.sink.text('\n');
  return exitOf(!outcome.finished && outcome.stopped);
};
/** How many targets (`moves`) or squares' counts (`mobility`) a stopped command lists at most (the rest counted). */
const STOPPED_LIST_MAX = 100_000;

/** Up to this many targets of a huge board are listed by sorting them (past it, by a scan of each file). */
const SORTED_MAX = 1 << 22;

/**
 * Writes the first `limit` of the `count` targets, by file then rank, in pieces (a huge board's list is longer
 * than a string may be), giving the event loop a turn between pieces (Ctrl-C); `item` gives the i-th name's text.
 */
async function writeNames(
  out: Output,
  board: Board,
  targets: Bitboard,
  count: number,
  limit: number,
  item: (name: string, i: number) => string,
): Promise<void> {
  let i = 0,
    chunk = '';
  const flush = (): void => {
    out.sink.text(chunk);
    chunk = '';
  };
  const { width: w, height: h } = board;
  if (board.cells <= HUGE_CELLS) {
    for (const s of byFileThenRank(board, targets.squares())) if (i < limit) chunk += item(board.name(s), i++);
  } else if (count <= SORTED_MAX) {
    // Each target as file * height + rank, sorted: a scan of the set's words, not of every square by file.
    const keys = new Int32Array(count);
    let k = 0;
    targets.forEach((s) => {
      const f = s % w;
      keys[k++] = f * h + (s - f) / w;
    });
    keys.sort();
    for (; i < limit && i < keys.length && !out.closed;) {
      const f = Math.floor(keys[i] / h);
      chunk += item(board.name((keys[i] - f * h) * w + f), i);
      i++;
      if (chunk.length > 1 << 20) {
        flush();
        await outputTurn();
      }
    }
  } else {
    for (let f = 0; f < w && i < limit && !out.closed; f++) {
      for (let r = 0, s = f; r < h && i < limit; r++, s += w) if (targets.has(s)) chunk += item(board.name(s), i++);
      if (chunk.length > 1 << 20) flush();
      await outputTurn();
    }
  }
  flush();
}

/** The words of a stopped job's ranks done, followed by empty words up to the board's. */
function padded(words: Uint32Array, length: number): Uint32Array {
  const all = new Uint32Array(length);
  all.set(words);
  return all;
}

/** "no ranks", "rank 1", "ranks 1 to 7". */
function rankSpan(n: number): string {
  return n === 0 ? 'no ranks' : n === 1 ? 'rank 1' : `ranks 1 to ${thousands(n)}`;
}

export const mobility: Run = async (args, out) => {
  const { board: size, rest } = boardAndRest(args, 'mobility');
  const [pieceSpec] = rest;
  if (pieceSpec === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'mobility: name a piece, e.g. gridbits mobility knight');
  noMoreThan(rest, 1, 'mobility');
  const piece = parsePiece(pieceSpec);
  const board = boardOf(size);
  const occList = list(args, 'occupied').map((s) => board.parse(s));
  const limits = limitsOf(args);
  const t0 = performance.now();
  const outcome = await runJob(
    out,
    'pieces.mobility',
    [{ board: { width: board.width, height: board.height }, piece: pieceSpec, occupied: occList }],
    {
      ...limits,
      label: `mobility ${piece.name} on ${board}`,
    },
  );
  const seconds = secondsSince(t0);
  const m: MobilityPartial = outcome.finished
    ? { ...outcome.value, rows: board.height }
    : (outcome.partial ?? { counts: new Int32Array(0), total: 0, rows: 0 });
  if (out.json) {
    const head = JSON.stringify({ piece: piece.name, board: { width: board.width, height: board.height } });
    // Stopped, the report must be quick too: the counts of at most STOPPED_LIST_MAX squares, in whole ranks.
    const rows = outcome.finished ? m.rows : Math.min(m.rows, Math.max(1, Math.floor(STOPPED_LIST_MAX / board.width)));
    const tail = JSON.stringify({
      total: m.total,
      ...(outcome.finished
        ? {}
        : {
            complete: false,
            stopped: stopName(outcome.stopped),
            ranksDone: m.rows,
            ...(rows < m.rows ? { ranksListed: rows } : {}),
            seconds,
          }),
    });
    // Row by row: on a huge board the whole document is larger than a string may be.
    out.sink.text(`${head.slice(0, -1)},"counts":[`);
    const w = board.width,
      batch = Math.max(1, Math.floor((1 << 20) / (4 * w)));
    for (let r = 0; r < rows && !out.closed; r += batch) {
      const parts: string[] = [];
      for (let i = r; i < Math.min(rows, r + batch); i++)
        parts.push(`[${m.counts.subarray(i * w, (i + 1) * w).join(',')}]`);
      out.sink.text((r > 0 ? ',' : '') + parts.join(','));
      await outputTurn();
    }
    out.sink.text(`],${tail.slice(1)}\n`);
    return exitOf(!outcome.finished && outcome.stopped);
  }
  if (board.cells <= 10_000) {
    let max = 1;
    for (const c of m.counts) max = Math.max(max, c);
    const p = out.paint;
    const shade = (c: number, t: string): string =>
      c === 0 ? p.dim(t) : c * 3 < max ? p.blue(t) : c * 3 < 2 * max ? p.cyan(t) : p.green(t);
    const counted = (s: number): boolean => s < m.rows * board.width;
    out.print(
      drawGrid(board, (s) => (counted(s) ? String(m.counts[s]) : '?'), {
        paint: (s, t) => (counted(s) ? shade(m.counts[s], t) : p.dim(t)),
      }),
    );
  }
  if (outcome.finished) {
    out.print(`total: ${thousands(m.total)}`);
    return 0;
  }
  out.print(
    `${stopWords(outcome.stopped, limits)} after ${secondsWords(seconds)}, with ${thousands(m.rows)} of ${plural(board.height, 'rank')} counted`,
  );
  out.print(`total of ${rankSpan(m.rows)}: ${thousands(m.total)} (incomplete: the other ranks were not counted)`);
  return exitOf(!outcome.finished && outcome.stopped);
};
