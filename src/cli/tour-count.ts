// CLI command `tour-count`: exact counts of open (directed) and closed (undirected) tours on small boards.
import { parseBoardSize } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { parsePiece } from '../pieces/piece.js';
import { COUNT_CONVENTION, COUNT_MAX_SQUARES, countLimit, type CountPartial } from '../tour/count.js';
import type { EachAnswer } from '../tour/count-each.js';
import { dropCheckpoint, loadCheckpoint, saveCheckpoint } from './checkpoint-file.js';
import { budgetWords } from './tour-stopped.js';
import { drawGrid } from '../render/ascii.js';
import type { Output } from './output.js';
import type { Board } from '../core/board.js';
import type { Piece } from '../pieces/piece.js';
import { BOARD_FLAG, bool, boardAndRest, duration, int, noMoreThan, str, type Command } from './command.js';
import { whileSaving } from './io.js';
import { runJob } from './run-job.js';
import { parseQueueAddress } from './queue.js';
import { SPLIT_WORDS, countSharded } from './tour-count-shards.js';
import { shardTourCount } from '../tour/count-shards.js';
import { DEFAULT_SHARDS } from '../core/shards.js';
import { LOCAL_SHARDS } from './shard-threads.js';
import { bytesWords, peakMemoryBytes, thousands } from './words.js';

/** How often a long count saves its checkpoint. */
const CHECKPOINT_EVERY_MS = 60_000;

