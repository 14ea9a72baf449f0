// The work of `tour-count` (tour-count.ts has its flags and help): exact counts of open (directed) and closed
// (undirected) tours on small boards.
import { parseBoardSize } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import {
  COUNT_CONVENTION,
  COUNT_MAX_SQUARES,
  OPEN_8X8_HOURS,
  countLimit,
  longCount,
  type CountPartial,
  type LongCount,
} from '../tour/count.js';
import type { EachAnswer } from '../tour/count-each.js';
import { dropCheckpoint, loadCheckpoint, saveCheckpoint } from './checkpoint-file.js';
import { budgetWords } from './tour-stopped.js';
import { drawGrid } from '../render/ascii.js';
import type { Output } from './output.js';
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { bool, duration, int, onlyBoard, str, type Run } from './command.js';
import { whileSaving } from './io.js';
import { runJob } from './run-job.js';
import { parseQueueAddress } from './queue-address.js';
import { SPLIT_WORDS, countSharded } from './tour-count-shards.js';
import { shardTourCount } from '../tour/count-shards.js';
import { isKnight } from '../tour/existence.js';
import { DEFAULT_SHARDS } from '../core/shards.js';
import { LOCAL_SHARDS } from './shard-threads.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { bytesWords, cliSizes, peakMemoryBytes, secondsSince, secondsWords, stopName, type Stop } from './words.js';

/** How often a long count saves its checkpoint. */
const CHECKPOINT_EVERY_MS = 60_000;

