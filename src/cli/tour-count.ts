// CLI command `tour-count`: exact counts of open (directed) and closed (undirected) tours on small boards; its flags
// and help (the work is tour-count-run.ts).
import { BOARD_FLAG, type Command } from './command.js';
import { QUEUE_ANSWER_MS, QUEUE_WAIT_MS } from './constants.js';
export const tourCountCommand: Command = {
  name: 'tour-count',
  usage:
    'tour-count [WxH] [--closed] [--from SQ] [--to SQ] [--each] [--piece P] [--max-nodes N] [--timeout T] [--checkpoint FILE] [--queue URL] [--json]',
  summary: 'Exact number of tours: open ones counted directed (OEIS A165134), closed ones undirected (A001230).',
  flags: {
    board: BOARD_FLAG,
    closed: { type: 'boolean', help: 'count closed tours (each cycle once, whatever its start and direction)' },
    from: { type: 'string', value: 'SQ', help: 'count only open tours starting on this square' },
    to: {
      type: 'string',
      value: 'SQ',
      help: 'count only open tours ending on this square (from --from, or from any start)',
      conflicts: { closed: 'a closed tour has no end' },
    },
    each: {
      type: 'boolean',
      help: 'open tours from every square, as a table (one count per class of symmetric squares)',
      conflicts: {
        closed: 'it counts open tours',
        from: 'it counts from every square',
        to: 'it counts from every square',
        checkpoint: 'it is not saved',
      },
    },
    piece: { type: 'string', value: 'P', help: 'the leaper (default knight; camel, zebra, any m,n)' },
    'max-nodes': {
      type: 'string',
      value: 'N',
      help: 'stop after N nodes: states expanded by the frontier program, moves made by backtracking',
    },
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
      conflicts: {
        'max-nodes': 'a queued count has no budget',
        timeout: 'a queued count has no budget',
        each: 'it counts all the tours of a board',
        from: 'it counts all the tours of a board',
        to: 'it counts all the tours of a board',
        checkpoint: 'the queue keeps the finished shards',
      },
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
unless a budget or a queue is given. Budget exhausted (--max-nodes, --timeout): exit 3 with "complete": false. Boards too wide for the
frontier program are counted by backtracking, whose partial count is a real lower bound ("bound": "lower");
the frontier program counts no tour before its last square, so a stopped one has no bound ("bound": "none",
"count": "0") and says how far it got instead ("squaresAdded" of "squares", "shareDone": its forecast share
of the work). A count that meets a limit of the counter's own on the way (more states at once than the memory it
is allowed) stops there whatever its budget, and says so as a spent budget does (exit 3, "complete": false, the
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
--from, --to or --each). A queue that cannot be reached, does not answer within ${QUEUE_ANSWER_MS / 1000} s or is not a Redis server
is one line and exit 2. A queue lost during the count (its server stopped, its network down) is waited for, and
the progress line says so; after ${QUEUE_WAIT_MS / 1000} s without an answer the count stops, one line and exit 2: the shards
counted stay on the queue (where its server keeps its data), and the same command picks them up.

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
  load: async () => (await import('./tour-count-run.js')).tourCount,
};
