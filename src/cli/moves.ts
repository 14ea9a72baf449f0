// CLI commands `moves` (targets of pieces on given squares) and `mobility` (move counts from every square), and the
// words both (and walk) use for numbers and for work stopped before its end.
import { plural, secondsSince, stopName, stopWords, thousands } from './words.js';
import { adoptWords, Bitboard } from '../core/bitboard.js';
import { parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import type { Outcome } from '../core/job.js';
import type { MobilityPartial } from '../pieces/mobility.js';
import { PIECE_NAMES, parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardAndRest, duration, int, list, noMoreThan, type Command, type Flag, type Parsed } from './command.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';

const BOARD: Flag = { type: 'string', value: 'WxH', help: 'the board (default 8x8; or give WxH as an argument)' };
const OCCUPIED: Flag = {
  type: 'string',
  multiple: true,
  value: 'SQ,SQ,...',
  help: 'blockers: riders stop on them, sliders before them',
};
const MAX_NODES: Flag = {
  type: 'string',
  value: 'N',
  help: 'stop after N squares swept (what is done is printed, marked incomplete)',
};
const TIMEOUT: Flag = {
  type: 'string',
  value: 'DURATION',
  help: 'stop after this long: 250ms, 5s, 2m, 1h (a bare number is milliseconds)',
};
const PIECES_HELP = `Pieces: ${PIECE_NAMES.join(', ')};
  m,n for any leaper (1,2 is the knight), m,n* for a rider (1,2* is the nightrider),
  a+b for compounds (knight+king).`;
const STOP_HELP = `On huge boards the work shows a progress bar (on a terminal, or with --progress). Ctrl-C, --timeout
or --max-nodes stop it: the ranks done so far are printed, said to be incomplete ("complete": false in
JSON, with "ranksDone"); Ctrl-C then exits 130, a budget exits 0.`;

/** The exit code of a stopped command: 130 after Ctrl-C, 0 after a budget (its partial answer is the result). */
function stopCode(outcome: Outcome<unknown, unknown>): number {
  return !outcome.finished && outcome.stopped === 'signal' ? 130 : 0;
}

/** The budget flags of a command: --max-nodes and --timeout. */
function limitsOf(args: Parsed): { maxNodes?: number; timeoutMs?: number } {
  return { maxNodes: int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER), timeoutMs: duration(args, 'timeout') };
}

/** Squares sorted by file, then rank (b3 before b5 before c2). */
function byFileThenRank(board: Board, squares: number[]): number[] {
  return [...squares].sort((a, b) => board.file(a) - board.file(b) || board.rank(a) - board.rank(b));
}

function boardOf(text: string | undefined): Board {
  return parseBoardSize(text ?? '8x8');
}

/** Boards past this many cells are huge: their attacks run in a worker thread. */
const HUGE_CELLS = 1 << 20;

export const movesCommand: Command = {
  name: 'moves',
  usage:
    'moves <piece> <square>... [WxH | --board WxH] [--occupied SQ,SQ,...] [--max-nodes N] [--timeout DURATION] [--json]',
  summary: 'The squares a piece attacks from one or more squares (the union, generated set-wise in one pass).',
  flags: { board: BOARD, occupied: OCCUPIED, 'max-nodes': MAX_NODES, timeout: TIMEOUT },
  details: `${PIECES_HELP}

The board is 8x8 unless given, as WxH among the arguments or with --board WxH; boards past 100x100 get no
diagram, only the list. ${STOP_HELP}

Examples:
  gridbits moves knight d4
  gridbits moves queen d4 --occupied d6,f6
  gridbits moves camel a1 h8 --board 10x10 --json
  gridbits moves knight a1,h8,p5 16384x16384`,
  async run(args, out) {
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
    const from = Bitboard.fromSquares(board, fromList);
    const occupied = Bitboard.fromSquares(board, occList);
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
    const targets = words === undefined ? Bitboard.empty(board) : adoptWords(board, words);
    const count = targets.count();
    // After Ctrl-C the report must be quick: a long list is cut (and said to be).
    const listed = !outcome.finished && outcome.stopped === 'signal' ? Math.min(count, INTERRUPTED_LIST_MAX) : count;
    const squaresList = (s: Bitboard): string =>
      JSON.stringify(byFileThenRank(board, s.squares()).map((q) => board.name(q)));
    if (out.json) {
      const head = JSON.stringify({ piece: piece.name, board: { width: board.width, height: board.height } });
      out.sink.text(`${head.slice(0, -1)},"from":${squaresList(from)},"occupied":${squaresList(occupied)},"targets":[`);
      writeNames(out, board, targets, listed, (name, i) => `${i > 0 ? ',' : ''}"${name}"`);
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
      return stopCode(outcome);
    }
    const p = out.paint;
    if (board.cells <= 10_000) {
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
        `${stopWords(outcome.stopped, limits)} after ${seconds} s, with ${thousands(done)} of ${plural(board.height, 'rank')} done: the targets on ${rankSpan(done)} only`,
      );
    }
    out.sink.text(`${plural(count, 'target')}${listed < count ? ` (the first ${thousands(listed)} listed)` : ''}:`);
    writeNames(out, board, targets, listed, (name) => ` ${name}`);
    out.sink.text('\n');
    return stopCode(outcome);
  },
};