export const tourCount: Run = async (args, out) => {
  const board = parseBoardSize(onlyBoard(args, 'tour-count'));
  const piece = parsePiece(str(args, 'piece') ?? 'knight');
  const closed = bool(args, 'closed');
  const fromName = str(args, 'from');
  const toName = str(args, 'to');
  const given = { from: fromName === undefined ? undefined : board.parse(fromName) };
  const end = toName === undefined ? undefined : board.parse(toName);
  // --to alone means what it means for `tour`: the tours ending there, from any start. They are the tours starting
  // there, reversed (open tours are counted directed), so they are counted as such and reported as ending there.
  const endOnly = end !== undefined && given.from === undefined;
  const from = endOnly ? end : given.from;
  const to = endOnly ? undefined : end;
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const timeoutMs = duration(args, 'timeout');
  const queueText = str(args, 'queue');
  const queue = queueText === undefined ? undefined : parseQueueAddress(queueText, 'tour-count');
  // The flags that do not go with --queue or --each are refused by the command table (tour-count.ts).
  if (bool(args, 'each')) {
    return countEach(board, piece, out, maxNodes, timeoutMs);
  }
  const long = refuseWithoutBudget(board, piece, closed, maxNodes, timeoutMs, queue !== undefined, from);
  const file = str(args, 'checkpoint');
  // Without a budget, a start square or a checkpoint, a count that splits into shards runs them on the local cores or
  // the queue.
  // A count joined across the middle, whose join is most of the work, runs as shards under a time limit or with
  // a checkpoint too: the checkpoint keeps the shards finished.
  if (maxNodes === undefined && from === undefined) {
    const sc = shardTourCount(
      { width: board.width, height: board.height, piece: piece.name, closed },
      queue === undefined ? LOCAL_SHARDS : DEFAULT_SHARDS,
    );
    const plain = timeoutMs === undefined && file === undefined;
    if (queue !== undefined || (sc.shards > 1 && (plain || sc.method === 'crossing'))) {
      return countSharded(out, board, piece, sc, queue, {
        label: countLabel(board, long),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(file !== undefined ? { checkpoint: file } : {}),
      });
    }
  }
  const resume = file === undefined ? undefined : loadCheckpoint(file);
  // The checkpoint: saved about every minute and when the count stops (read back by the same command), removed
  // once it finished.
  let saved = false;
  const checkpoint =
    file === undefined
      ? undefined
      : {
          everyMs: CHECKPOINT_EVERY_MS,
          save: (parts: Uint8Array[], stopped: boolean) => {
            whileSaving(() => saveCheckpoint(file, parts));
            if (stopped) saved = true;
          },
        };
  const pastLimit = maxNodes !== undefined || timeoutMs !== undefined || long !== null;
  const { r: outcome, seconds } = await timed(() =>
    runJob(
      out,
      'tour.count',
      [
        { width: board.width, height: board.height },
        { piece: piece.name, closed, from, to, pastLimit, resume, checkpoint },
      ],
      { label: countLabel(board, long), maxNodes, timeoutMs },
    ),
  );
  if (file !== undefined && outcome.finished && outcome.value.complete) dropCheckpoint(file);
  // Ctrl-C: the count says what it has, as a spent budget does, then the exit code is 130.
  const stopped = outcome.finished ? undefined : outcome.stopped;
  // A count not finished: "complete": false, why (the budget that ran out, or a limit of the counter's own that
  // no budget would lift), and its lower bound where the method has one (backtracking); the frontier program
  // has none before its last square, so it says how far it got instead.
  const beyond = outcome.finished && !outcome.value.complete ? outcome.value : undefined;
  const partial: CountPartial = outcome.finished
    ? (beyond ?? { count: null, method: 'frontier' })
    : (outcome.partial ?? { count: null, method: 'frontier' });
  const r =
    outcome.finished && outcome.value.complete
      ? { ...outcome.value, reason: undefined }
      : {
          ...partial,
          count: partial.count ?? 0n,
          nodes: outcome.nodes,
          complete: false,
          reason: outcome.finished ? (beyond?.reason ?? '') : reasonOf(outcome.stopped, maxNodes, timeoutMs),
          convention: convention(closed, from),
        };
  const bound = r.complete ? 'exact' : partial.count === null ? 'none' : 'lower';
  if (out.json) {
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      closed,
      ...(given.from !== undefined ? { from: board.name(given.from) } : {}),
      ...(end !== undefined ? { to: board.name(end) } : {}),
      count: r.count.toString(),
      directed: !closed,
      ...(!closed && from === undefined && r.complete
        ? { undirectedCount: (board.cells > 1 ? r.count / 2n : r.count).toString() }
        : {}),
      complete: r.complete,
      // True when `count` is a real lower bound; a stopped frontier count has none ("bound": "none", count "0").
      lowerBound: bound === 'lower',
      bound,
      ...(r.reason ? { reason: r.reason } : {}),
      convention: endOnly ? ENDING_CONVENTION : r.convention,
      method: r.method,
      ...('theorem' in r && r.theorem !== undefined ? { theorem: cliSizes(r.theorem) } : {}),
      nodes: r.nodes,
      ...('peakStates' in r && r.peakStates !== undefined ? { peakStates: r.peakStates } : {}),
      ...(partial.squaresAdded !== undefined ? { squaresAdded: partial.squaresAdded, squares: partial.squares } : {}),
      ...(partial.shareDone !== undefined ? { shareDone: partial.shareDone } : {}),
      seconds,
      peakMemoryBytes: peakMemoryBytes(),
      shards: 1,
      ...(stopped !== undefined ? { stopped: stopName(stopped) } : {}),
      ...(saved ? { checkpoint: file } : {}),
      ...('split' in r && r.split !== undefined ? { split: r.split } : {}),
    });
    return countExit(stopped, r.complete);
  }
  const kind = closed ? 'closed' : 'directed open';
  const where = closed
    ? ''
    : `${given.from !== undefined ? ` from ${board.name(given.from)}` : ''}${end !== undefined ? ` to ${board.name(end)}` : ''}`;
  const conventionText = endOnly ? ENDING_CONVENTION : r.convention;
  const what = `${kind} ${piece.name} tour${r.count === 1n ? '' : 's'} of the ${board} board${where}`;
  if (r.complete) out.print(`${thousands(r.count)} ${what}`);
  else if (bound === 'lower') out.print(`at least ${thousands(r.count)} ${what} (a lower bound: ${r.reason})`);
  else out.print(`the number of ${what} is not known, not even a lower bound (${r.reason}: ${frontierStop(partial)})`);
  if ('theorem' in r && r.theorem !== undefined)
    out.print(out.paint.dim(`${conventionText}; none by theorem: ${cliSizes(r.theorem)}`));
  else
    out.print(
      out.paint.dim(
        `${conventionText}; ${r.method === 'frontier' ? `frontier dynamic program${'split' in r && r.split !== undefined ? SPLIT_WORDS[r.split] : ''}` : 'backtracking'}, ${thousands(r.nodes)} nodes, ${secondsWords(seconds)}, ${bytesWords(peakMemoryBytes())} of memory at most`,
      ),
    );
  if (saved) out.print(out.paint.dim(`saved to '${file}': run the same command to go on`));
  return countExit(stopped, r.complete);
};

