// CLI command `tour`: one tour (or the proof there is none) on any board, as a grid, moves, SVG, summary or
// JSON; paths of millions of squares are streamed as bytes, and --out files are written atomically.
import { closeSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileName, parseBoardSize, type Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { yieldToEventLoop } from '../core/job.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { boardSvg } from '../render/svg.js';
import { findTour } from '../tour/find.js';
import { searchStopWords } from '../tour/stopped.js';
import { formatTrace, traceTour } from '../tour/trace.js';
import type { Answer, Query } from '../tour/types.js';
import { interruptible } from './io.js';
import { bool, int, str, type Command } from './command.js';

const FORMATS = ['grid', 'moves', 'svg', 'summary'] as const;
type Format = (typeof FORMATS)[number];
/** Above this many squares the default is a summary and a full path needs --out or --json. */
const BIG = 1_000_000;
const TRACE_CELLS = 100;

export const tourCommand: Command = {
  name: 'tour',
  usage: 'tour <W>x<H> [--from SQ] [--to SQ] [--closed] [--seed N] [--piece P] [--format grid|moves|svg|summary] [--json] [--trace] [--max-nodes N] [--timeout MS] [--out FILE]',
  summary: "A knight's tour (open, closed, from a square, to a square) on any board up to 16384x16384, or why none exists.",
  flags: {
    from: { type: 'string', value: 'SQ', help: 'start square (default a1)' },
    to: { type: 'string', value: 'SQ', help: 'end square of an open tour' },
    closed: { type: 'boolean', help: 'a closed tour (the last square one leap from the first)' },
    seed: { type: 'string', value: 'N', help: 'seed for the choices (different seeds give different tours)' },
    piece: { type: 'string', value: 'P', help: 'the leaper (default knight; camel, zebra, giraffe, m,n: by search)' },
    format: { type: 'string', value: 'F', help: 'grid (numbered squares), moves, svg or summary' },
    trace: { type: 'boolean', help: `print the backtracking search step by step (boards up to ${TRACE_CELLS} squares)` },
    'max-nodes': { type: 'string', value: 'N', help: 'search budget in nodes (searches only)' },
    timeout: { type: 'string', value: 'MS', help: 'search time limit in milliseconds' },
    out: { type: 'string', value: 'FILE', help: 'write the output to FILE (atomically) instead of stdout' },
  },
  details: `Large boards are built, not searched: 10000x10000 takes seconds. The path of a board of more than
${BIG} squares is printed only with --json or to a file (--out); otherwise a summary.

Examples:
  gridbits tour 8x8 --from b1
  gridbits tour 6x6 --closed --format svg --out tour.svg
  gridbits tour 1000x1000 --closed --json --out tour.json
  gridbits tour 3x4 --from b4 --trace`,
  async run(args, out) {
    const [size, extra] = args.positionals;
    if (size === undefined) throw new GridbitsError('BAD_ARGUMENT', 'tour: give a board size, e.g. gridbits tour 8x8');
    if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `tour: unexpected argument '${extra}'`);
    const board = parseBoardSize(size);
    const piece = parsePiece(str(args, 'piece') ?? 'knight');
    const closed = bool(args, 'closed');
    const fromText = str(args, 'from'), toText = str(args, 'to');
    const from = fromText === undefined ? undefined : board.parse(fromText);
    const to = toText === undefined ? undefined : board.parse(toText);
    if (to !== undefined && closed) throw new GridbitsError('BAD_ARGUMENT', 'tour: --to and --closed do not go together (a closed tour has no end)');
    if (to !== undefined && to === from) throw new GridbitsError('BAD_ARGUMENT', 'tour: --to equals --from (an open tour ends elsewhere)');
    const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER);
    const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
    const timeoutMs = int(args, 'timeout', 1, 2 ** 31 - 1);
    const formatText = str(args, 'format');
    if (formatText !== undefined && !(FORMATS as readonly string[]).includes(formatText)) {
      throw new GridbitsError('BAD_ARGUMENT', `tour: --format must be one of ${FORMATS.join(', ')}, got '${formatText}'`);
    }
    const outFile = str(args, 'out');
    const big = board.cells > BIG;
    const format: Format = (formatText as Format | undefined) ?? (big ? 'summary' : board.cells <= 2500 ? 'grid' : 'moves');
    if (big && !out.json && outFile === undefined && format !== 'summary') {
      throw new GridbitsError('BAD_ARGUMENT', `tour: a ${board} path has ${board.cells} squares: write it with --out FILE or --json`);
    }
    // A text grid or a picture is drawn in memory: past these sizes they would not fit in a string.
    const drawLimit = format === 'grid' ? 1_000_000 : format === 'svg' ? 250_000 : Infinity;
    if (board.cells > drawLimit && !out.json) {
      throw new GridbitsError('BAD_ARGUMENT', `tour: --format ${format} is for boards of up to ${drawLimit} squares; use moves, summary or --json`);
    }
    const query: Query = { board, piece, closed, from, to, seed };
    if (bool(args, 'trace')) {
      if (board.cells > TRACE_CELLS) throw new GridbitsError('BAD_ARGUMENT', `tour: --trace is for boards of up to ${TRACE_CELLS} squares`);
      out.print(formatTrace(board, traceTour(query, { maxEvents: maxNodes ?? 200_000 })));
      return;
    }
    if (big) out.progress(`building a tour of ${board} …`);
    const t0 = performance.now();
    const outcome = await interruptible(out, (signal) =>
      findTour(query, { maxNodes, timeoutMs, signal, onProgress: (p) => out.progress(`tour ${board}: ${p.done}/${p.total ?? '?'} ${p.unit ?? ''}`) }),
    );
    const ms = performance.now() - t0;
    if (!outcome.finished && outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
    const answer: Shown = outcome.finished
      ? outcome.value
      : { exists: null, closed, method: 'backtracking', backtracks: outcome.partial?.backtracks ?? 0, reason: searchStopWords(outcome.nodes, outcome.partial?.backtracks ?? 0, outcome.partial?.theorem) };
    const sink = openSink(outFile);
    try {
      if (out.json) await writeJson(sink, board, piece.name, answer);
      else if (format === 'summary' || !answer.exists) sink.text(summary(board, answer, ms) + '\n');
      else if (format === 'grid') sink.text(gridText(board, answer.path!) + '\n');
      else if (format === 'moves') await writeMoves(sink, board, answer.path!);
      else sink.text(boardSvg(board, { path: answer.path!, closed: answer.closed, label: (s) => String(numberOf(answer.path!)[s]), title: `${answer.closed ? 'closed' : 'open'} tour of ${board}` }));
      sink.commit();
    } catch (e) {
      sink.abandon();
      throw e;
    }
    if (outFile !== undefined && !out.json) out.print(summary(board, answer, ms) + `\nwritten to ${outFile}`);
  },
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
  const lines = [`${a.closed ? 'closed' : 'open'} tour on ${board}: ${a.exists === true ? 'found' : a.exists === false ? 'none exists' : 'unknown'}`, `reason: ${a.reason}`];
  if (a.path !== undefined) {
    lines.push(`start ${board.name(a.path[0])}, end ${board.name(a.path[a.path.length - 1])}, ${a.path.length} squares, method ${a.method}`);
  }
  if (a.backtracks !== undefined) lines.push(`backtracks: ${a.backtracks}`);
  lines.push(`time: ${ms.toFixed(1)} ms`);
  return lines.join('\n');
}