export const tourCountCommand: Command = {
  name: 'tour-count',
  usage:
    'tour-count <W>x<H> [--closed] [--from SQ] [--to SQ] [--each] [--piece P] [--max-nodes N] [--timeout T] [--checkpoint FILE] [--queue URL] [--json]',
  summary: 'Exact number of tours: open ones counted directed (OEIS A165134), closed ones undirected (A001230).',
  flags: {
    board: BOARD_FLAG,
    closed: { type: 'boolean', help: 'count closed tours (each cycle once, whatever its start and direction)' },
    from: { type: 'string', value: 'SQ', help: 'count only open tours starting on this square' },
    to: { type: 'string', value: 'SQ', help: 'with --from: only open tours ending on this square' },
    each: {
      type: 'boolean',
      help: 'open tours from every square, as a table (one count per class of symmetric squares)',
    },
    piece: { type: 'string', value: 'P', help: 'the leaper (default knight; camel, zebra, any m,n)' },
    'max-nodes': { type: 'string', value: 'N', help: 'stop after N search nodes (states or moves)' },
    timeout: { type: 'string', value: 'T', help: 'stop after T (250ms, 5s, 2m, 1h; a bare number is milliseconds)' },
    checkpoint: {
      type: 'string',
      value: 'FILE',
      help: 'save the count to FILE every minute and when it stops; the same command with the same FILE goes on from there',
    },
    queue: {
      type: 'string',
      value: 'URL',
      help: "put the count's shards on the job queue at URL (redis://HOST:PORT) for `gridbits worker` to count; no budget",
    },
  },
  details: `Conventions (as OEIS counts them):
  open tours are directed: a tour and its reverse count twice (5x5: 1728, 6x6: 6637920, A165134);
    with --from, the directed tours starting there (5x5 from a1: 304); halve for undirected counts;
  closed tours are undirected: one cycle, whatever its start and direction (6x6: 9862, A001230);
    --from does not change a closed count (every closed tour passes every square).

Method: a frontier dynamic program over the squares in rows across the shorter side, keeping path fragments'
ends and pairings on a window of 2w+1 squares (w = shorter side). Exact counts without a budget on boards up to
6 squares on the shorter side (6x7 open, by halves, takes about 30 s; 6x8 closed about 2 s; 6x8 open takes
about two minutes, so give it --timeout 5m: 49,929,787,608; 6x9 open about three: 3,541,262,412,844), and
closed tours 7 wide by halves up to 7x8 (about a minute: 34,524,432,316; 7x10 takes about six, so give it
--timeout 10m: 1,250,063,279,938,854). Closed tours 8 wide are joined across the middle (below): 8x8 takes
about 21 minutes on two cores, so give it --timeout 1h: 13,267,364,410,532. Open tours 7 wide are joined
across the middle too: 7x7 takes about 7 minutes on two cores and 8 GB, so give it --timeout 1h:
165,575,218,320. Open tours 8 wide are joined class by class of where their ends lie (each class's tables
with those ends alone): 8x8 open (19,591,828,170,979,904) is 81 classes in 16,200 shards, about 18 days of
one core by measured shards, so it is for the job queue across machines (--queue); refused with exit 2
unless a budget or a queue is given. Budget exhausted (--max-nodes, --timeout): exit 0 with "complete": false. Boards too wide for the
frontier program are counted by backtracking, whose partial count is a real lower bound ("bound": "lower");
the frontier program counts no tour before its last square, so a stopped one has no bound ("bound": "none",
"count": "0") and says how far it got instead ("squaresAdded" of "squares", "shareDone": its forecast share
of the work). A count that meets a limit of the counter's own on the way (more states at once than the memory it
is allowed) stops there whatever its budget, and says so as a spent budget does (exit 0, "complete": false, the
limit in "reason"). Ctrl-C stops the count, which then says what it has, as a budget does (exit 130).

Long counts: with --checkpoint FILE the count's state is saved to FILE about every minute and whenever it stops
(a budget, Ctrl-C); run the same command with the same FILE to go on where it stopped: the count is the same as
an unbroken run's. A finished count removes FILE. A FILE of another board, piece or kind of count, or a damaged
one, is refused (exit 2), never resumed. Backtracking counts and --each are not saved.

Shards: tours on boards at least 4 squares long are counted by halves (the top half-board's boundary states
joined with their images under the half turn, or on an odd length with those of the board one shorter; leapers
that move at most two ranks; open tours without --from), and the join splits into shards whose
counts add up to the
total ("shards" in the JSON). Without a budget such a count runs as 16 shards on the local cores, each thread
taking the next shard; a thread builds the top half's table for itself, so a second thread starts
only where the join left is long enough to pay for it. Ctrl-C reports the shards finished (their sum is a lower
bound). On a queue a count is 64 shards.
Closed tours of boards 8 wide are joined across the middle instead: the top half-board's own moves by the
frontier program, then each vector of its boundary degrees joined through every set of moves between the halves
that fits, with the bottom half (the top turned half a turn) seen through them. The shards split those vectors,
so every core starts at once; with --timeout the shards still running stop when the time is up (the finished
ones' sum is a lower bound), and --checkpoint FILE keeps the shards finished, for the same command to go on.
With --queue URL the shards go on a job queue (BullMQ on a Redis server) instead, and any number of
\`gridbits worker --queue URL\` processes, on any machines, count them; this command waits, checks that every
shard's answer belongs to this count, and adds them up. A count put on the queue again finds the shards
already done there (a stopped count resumes where it stopped; Ctrl-C stops the waiting, not the workers).
A queued count has no node budget: --queue takes no --max-nodes or --timeout; it counts whole boards (no
--from, --to or --each). An unreachable queue is one line and exit 2, within a few seconds.

Examples:
  gridbits tour-count 5x5                 (1728)
  gridbits tour-count 6x6 --closed        (9862)
  gridbits tour-count 5x5 --from a1       (304)
  gridbits tour-count 5x5 --each          (the table: 304 in the corners, 64 in the centre; 6x6 takes about a minute)
  gridbits tour-count 3x10 --closed --json
  gridbits tour-count 6x8 --closed        (55488142, as shards on the local cores)
  gridbits tour-count 8x8 --closed --timeout 1h --checkpoint 8x8.ckpt   (13267364410532; about 21 minutes on 2 cores)
  gridbits tour-count 7x7 --timeout 1h                                  (165575218320; about 7 minutes on 2 cores)
  gridbits tour-count 6x8 --closed --queue redis://127.0.0.1:6379   (with gridbits worker on the same queue)`,
  async run(args, out) {
    const { board: size, rest } = boardAndRest(args, 'tour-count');
    if (size === undefined && rest.length === 0)
      throw new GridbitsError('BAD_ARGUMENT', 'tour-count: give a board size, e.g. gridbits tour-count 5x5');
    noMoreThan(rest, size === undefined ? 1 : 0, 'tour-count');
    const board = parseBoardSize(size ?? rest[0]);
    const piece = parsePiece(str(args, 'piece') ?? 'knight');
    const closed = bool(args, 'closed');
    const fromName = str(args, 'from');
    const toName = str(args, 'to');
    const from = fromName === undefined ? undefined : board.parse(fromName);
    const to = toName === undefined ? undefined : board.parse(toName);
    const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
    const timeoutMs = duration(args, 'timeout');
    const queueText = str(args, 'queue');
    if (queueText !== undefined) {
      if (maxNodes !== undefined || timeoutMs !== undefined) {
        throw new GridbitsError(
          'BAD_ARGUMENT',
          'tour-count: --queue takes no --max-nodes or --timeout: a queued count has no node budget (Ctrl-C stops the waiting; the shards stay queued)',
        );
      }
      if (bool(args, 'each') || from !== undefined || to !== undefined)
        throw new GridbitsError(
          'BAD_ARGUMENT',
          'tour-count: --queue counts all the tours of a board: it takes no --each, --from or --to',
        );
    }
    const queue = queueText === undefined ? undefined : parseQueueAddress(queueText, 'tour-count');
    if (bool(args, 'each')) {
      if (closed || from !== undefined || to !== undefined)
        throw new GridbitsError(
          'BAD_ARGUMENT',
          'tour-count: --each counts open tours from every square; it takes no --closed, --from or --to',
        );
      if (str(args, 'checkpoint') !== undefined)
        throw new GridbitsError(
          'BAD_ARGUMENT',
          'tour-count: --each is not saved to a checkpoint; leave out --checkpoint',
        );
      return countEach(board, piece, out, maxNodes, timeoutMs);
    }
    refuseWithoutBudget(board, piece, closed, maxNodes, timeoutMs, queue !== undefined, from);
    const file = str(args, 'checkpoint');
    if (file !== undefined && queue !== undefined)
      throw new GridbitsError(
        'BAD_ARGUMENT',
        'tour-count: --checkpoint is for a count in this process; a count on the queue goes on by itself (its finished shards stay there)',
      );
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
    const pastLimit = maxNodes !== undefined || timeoutMs !== undefined;
    const { r: outcome, seconds } = await timed(() =>
      runJob(
        out,
        'tour.count',
        [
          { width: board.width, height: board.height },
          { piece: piece.name, closed, from, to, pastLimit, resume, checkpoint },
        ],
        { label: `tour-count ${board}`, maxNodes, timeoutMs },
      ),
    );
    if (file !== undefined && outcome.finished && outcome.value.complete) dropCheckpoint(file);
    // Ctrl-C: the count says what it has, as a spent budget does, then the exit code is 130.
    const interrupted = !outcome.finished && outcome.stopped === 'signal';
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
        ...(fromName !== undefined ? { from: board.name(from as number) } : {}),
        ...(toName !== undefined ? { to: board.name(to as number) } : {}),
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
        convention: r.convention,
        method: r.method,
        ...('theorem' in r && r.theorem !== undefined ? { theorem: r.theorem } : {}),
        nodes: r.nodes,
        ...('peakStates' in r && r.peakStates !== undefined ? { peakStates: r.peakStates } : {}),
        ...(partial.squaresAdded !== undefined ? { squaresAdded: partial.squaresAdded, squares: partial.squares } : {}),
        ...(partial.shareDone !== undefined ? { shareDone: partial.shareDone } : {}),
        seconds,
        peakMemoryBytes: peakMemoryBytes(),
        shards: 1,
        ...(interrupted ? { interrupted: true } : {}),
        ...(saved ? { checkpoint: file } : {}),
        ...('split' in r && r.split !== undefined ? { split: r.split } : {}),
      });
      return interrupted ? 130 : 0;
    }
    const kind = closed ? 'closed' : 'directed open';
    const where =
      fromName !== undefined && !closed
        ? ` from ${board.name(from as number)}${toName !== undefined ? ` to ${board.name(to as number)}` : ''}`
        : '';
    const what = `${kind} ${piece.name} tour${r.count === 1n ? '' : 's'} of the ${board} board${where}`;
    if (r.complete) out.print(`${thousands(r.count)} ${what}`);
    else if (bound === 'lower') out.print(`at least ${thousands(r.count)} ${what} (a lower bound: ${r.reason})`);
    else
      out.print(`the number of ${what} is not known, not even a lower bound (${r.reason}: ${frontierStop(partial)})`);
    if ('theorem' in r && r.theorem !== undefined)
      out.print(out.paint.dim(`${r.convention}; none by theorem: ${r.theorem}`));
    else
      out.print(
        out.paint.dim(
          `${r.convention}; ${r.method === 'frontier' ? `frontier dynamic program${'split' in r && r.split !== undefined ? SPLIT_WORDS[r.split] : ''}` : 'backtracking'}, ${thousands(r.nodes)} nodes, ${seconds} s, ${bytesWords(peakMemoryBytes())} of memory at most`,
        ),
      );
    if (saved) out.print(out.paint.dim(`saved to '${file}': run the same command to go on`));
    return interrupted ? 130 : 0;
  },
};

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
  const interrupted = !outcome.finished && outcome.stopped === 'signal';
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
      seconds,
      ...(interrupted ? { interrupted: true } : {}),
    });
    return interrupted ? 130 : 0;
  }
  if (board.cells <= 10_000) out.print(drawGrid(board, (s) => r.counts[s].toString()));
  const what = `directed open ${piece.name} tours of the ${board} board, all starts`;
  out.print(
    r.complete
      ? `${thousands(total)} ${what}`
      : `at least ${thousands(total)} ${what} (a lower bound: ${r.reason}; squares not reached show 0)`,
  );
  out.print(out.paint.dim(`${r.runs} counts (one per class of symmetric squares), ${seconds} s`));
  return interrupted ? 130 : 0;
}