/** The convention of a count of the tours ending on a square (--to alone), in the words of COUNT_CONVENTION. */
const ENDING_CONVENTION =
  'directed open tours ending on the given square (as many as start there: each reversed; OEIS A165134 per-square table)';

/**
 * A count's exit code: 130 for Ctrl-C; 3 for any count not complete (a budget spent, or a limit of the counter's
 * own that stopped it all the same); 0 for the whole count.
 */
function countExit(stopped: Stop | undefined, complete: boolean): number {
  return exitOf(stopped ?? (complete ? undefined : 'nodes'));
}
/**
 * The JSON `reason` of a stopped count: the words scripts have matched since 0.1 ("budget exhausted after 20000
 * nodes").
 */
function reasonOf(
  stopped: 'nodes' | 'time' | 'signal',
  maxNodes: number | undefined,
  timeoutMs: number | undefined,
): string {
  return stopped === 'signal' ? 'interrupted' : budgetWords(stopped, { maxNodes, timeoutMs });
}

async function countEach(
  board: Board,
  piece: Piece,
  out: Output,
  maxNodes: number | undefined,
  timeoutMs: number | undefined,
): Promise<number> {
  // Counts from each square run on the whole board, under its limits (as from any one square).
  refuseWithoutBudget(board, piece, false, maxNodes, timeoutMs, false, 0);
  const pastLimit = maxNodes !== undefined || timeoutMs !== undefined;
  const { r: outcome, seconds } = await timed(() =>
    runJob(
      out,
      'tour.each',
      [
        { width: board.width, height: board.height },
        { piece: piece.name, pastLimit },
      ],
      {
        label: `tour-count ${board} from every square`,
        maxNodes,
        timeoutMs,
      },
    ),
  );
  const stopped = outcome.finished ? undefined : outcome.stopped;
  // Not finished: stopped by a budget or Ctrl-C, or past a limit of the counter's own (which says so).
  const r: EachAnswer = outcome.finished
    ? outcome.value
    : {
        ...(outcome.partial ?? { counts: new Array<bigint>(board.cells).fill(0n), runs: 0 }),
        complete: false,
        reason: reasonOf(outcome.stopped, maxNodes, timeoutMs),
      };
  const total = r.counts.reduce((x, y) => x + y, 0n);
  if (out.json) {
    const rows: string[][] = [];
    for (let rank = 0; rank < board.height; rank++)
      rows.push(r.counts.slice(rank * board.width, (rank + 1) * board.width).map(String));
    out.printJson({
      board: { width: board.width, height: board.height },
      piece: piece.name,
      closed: false,
      count: total.toString(),
      directed: true,
      each: rows,
      complete: r.complete,
      lowerBound: !r.complete,
      ...(!r.complete ? { reason: r.reason } : {}),
      convention:
        'directed open tours from each square, rank 1 first (OEIS A165134 per-square table); count is their sum',
      runs: r.runs,
      ...(stopped !== undefined ? { stopped: stopName(stopped) } : {}),
      seconds,
    });
    return countExit(stopped, r.complete);
  }
  if (board.cells <= 10_000) out.print(drawGrid(board, (s) => r.counts[s].toString()));
  const what = `directed open ${piece.name} tours of the ${board} board, all starts`;
  out.print(
    r.complete
      ? `${thousands(total)} ${what}`
      : `at least ${thousands(total)} ${what} (a lower bound: ${r.reason}; squares not reached show 0)`,
  );
  out.print(out.paint.dim(`${r.runs} counts (one per class of symmetric squares), ${secondsWords(seconds)}`));
  return countExit(stopped, r.complete);
}