/** Where output goes: stdout, or a temp file renamed over FILE on commit (nothing half-written). */
interface Sink {
  text(s: string): void;
  bytes(b: Uint8Array, n: number): void;
  commit(): void;
  abandon(): void;
}

function openSink(file: string | undefined): Sink {
  let closedPipe = false;
  const write = (fd: number, b: Uint8Array, n: number): void => {
    let off = 0;
    while (off < n && !closedPipe) {
      try {
        off += writeSync(fd, b, off, n - off);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // The reader went away (| head): stop writing, quietly.
        if (code === 'EPIPE') closedPipe = true;
        else if (code !== 'EAGAIN') throw e;
      }
    }
  };
  if (file === undefined) {
    return {
      text: (s) => {
        const b = Buffer.from(s);
        write(1, b, b.length);
      },
      bytes: (b, n) => write(1, b, n),
      commit: () => undefined,
      abandon: () => undefined,
    };
  }
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, 'w');
  } catch (e) {
    throw new GridbitsError('BAD_ARGUMENT', `tour: cannot write ${file}: ${(e as Error).message}`);
  }
  const cleanup = (): void => {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  };
  process.once('exit', cleanup);
  return {
    text: (s) => {
      const b = Buffer.from(s);
      write(fd, b, b.length);
    },
    bytes: (b, n) => write(fd, b, n),
    commit: () => {
      closeSync(fd);
      renameSync(tmp, file);
      process.removeListener('exit', cleanup);
    },
    abandon: () => {
      closeSync(fd);
      cleanup();
    },
  };
}

/**
 * Writes the squares' names as bytes through a 1 MiB buffer: `pre` name `post`, joined by `sep`. Yields to
 * the event loop every 64 MiB, so Ctrl-C stops a gigabyte write (and the temp file is removed).
 */
async function writeNames(sink: Sink, board: Board, path: Int32Array, pre: string, post: string, sep: string): Promise<void> {
  const enc = (s: string): Buffer => Buffer.from(s, 'latin1');
  const files: Buffer[] = [], ranks: Buffer[] = [];
  for (let f = 0; f < board.width; f++) files.push(enc(fileName(f)));
  for (let r = 0; r < board.height; r++) ranks.push(enc(String(r + 1)));
  const preB = enc(pre), postB = enc(post), sepB = enc(sep);
  const buf = Buffer.allocUnsafe(1 << 20);
  let n = 0;
  let flushes = 0;
  const put = (b: Buffer): void => {
    if (n + b.length > buf.length) {
      sink.bytes(buf, n);
      n = 0;
      flushes++;
    }
    b.copy(buf, n);
    n += b.length;
  };
  const w = board.width;
  for (let i = 0; i < path.length; i++) {
    if ((i & 0xfffff) === 0 && flushes >= 64) {
      flushes = 0;
      await yieldToEventLoop();
    }
    if (i > 0) put(sepB);
    const s = path[i], f = s % w;
    put(preB);
    put(files[f]);
    put(ranks[(s - f) / w]);
    put(postB);
  }
  sink.bytes(buf, n);
}

async function writeJson(sink: Sink, board: Board, piece: string, a: Shown): Promise<void> {
  const head: Record<string, unknown> = {
    board: { width: board.width, height: board.height },
    piece,
    closed: a.closed,
    exists: a.exists,
    reason: a.reason,
    method: a.method,
  };
  if (a.backtracks !== undefined) head.backtracks = a.backtracks;
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
