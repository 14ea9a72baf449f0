// The work of `tour-check` (tour-check.ts has its flags and help): reads a tour (file, stdin or the gallery), says
// whether it is valid and what it is.
import { Board, parseBoardSize } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import { drawGrid } from '../render/ascii.js';
import { leapsOf } from '../tour/count-graph.js';
import { GALLERY, galleryTour } from '../tour/gallery.js';
import { bool, boardAndRest, noMoreThan, str, type Run } from './command.js';
import { checkedExit, exitOf } from './exit.js';
import { readTextArg } from './io.js';
import { runJob } from './run-job.js';
import { stopName } from './words.js';

/** Past this many characters a tour is read and checked in a worker (about a tenth of a second's work). */
const WORKER_TEXT = 1 << 20;

/**
 * A numbered grid as `gridbits tour` draws it (rank numbers down the left, file letters under it) without its
 * frame, so that the grid reader sees the numbers alone; other text is returned as it is.
 */
function unframe(text: string): string {
  // The files' line is the last: a text whose last line is something else is returned before it is split.
  const body = text.trimEnd();
  const files = body.slice(body.lastIndexOf('\n') + 1);
  if (!/^\s+[a-z]+(\s+[a-z]+)*\s*$/.test(files)) return text;
  const grid = body
    .slice(0, body.length - files.length)
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const ranks = grid.map((l) => /^\s*([0-9]+)\s/.exec(l)?.[1]);
  // The labels count down to 1, one a line.
  if (grid.length === 0 || ranks.some((r, i) => r === undefined || Number(r) !== grid.length - i)) return text;
  return grid.map((l) => l.replace(/^\s*[0-9]+/, '')).join('\n') + '\n';
}

export const tourCheck: Run = async (args, out) => {
  const { board: boardText, rest } = boardAndRest(args, 'tour-check');
  const [file] = rest;
  noMoreThan(rest, 1, 'tour-check');
  const gallery = str(args, 'gallery');
  if (gallery?.trim().toLowerCase() === 'list') {
    // The list checks nothing: what would shape a check is refused, not ignored.
    const checking = [file !== undefined && 'a file', boardText !== undefined && '--board']
      .concat(['piece', 'close'].map((f) => args.values[f] !== undefined && `--${f}`))
      .find((w) => w !== false);
    if (checking)
      throw new GridbitsError('BAD_ARGUMENT', `tour-check: --gallery list lists the tours; it takes no ${checking}`);
    if (out.json)
      out.printJson({ gallery: GALLERY.map(({ name, title, source, note }) => ({ name, title, source, note })) });
    else
      for (const t of GALLERY)
        out.print(`${t.name.padEnd(10)} ${t.title}\n${' '.repeat(11)}${out.paint.dim(t.source)}`);
    return;
  }
  if (gallery !== undefined && file !== undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'tour-check: give a file or --gallery, not both');
  const given: Board | undefined = boardText === undefined ? undefined : parseBoardSize(boardText);
  const pieceText = str(args, 'piece') ?? 'knight';
  const piece = parsePiece(pieceText);
  leapsOf(piece);
  let text: string;
  let source: string;
  if (gallery !== undefined) {
    const { entry } = galleryTour(gallery);
    text = entry.grid;
    source = `gallery: ${entry.title} (${entry.source})`;
  } else {
    if (file === undefined && process.stdin.isTTY) {
      throw new GridbitsError('BAD_ARGUMENT', 'tour-check: give a file, - for standard input, or --gallery NAME');
    }
    text = unframe(await readTextArg(file ?? '-', 'the tour'));
    source = file === undefined || file === '-' ? 'standard input' : file;
  }
  const outcome = await runJob(
    out,
    'tour.check',
    [
      text,
      { board: given && { width: given.width, height: given.height }, piece: pieceText, close: bool(args, 'close') },
    ],
    // A text of a million squares takes about a second to read and check: in a worker, Ctrl-C ends it at once.
    { label: 'tour-check', inWorker: text.length > WORKER_TEXT },
  );
  if (!outcome.finished) {
    // The check is one piece of work: stopped, nothing of it is known.
    if (out.json) out.printJson({ source, complete: false, stopped: stopName(outcome.stopped) });
    else out.print(`source: ${source}\nstopped before the check finished`);
    return exitOf(outcome.stopped);
  }
  const tour = outcome.value;
  const board = Board.of(tour.board.width, tour.board.height);
  const { path, analysis: a } = tour;
  const name = (s: number): string => board.name(s);
  const close = tour.close && { ...tour.close, path: tour.close.path?.map(name) };
  if (out.json) {
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      source,
      format: tour.format,
      valid: a.valid,
      closed: a.closed,
      length: a.length,
      errors: a.errors,
      start: path.length > 0 ? name(path[0]) : null,
      end: path.length > 0 ? name(path[path.length - 1]) : null,
      sums: a.sums,
      semiMagic: a.semiMagic,
      magic: a.magic,
      halfTurnSymmetric: a.halfTurnSymmetric,
      path: path.map(name),
      ...(close ? { close } : {}),
    });
    return checkedExit(a.valid);
  }
  const p = out.paint;
  if (board.cells <= 10_000) {
    const numberOf = new Map<number, number>();
    path.forEach((s, i) => numberOf.set(s, tour.numbers[i]));
    out.print(drawGrid(board, (s) => String(numberOf.get(s) ?? '.')));
  }
  out.print(`source: ${source}`);
  if (a.valid)
    out.print(
      p.green(`valid ${a.closed ? 'closed' : 'open'} ${piece.name} tour of the ${board} board`) +
        ` (${name(path[0])} … ${name(path[path.length - 1])})`,
    );
  else {
    out.print(p.red(`not a valid ${piece.name} tour of the ${board} board:`));
    for (const e of a.errors) out.print(`  - ${e}`);
  }
  const line = (label: string, xs: number[]): string => `${label}: ${xs.join(' ')}`;
  out.print(line('rank sums (rank 1 first)', a.sums.rows));
  out.print(line('file sums (file a first)', a.sums.columns));
  if (a.sums.diagonals.length > 0) out.print(line('diagonal sums (a1 up, top-left down)', a.sums.diagonals));
  if (a.valid) {
    out.print(
      `semi-magic: ${a.semiMagic ? 'yes' : 'no'}; magic: ${a.magic ? 'yes' : 'no'}; half-turn symmetric: ${a.halfTurnSymmetric ? 'yes' : 'no'}`,
    );
  }
  if (close) {
    if (!close.possible) out.print(`cannot close it: ${close.reason}`);
    else {
      out.print(`closed by Euler's reversal: ${close.how}`);
      if (board.cells <= 10_000) {
        const idx = new Map((close.path ?? []).map((s, i) => [board.parse(s), i + 1] as const));
        out.print(drawGrid(board, (s) => String(idx.get(s) ?? '.')));
      }
    }
  }
  return checkedExit(a.valid);
};