/** Runs a count (a job through the registry: Ctrl-C, progress and limits) and times it, in seconds. */
async function timed<T>(run: () => Promise<T>): Promise<{ r: T; seconds: number }> {
  const t0 = performance.now();
  const r = await run();
  return { r, seconds: secondsSince(t0) };
}

/**
 * A count without a budget past the library's limit (about a minute): run when this machine finishes it (the
 * answer: what the largest such count took here, for the progress line), refused in the CLI's words when it
 * does not (the library names its options), with the estimate and the queue where there are.
 */
function refuseWithoutBudget(
  board: Board,
  piece: Piece,
  closed: boolean,
  maxNodes: number | undefined,
  timeoutMs: number | undefined,
  queued = false,
  from?: number,
): LongCount | null {
  if (maxNodes !== undefined || timeoutMs !== undefined || (board.cells > COUNT_MAX_SQUARES && !queued)) return null;
  const limit = countLimit(board, piece, closed, from);
  if (limit === null) return null;
  const sc = shardTourCount({ width: board.width, height: board.height, piece: piece.name, closed });
  // The queue is for counts past one machine: it takes any count that splits into shards, however long.
  if (queued) {
    if (sc.method === 'whole')
      throw new GridbitsError(
        'LIMIT',
        `${limit}; a queued count has no budget, and this one does not split into shards`,
      );
    return null;
  }
  const long = longCount(board, piece, closed, from);
  if (long !== null) return long;
  const queue =
    from === undefined && sc.method !== 'whole'
      ? '; share it among machines with --queue redis://HOST:PORT and `gridbits worker` on each'
      : '';
  const days =
    !closed && from === undefined && board.width === 8 && board.height === 8 && isKnight(piece)
      ? ` (about ${OPEN_8X8_HOURS} hours on one machine like this one)`
      : '';
  throw new GridbitsError('LIMIT', `${limit}${days}; give a budget (--max-nodes or --timeout) to try anyway${queue}`);
}

/**
 * The progress line's label for a count: for a long one, how long the largest of its kind took on this machine
 * ("tour-count 8x8, a long count (8x8 closed: 22 min, 1.52 GB here)").
 */
function countLabel(board: Board, long: LongCount | null): string {
  if (long === null) return `tour-count ${board}`;
  const minutes = Math.max(1, Math.round(long.seconds / 60));
  return `tour-count ${board}, a long count (${long.measured}: ${minutes} min, ${bytesWords(long.bytes)} here)`;
}

/** How far a stopped frontier count got, in words: it has no partial count to show. */
function frontierStop(p: CountPartial): string {
  const share = p.shareDone ?? 0;
  const pct = share >= 0.001 ? `about ${(share * 100).toFixed(1)} %` : 'under 0.1 %';
  const where =
    p.squaresAdded !== undefined && p.squares !== undefined
      ? `and it had added ${p.squaresAdded} of the ${p.squares} squares, `
      : '';
  return `the frontier program counts no tour before its last square, ${where}${pct} of its work by its own forecast`;
}

function convention(closed: boolean, from: number | undefined): string {
  return closed ? COUNT_CONVENTION.closed : from !== undefined ? COUNT_CONVENTION.openFrom : COUNT_CONVENTION.open;
}
