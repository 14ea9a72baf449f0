// The work of `tour` (tour.ts has its flags and help): one tour (or the proof there is none) on any board, as a
// grid, moves, SVG, summary or JSON; paths of millions of squares are streamed as bytes (to the output's sink:
// stdout or the --out file).
import { fileName, parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardSvg } from '../render/svg.js';
import { SEARCH_BUDGET } from '../tour/search.js';
import { searchStopWords } from './tour-stopped.js';
import { formatTrace, traceTour } from '../tour/trace.js';
import { methodWords, type Answer, type Query } from '../tour/types.js';
import { outputTurn } from './io.js';
import { runJob } from './run-job.js';
import { bool, duration, int, onlyBoard, str, type Run } from './command.js';
import type { Sink } from './sink.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { cliSizes, secondsWords, stopName, type Stop } from './words.js';
import { TOUR_BIG_SQUARES, TOUR_FORMATS, TOUR_TRACE_SQUARES } from './constants.js';

const FORMATS = TOUR_FORMATS;
type Format = (typeof FORMATS)[number];

export const tour: Run = async (args, out) => {
  const board = parseBoardSize(onlyBoard(args, 'tour'));
  const pieceText = str(args, 'piece') ?? 'knight';
  const piece = parsePiece(pieceText);
  const closed = bool(args, 'closed');
  const fromText = str(args, 'from'),
    toText = str(args, 'to');
  const from = fromText === undefined ? undefined : board.parse(fromText);
  const to = toText === undefined ? undefined : board.parse(toText);
  if (to !== undefined && to === from)
    throw new GridbitsError('BAD_ARGUMENT', 'tour: --to equals --from (an open tour ends elsewhere)');
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER);
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const timeoutMs = duration(args, 'timeout');
  const formatText = str(args, 'format');
  if (formatText !== undefined && !(FORMATS as readonly string[]).includes(formatText)) {
    throw new GridbitsError('BAD_ARGUMENT', `tour: --format must be one of ${FORMATS.join(', ')}, got '${formatText}'`);
  }
  const outFile = str(args, 'out') === '-' ? undefined : str(args, 'out');
  const big = board.cells > TOUR_BIG_SQUARES;
  const format: Format =
    (formatText as Format | undefined) ?? (big ? 'summary' : board.cells <= 2500 ? 'grid' : 'moves');
  if (big && !out.json && outFile === undefined && format !== 'summary') {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `tour: a ${board} path has ${board.cells} squares: write it with --out FILE or --json`,
    );
  }
  // A text grid or a picture is drawn in memory: past these sizes they would not fit in a string.
  const drawLimit = format === 'grid' ? 1_000_000 : format === 'svg' ? 250_000 : Infinity;
  if (board.cells > drawLimit && !out.json) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `tour: --format ${format} is for boards of up to ${drawLimit} squares; use moves, summary or --json`,
    );
  }
  const query: Query = { board, piece, closed, from, to, seed };
  if (bool(args, 'trace')) {
    if (board.cells > TOUR_TRACE_SQUARES)
      throw new GridbitsError('BAD_ARGUMENT', `tour: --trace is for boards of up to ${TOUR_TRACE_SQUARES} squares`);
    const events = traceTour(query, { maxEvents: maxNodes ?? 200_000 });
    if (!out.json) {
      out.print(formatTrace(board, events));
      return;
    }
    // The protocol as JSON: every event with its square named, then how the search ended.
    const list = [...events].map((e) => ({
      kind: e.kind,
      square: board.name(e.square),
      move: e.depth + 1,
      backtracks: e.backtracks,
    }));
    const last = list[list.length - 1];
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      closed,
      events: list,
      ended: last?.kind === 'found' ? 'found' : last?.kind === 'exhausted' ? 'exhausted' : 'stopped',
    });
    return;
  }
  if (big) out.progress(`building a tour of ${board} …`);
  const t0 = performance.now();
  const spec = { width: board.width, height: board.height, piece: pieceText, closed, from, to, seed };
  const outcome = await runJob(out, 'tour.find', [spec], {
    maxNodes: maxNodes ?? SEARCH_BUDGET,
    timeoutMs,
    label: `tour ${board}`,
  });
  const ms = performance.now() - t0;
  // Ctrl-C: the answer is unknown, said as for a spent budget, then the exit code is 130.
  const interrupted = !outcome.finished && outcome.stopped === 'signal';
  const answer: Shown = outcome.finished
    ? { ...outcome.value, reason: cliSizes(outcome.value.reason) }
    : {
        exists: null,
        closed,
        method: 'backtracking',
        backtracks: outcome.partial?.backtracks ?? 0,
        reason: interrupted
          ? `interrupted after ${thousands(outcome.nodes)} nodes, before an answer`
          : cliSizes(searchStopWords(outcome.nodes, outcome.partial?.backtracks ?? 0, outcome.partial?.theorem)),
      };
  const sink = out.sink;
  const stopped = outcome.finished ? undefined : outcome.stopped;
  // A search budget given for an answer that needed no search: said, not passed over in silence.
  const note =
    maxNodes !== undefined && outcome.finished && answer.method !== 'backtracking'
      ? `the answer needed no search (${methodWords(answer.method)}), so --max-nodes did not apply`
      : undefined;
  if (out.json) await writeJson(sink, board, piece.name, answer, ms, stopped, note);
  else if (format === 'summary' || !answer.exists) sink.text(summary(board, answer, ms) + '\n');
  else if (format === 'grid') sink.text(gridText(board, answer.path!) + '\n');
  else if (format === 'moves') await writeMoves(sink, board, answer.path!);
  else
    sink.text(
      boardSvg(board, {
        path: answer.path!,
        closed: answer.closed,
        label: (s) => String(numberOf(answer.path!)[s]),
        title: `${answer.closed ? 'closed' : 'open'} tour of ${board}`,
      }),
    );
  // A note for the person at the terminal (the file holds the result).
  if (outFile !== undefined && !out.json && process.stderr.isTTY)
    process.stderr.write(summary(board, answer, ms) + `\nwritten to ${outFile}\n`);
  if (note !== undefined && !out.json) process.stderr.write(`note: ${note}\n`);
  return exitOf(stopped);
};