/** How many targets an interrupted command lists at most (the rest are counted). */
const INTERRUPTED_LIST_MAX = 100_000;

/**
 * Writes the first `limit` targets, by file then rank, in pieces (a huge board's list is longer than a string
 * may be); `item` gives the text of the i-th name.
 */
function writeNames(
  out: Output,
  board: Board,
  targets: Bitboard,
  limit: number,
  item: (name: string, i: number) => string,
): void {
  let i = 0,
    chunk = '';
  const flush = (): void => {
    out.sink.text(chunk);
    chunk = '';
  };
  if (board.cells <= HUGE_CELLS) {
    for (const s of byFileThenRank(board, targets.squares())) if (i < limit) chunk += item(board.name(s), i++);
  } else {
    for (let f = 0; f < board.width && i < limit && !out.closed; f++) {
      for (let r = 0, s = f; r < board.height && i < limit; r++, s += board.width)
        if (targets.has(s)) chunk += item(board.name(s), i++);
      if (chunk.length > 1 << 20) flush();
    }
  }
  flush();
}

/** "no ranks", "rank 1", "ranks 1 to 7". */
function rankSpan(n: number): string {
  return n === 0 ? 'no ranks' : n === 1 ? 'rank 1' : `ranks 1 to ${thousands(n)}`;
}

export const mobilityCommand: Command = {
  name: 'mobility',
  usage: 'mobility <piece> [WxH | --board WxH] [--occupied SQ,SQ,...] [--max-nodes N] [--timeout DURATION] [--json]',
  summary: 'The number of moves of a piece from every square of the board, as a table, and their total.',
  flags: {
    board: BOARD,
    occupied: OCCUPIED,
    'max-nodes': { ...MAX_NODES, help: 'stop after N squares counted (the ranks done are printed, marked incomplete)' },
    timeout: TIMEOUT,
  },
  details: `${PIECES_HELP}

The board is 8x8 unless given, as WxH among the arguments or with --board WxH; boards past 100x100 get no
table, only the total (--json has every count, rank 1 first). ${STOP_HELP}

Examples:
  gridbits mobility knight            (total 336 on 8x8)
  gridbits mobility king 5x5 --json
  gridbits mobility knight --board 16384x16384 --progress`,
  async run(args, out) {
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
      const tail = JSON.stringify({
        total: m.total,
        ...(outcome.finished
          ? {}
          : { complete: false, stopped: stopName(outcome.stopped), ranksDone: m.rows, seconds }),
      });
      // Row by row: on a huge board the whole document is larger than a string may be.
      out.sink.text(`${head.slice(0, -1)},"counts":[`);
      const w = board.width,
        batch = Math.max(1, Math.floor((1 << 20) / (4 * w)));
      for (let r = 0; r < m.rows && !out.closed; r += batch) {
        const parts: string[] = [];
        for (let i = r; i < Math.min(m.rows, r + batch); i++)
          parts.push(`[${m.counts.subarray(i * w, (i + 1) * w).join(',')}]`);
        out.sink.text((r > 0 ? ',' : '') + parts.join(','));
      }
      out.sink.text(`],${tail.slice(1)}\n`);
      return stopCode(outcome);
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
      `${stopWords(outcome.stopped, limits)} after ${seconds} s, with ${thousands(m.rows)} of ${plural(board.height, 'rank')} counted`,
    );
    out.print(`total of ${rankSpan(m.rows)}: ${thousands(m.total)} (incomplete: the other ranks were not counted)`);
    return stopCode(outcome);
  },
};
