// CLI commands `moves` (targets of pieces on given squares) and `mobility` (move counts from every square).
import { Bitboard } from '../core/bitboard.js';
import { parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { finishedValue, type Outcome } from '../core/job.js';
import { attackSet, type AttackSetPartial } from '../pieces/attack-set.js';
import { mobility, type Mobility, type MobilityPartial } from '../pieces/mobility.js';
import { PIECE_NAMES, parsePiece, type Piece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { list, str, type Command, type Flag } from './command.js';
import type { Output } from './output.js';

const BOARD: Flag = { type: 'string', value: 'WxH', help: 'board size (default 8x8)' };
const OCCUPIED: Flag = { type: 'string', multiple: true, value: 'SQ,SQ,...', help: 'blockers: riders stop on them, sliders before them' };
const PIECES_HELP = `Pieces: ${PIECE_NAMES.join(', ')};
  m,n for any leaper (1,2 is the knight), m,n* for a rider (1,2* is the nightrider),
  a+b for compounds (knight+king).`;

/** Squares sorted by file, then rank (b3 before b5 before c2). */
export function byFileThenRank(board: Board, squares: number[]): number[] {
  return [...squares].sort((a, b) => board.file(a) - board.file(b) || board.rank(a) - board.rank(b));
}

function boardOf(text: string | undefined): Board {
  return parseBoardSize(text ?? '8x8');
}

export const movesCommand: Command = {
  name: 'moves',
  usage: 'moves <piece> <square>... [--board WxH] [--occupied SQ,SQ,...] [--json]',
  summary: 'The squares a piece attacks from one or more squares (the union, generated set-wise in one pass).',
  flags: { board: BOARD, occupied: OCCUPIED },
  details: `${PIECES_HELP}

Examples:
  gridbits moves knight d4
  gridbits moves queen d4 --occupied d6,f6
  gridbits moves camel a1 h8 --board 10x10 --json`,
  async run(args, out) {
    const [pieceSpec, ...squareArgs] = args.positionals;
    if (pieceSpec === undefined) throw new GridbitsError('BAD_ARGUMENT', 'moves: name a piece, e.g. gridbits moves knight d4');
    const piece = parsePiece(pieceSpec);
    const board = boardOf(str(args, 'board'));
    const fromList = squareArgs.flatMap((a) => board.parseList(a));
    if (fromList.length === 0) throw new GridbitsError('BAD_ARGUMENT', 'moves: name at least one square, e.g. d4');
    const occList = list(args, 'occupied').map((s) => board.parse(s));
    const from = Bitboard.fromSquares(board, fromList);
    const occupied = Bitboard.fromSquares(board, occList);
    const targets = finishedValue(await attacksWithProgress(out, piece, from, occupied), 'moves');
    const names = byFileThenRank(board, targets.squares()).map((s) => board.name(s));
    if (out.json) {
      out.printJson({
        piece: piece.name,
        board: { width: board.width, height: board.height },
        from: byFileThenRank(board, from.squares()).map((s) => board.name(s)),
        occupied: byFileThenRank(board, occupied.squares()).map((s) => board.name(s)),
        targets: names,
        count: names.length,
      });
      return;
    }
    const p = out.paint;
    if (board.cells <= 10_000) {
      const grid = drawGrid(
        board,
        (s) => (from.has(s) ? '@' : targets.has(s) ? 'x' : occupied.has(s) ? '#' : '.'),
        { paint: (s, t) => (from.has(s) ? p.bold(p.yellow(t)) : targets.has(s) ? p.green(t) : occupied.has(s) ? p.red(t) : p.dim(t)) },
      );
      out.print(grid);
    }
    out.print(`${names.length} target${names.length === 1 ? '' : 's'}: ${names.join(' ')}`);
  },
};

/** Attacks as a job: on a huge board a progress line on a TTY, and Ctrl-C heard between ranks (ABORTED). */
async function attacksWithProgress(out: Output, piece: Piece, from: Bitboard, occupied: Bitboard): Promise<Outcome<Bitboard, AttackSetPartial>> {
  const controller = new AbortController();
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  try {
    return await attackSet(piece, from, occupied, {
      signal: controller.signal,
      onProgress: (p) => out.progress(`moves: ${p.done} of ${p.total} ${p.unit ?? 'rows'}`),
    });
  } finally {
    process.removeListener('SIGINT', onInt);
    out.endProgress();
  }
}

/** Mobility by rows: a progress line on a TTY for huge boards, and Ctrl-C heard between rows (ABORTED, as any stop). */
async function mobilityWithProgress(out: Output, board: Board, piece: Piece, occupied: Bitboard | undefined): Promise<Outcome<Mobility, MobilityPartial>> {
  const controller = new AbortController();
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  try {
    return await mobility(board, piece, occupied, {
      signal: controller.signal,
      onProgress: (p) => out.progress(`mobility: ${p.done} of ${p.total} rows`),
    });
  } finally {
    process.removeListener('SIGINT', onInt);
    out.endProgress();
  }
}

export const mobilityCommand: Command = {
  name: 'mobility',
  usage: 'mobility <piece> [--board WxH] [--occupied SQ,SQ,...] [--json]',
  summary: 'The number of moves of a piece from every square of the board, as a table, and their total.',
  flags: { board: BOARD, occupied: OCCUPIED },
  details: `${PIECES_HELP}

Examples:
  gridbits mobility knight            (total 336 on 8x8)
  gridbits mobility king --board 5x5 --json`,
  async run(args, out) {
    const [pieceSpec, extra] = args.positionals;
    if (pieceSpec === undefined) throw new GridbitsError('BAD_ARGUMENT', 'mobility: name a piece, e.g. gridbits mobility knight');
    if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `mobility: unexpected argument '${extra}'`);
    const piece = parsePiece(pieceSpec);
    const board = boardOf(str(args, 'board'));
    const occList = list(args, 'occupied').map((s) => board.parse(s));
    const m = finishedValue(await mobilityWithProgress(out, board, piece, occList.length > 0 ? Bitboard.fromSquares(board, occList) : undefined), 'mobility');
    if (out.json) {
      const counts: number[][] = [];
      for (let r = 0; r < board.height; r++) counts.push(Array.from(m.counts.subarray(r * board.width, (r + 1) * board.width)));
      out.printJson({ piece: piece.name, board: { width: board.width, height: board.height }, counts, total: m.total });
      return;
    }
    if (board.cells <= 10_000) {
      let max = 1;
      for (const c of m.counts) max = Math.max(max, c);
      const p = out.paint;
      const shade = (c: number, t: string): string => (c === 0 ? p.dim(t) : c * 3 < max ? p.blue(t) : c * 3 < 2 * max ? p.cyan(t) : p.green(t));
      out.print(drawGrid(board, (s) => String(m.counts[s]), { paint: (s, t) => shade(m.counts[s], t) }));
    }
    out.print(`total: ${m.total}`);
  },
};