/** The answer as shown: `exists` null when a budget stopped the search first. */
type Shown = Omit<Answer, 'exists'> & { exists: boolean | null };

const numbering = new WeakMap<Int32Array, Int32Array>();
function numberOf(path: Int32Array): Int32Array {
  let at = numbering.get(path);
  if (at === undefined) {
    at = new Int32Array(path.length);
    for (let i = 0; i < path.length; i++) at[path[i]] = i + 1;
    numbering.set(path, at);
  }
  return at;
}

function gridText(board: Board, path: Int32Array): string {
  const at = numberOf(path);
  return drawGrid(board, (s) => String(at[s]));
}

function summary(board: Board, a: Shown, ms: number): string {
  const lines = [
    `${a.closed ? 'closed' : 'open'} tour on ${board}: ${a.exists === true ? 'found' : a.exists === false ? 'none exists' : 'unknown'}`,
    `reason: ${a.reason}`,
  ];
  if (a.path !== undefined) {
    lines.push(
      `start ${board.name(a.path[0])}, end ${board.name(a.path[a.path.length - 1])}, ${a.path.length} squares, ${methodWords(a.method)}`,
    );
  }
  if (a.backtracks !== undefined) lines.push(`backtracks: ${a.backtracks}`);
  lines.push(`time: ${secondsWords(ms / 1000)}`);
  return lines.join('\n');
}

/**
 * Writes the squares' names as bytes through a 1 MiB buffer: `pre` name `post`, joined by `sep`. Gives the
 * event loop a turn now and then, so Ctrl-C stops a gigabyte write (and the temp file is removed).
 */
async function writeNames(
  sink: Sink,
  board: Board,
  path: Int32Array,
  pre: string,
  post: string,
  sep: string,
): Promise<void> {
  const enc = (s: string): Buffer => Buffer.from(s, 'latin1');
  const files: Buffer[] = [],
    ranks: Buffer[] = [];
  for (let f = 0; f < board.width; f++) files.push(enc(fileName(f)));
  for (let r = 0; r < board.height; r++) ranks.push(enc(String(r + 1)));
  const preB = enc(pre),
    postB = enc(post),
    sepB = enc(sep);
  const buf = Buffer.allocUnsafe(1 << 20);
  let n = 0;
  const put = (b: Buffer): void => {
    if (n + b.length > buf.length) {
      sink.bytes(buf, n);
      n = 0;
    }
    b.copy(buf, n);
    n += b.length;
  };
  const w = board.width;
  for (let i = 0; i < path.length; i++) {
    if ((i & 0xffff) === 0) await outputTurn();
    if (i > 0) put(sepB);
    const s = path[i],
      f = s % w;
    put(preB);
    put(files[f]);
    put(ranks[(s - f) / w]);
    put(postB);
  }
  sink.bytes(buf, n);
}

async function writeJson(
  sink: Sink,
  board: Board,
  piece: string,
  a: Shown,
  ms: number,
  stopped: Stop | undefined,
  note: string | undefined,
): Promise<void> {
  const head: Record<string, unknown> = {
    board: { width: board.width, height: board.height },
    piece,
    closed: a.closed,
    exists: a.exists,
    reason: a.reason,
    method: a.method,
  };
  if (a.backtracks !== undefined) head.backtracks = a.backtracks;
  if (stopped !== undefined) Object.assign(head, { complete: false, stopped: stopName(stopped) });
  if (note !== undefined) head.note = note;
  head.seconds = Math.round(ms) / 1000;
  const text = JSON.stringify(head);
  if (a.path === undefined) {
    sink.text(text + '\n');
    return;
  }
  sink.text(text.slice(0, -1) + ',"path":[');
  await writeNames(sink, board, a.path, '"', '"', ',');
  sink.text(']}\n');
}

async function writeMoves(sink: Sink, board: Board, path: Int32Array): Promise<void> {
  await writeNames(sink, board, path, '', '', ' ');
  sink.text('\n');
}