/** Runs a count (a job through the registry: Ctrl-C, progress and limits) and times it, in seconds. */
async function timed<T>(run: () => Promise<T>): Promise<{ r: T; seconds: number }> {
  const t0 = performance.now();
  const r = await run();
  return { r, seconds: Number(((performance.now() - t0) / 1000).toFixed(3)) };
}

/** The CLI's own words for a board past the count limit without a budget (the library names its options). */
function refuseWithoutBudget(
  board: Board,
  piece: Piece,
  closed: boolean,
  maxNodes: number | undefined,
  timeoutMs: number | undefined,
  queued = false,
  from?: number,
): void {
  if (maxNodes !== undefined || timeoutMs !== undefined || (board.cells > COUNT_MAX_SQUARES && !queued)) return;
  const limit = countLimit(board, piece, closed, from);
  // The queue is for counts past one machine: it takes any count that splits into shards, however long.
  if (
    limit !== null &&
    queued &&
    shardTourCount({ width: board.width, height: board.height, piece: piece.name, closed }).method === 'whole'
  ) {
    throw new GridbitsError('LIMIT', `${limit}; a queued count has no budget, and this one does not split into shards`);
  }
  if (queued) return;
  if (limit !== null)
    throw new GridbitsError('LIMIT', `${limit}; give a budget (--max-nodes or --timeout) to try anyway`);
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
