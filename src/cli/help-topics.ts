// The longer notes of the help, one page each: `gridbits help TOPIC`. The main page lists them and each command's
// page names the ones it needs ("more: gridbits help counting"), so that no page runs past 40 lines.
import { FLEETS } from '../fleet/fleets.js';
import { VARIANTS, VARIANT_NAMES } from '../valley/variant.js';
import { FORBIDDEN_GLYPH, LOCK_MS, QUEUE_ANSWER_MS, QUEUE_WAIT_MS, STALLED_CHECK_MS } from './constants.js';
import { EXIT_HELP } from './exit.js';

export interface HelpTopic {
  /** The word after `gridbits help`. */
  name: string;
  /** One line for the main page's list. */
  summary: string;
  /** The page (wrapped to the terminal as command pages are: see help-layout.ts). */
  text: string;
}

const CONVENTIONS = `Output: every command prints text for people, or one JSON document with --json; --out FILE
writes the result to FILE instead (replaced whole, at once; '-' is standard output). Progress goes to standard
error, on a terminal or with --progress.

Board: WxH, as an argument or with --board WxH (both at once only when they agree), 8x8 unless given (10x10 for
fleet); squares are named a1 (bottom left) to h8 and on past z as spreadsheet columns (aa1, ab1, …).

Time: flags that take a time take durations: 250ms, 5s, 2m, 1h (a bare number is milliseconds). The JSON gives the
time taken as "seconds"; the text as 0.69 s, 29.4 s, 312 s.

Budgets: --timeout stops the work after a time, --max-nodes after a number of steps (each command's help names
its steps). Work a budget stopped prints what it found and exits 3; its JSON says "complete": false and "stopped":
"timeout" or "max-nodes" (Ctrl-C: "interrupted", exit 130). More: gridbits help exit-codes.

Seeds: every random command picks a fresh seed and prints it (text, and "seed" in JSON); --seed N repeats the run,
on every machine.

Flags: a flag that does not apply, or two that conflict, is refused in one line (exit 2), never ignored; where
only the answer shows it (a tour built without a search, given --max-nodes), the answer says so in a note.

Ctrl-C: every command stops within about half a second, prints what it had finished and exits 130.

Colours: only on a terminal; FORCE_COLOR (not 0 or false) turns them on, FORCE_COLOR=0 or NO_COLOR turns them off.

Mistakes: a mistake in the input is one line on standard error, "gridbits: …", with exit code 2; a mistyped
command, flag or name gets "did you mean".`;

/** Each exit code in a few words (a line too long for a template here is a string of its own). */
const EACH_CODE: ReadonlyArray<readonly [number, string]> = [
  [0, 'the command answered; a checker (tour-check, fleet check) found its input valid.'],
  [1, 'a checker found its input not valid, and says why (in text, or "valid": false in the JSON).'],
  [
    2,
    'a mistake in the input: one line on standard error ("gridbits: …"), nothing on standard output, ' +
      'no file written.',
  ],
  [
    3,
    "a budget ran out first (--timeout, --max-nodes, a limit of the counter's own): what was found is printed, " +
      'and the JSON says "complete": false with "stopped": "timeout" or "max-nodes".',
  ],
  [130, 'Ctrl-C: what was finished is printed where there is any ("stopped": "interrupted").'],
  [70, 'a fault of gridbits itself: one line on standard error (GRIDBITS_DEBUG=1 adds the stack).'],
];

const EXIT_CODES = `${EXIT_HELP}

Each code:
${EACH_CODE.map(([code, words]) => `  ${String(code).padEnd(5)}${words}`).join('\n')}`;

const COUNTING = `Conventions (as OEIS counts them):
  open tours are directed: a tour and its reverse count twice (5x5: 1728, 6x6: 6637920, A165134);
    with --from, the directed tours starting there (5x5 from a1: 304); halve for undirected counts;
  closed tours are undirected: one cycle, whatever its start and direction (6x6: 9862, A001230);
    --from does not change a closed count (every closed tour passes every square).

Method: a frontier dynamic program over the squares in rows across the shorter side, keeping path fragments'
ends and pairings on a window of 2w+1 squares (w = shorter side), by halves of the board where it can. Counts
of about a minute or less run at once: 6x7 open about 30 s, 6x8 closed about 2 s, 7x8 closed about a minute
(34,524,432,316). Longer counts that this machine (2 cores, 24 GB) finishes run when asked too, the progress
line saying how long the largest of their kind took here, with the time left: 6 wide open up to 6x10 (6x8:
49,929,787,608 in about two minutes, 6x9: 3,541,262,412,844 in three, 6x10 in 16), 7 wide closed up to 7x10
(1,250,063,279,938,854 in about six). Closed tours 8 wide are joined across the middle: 8x8 in about 22
minutes on two cores and 1.5 GB (13,267,364,410,532). Open tours 7 wide too: 7x7 in about 9 minutes and
4.3 GB (165,575,218,320). Open tours 8 wide are joined class by class of where their ends lie: 8x8 open
(19,591,828,170,979,904) is 81 classes in 16,200 shards, about 232 hours on one machine like this one, so
it is for the job queue across machines (--queue); refused with exit 2 unless a budget or a queue is given,
as is any count past those measured here.

Budgets: a spent budget (--max-nodes, --timeout) is exit 3 with "complete": false. Boards too wide for the
frontier program are counted by backtracking, whose partial count is a real lower bound ("bound": "lower");
the frontier program counts no tour before its last square, so a stopped one has no bound ("bound": "none",
"count": "0") and says how far it got instead ("squaresAdded" of "squares", "shareDone": its forecast share
of the work). A count that meets a limit of the counter's own on the way (more states at once than the memory it
is allowed) stops there whatever its budget, and says so as a spent budget does (exit 3, "complete": false, the
limit in "reason"). Ctrl-C stops the count, which then says what it has, as a budget does (exit 130).

More: gridbits help shards, gridbits help checkpoints, gridbits help queue.`;

const CHECKPOINTS = `tour-count: with --checkpoint FILE the count's state is saved to FILE about every minute and
whenever it stops (a budget, Ctrl-C); run the same command with the same FILE to go on where it stopped: the count
is the same as an unbroken run's. A finished count removes FILE. A FILE of another board, piece or kind of count, or
a damaged one, is refused (exit 2), never resumed. Backtracking counts and --each are not saved. A count of closed
tours 8 wide keeps the shards finished instead (gridbits help shards).

fleet count: with --checkpoint FILE the count runs in shards and every shard counted is saved to FILE as it
finishes (and when the count stops: Ctrl-C, --timeout); the same command with the same FILE counts only the
shards left, and a finished count removes FILE. A FILE of another count, or a damaged one, is refused (exit 2),
never resumed.

A checkpoint that cannot be written is refused before the work starts.`;

const SHARDS = `tour-count: tours on boards at least 4 squares long are counted by halves (the top half-board's
boundary states joined with their images under the half turn, or on an odd length with those of the board one
shorter; leapers that move at most two ranks; open tours without --from), and the join splits into shards whose
counts add up to the total ("shards" in the JSON). Without a budget such a count runs as 16 shards on the local
cores, each thread taking the next shard; a thread builds the top half's table for itself, so a second thread starts
only where the join left is long enough to pay for it. Ctrl-C reports the shards finished (their sum is a lower
bound). On a queue a count is 64 shards.

Closed tours of boards 8 wide are joined across the middle instead: the top half-board's own moves by the
frontier program, then each vector of its boundary degrees joined through every set of moves between the halves
that fits, with the bottom half (the top turned half a turn) seen through them. The shards split those vectors,
so every core starts at once; with --timeout the shards still running stop when the time is up (the finished
ones' sum is a lower bound), and --checkpoint FILE keeps the shards finished, for the same command to go on.

fleet count: a count that outgrows one process splits into shards by where the largest ship lies. Each shard
takes some of its places, one per class of places the field's symmetries exchange, and counts the rest of
the fleet around each exactly; the shards' counts add up to the total (times the number of largest ships, each
layout being counted once per such ship). The shards do more work in all than one count (each is a count of its
own: about twice as much on the classic and German fleets), but they run anywhere, side by side, and each
holds less at once. With --shards N they run on the local cores.

More: gridbits help checkpoints, gridbits help queue.`;

const QUEUE = `With --queue URL, tour-count and fleet count put their shards on a job queue (BullMQ on a Redis
server), and any number of \`gridbits worker --queue URL\` processes, on any machines, count them; the count waits,
checks that every shard's answer belongs to this count, and adds them up. A count put on the queue again finds the
shards already done there (a stopped count resumes where it stopped; Ctrl-C stops the waiting, not the workers). A
queued count has no budget: --queue takes no --max-nodes or --timeout; tour-count counts whole boards on it (no
--from, --to or --each).

A queue that cannot be reached, does not answer within ${QUEUE_ANSWER_MS / 1000} s or is not a Redis server is one
line and exit 2. A queue lost during the count (its server stopped, its network down) is waited for, and the
progress line says so; after ${QUEUE_WAIT_MS / 1000} s without an answer the count stops, one line and exit 2: the
shards counted stay on the queue (where its server keeps its data), and the same command picks them up.

Workers: a worker takes the shards, counts each in a thread of its own, and puts the count back; it runs until
stopped, waiting for new shards when the queue is empty, and logs one line per shard on standard error. A worker
that dies mid-shard (killed, or its machine lost) loses nothing: its shard goes back to the queue within about
${Math.round((LOCK_MS + STALLED_CHECK_MS) / 1000)} s and another worker counts it. Ctrl-C takes no new shard and
hands the shards it is counting back to the queue at once (their work so far is dropped; a worker starts them
again), then exits with code 130. A queue lost while the worker runs is waited for, and the log says so; a server
back within ${QUEUE_WAIT_MS / 1000} s finds the worker serving. After ${QUEUE_WAIT_MS / 1000} s without an answer
the worker stops: one line, exit 2; the shards it was counting go back to the queue once it answers, for any worker.

Memory: a worker keeps the boundary tables of the tour count it has worked on, on each thread, so that its later
shards of that count cost only their part of the join; on 8×8 open tours, counted class by class of where their
ends lie, each thread keeps the last class's tables and up to 2 GiB of tables that other classes share, and takes
up to about 7 GB of memory in all (two threads fit a machine of 24 GB).

Examples:
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no
  gridbits worker --queue redis://127.0.0.1:6379
  gridbits tour-count 6x8 --closed --queue redis://127.0.0.1:6379
  gridbits fleet count 12x12 --fleet german --queue redis://127.0.0.1:6379`;

const FLEETS_TOPIC = `Fleets (--fleet):
${Object.entries(FLEETS)
  .map(([name, f]) => `  ${name}: ${f.lengths.join(',')}; ${f.about}`)
  .join('\n')}
  or ship lengths, like 4,3,3,2; --ship adds a ship of any shape ('#' rows joined by '/': '###/.#.').

Touch rules (--touch): none (ships may not touch, not even at corners), corner (they may touch at corners) or any;
a named fleet brings its own, other fleets default to none.

Ships of one shape are interchangeable: layouts that only swap them are one layout. Shapes turn by quarter turns;
--mirror lets them flip too. A request that is well-formed but impossible is answered "exists": false.

The field: WxH or --board WxH, each side 1 to 400 (default 10x10, or the mask's size); --forbid c3,c4 and --mask
FILE (top row first, '#' forbidden, '.' free) take cells out of it.

Layouts are drawn and read as grids, top row first: '#' or '1' a ship cell, '.' or '0' water, '${FORBIDDEN_GLYPH}' a
forbidden cell; rank numbers in front and file letters under it, as fleet place draws it, are read too, and so is
fleet place --json. Several layouts each start with a line "layout N of M".`;

/** The rules and notation of King's Valley, on the valley pages and in its topic. */
export const VALLEY_RULES = `Rules: every piece slides in one of 8 directions until the edge or a piece, at least
one square;
  a soldier may pass over the valley c3 but not stop on it; the first move (ply 0) must be a soldier move;
  a King ending its move on the valley wins; a side to move whose King cannot move loses.
Position: ranks 5 down to 1 separated by '/', K S White, k s Black, digits for empty runs, then w/b and the ply.
Moves: from and to squares, written b1e4, b1-e4 or b1 e4.`;

const KINGS_VALLEY = `${VALLEY_RULES}

Draw rule (not in the publisher's rules; gridbits' default): the third time the same position (board and side to
move) occurs, the game is a draw; the start counts like any other position. --no-draw-rule turns it off, for the
game and the AI's search (which, with the rule on, scores a return to an earlier position as a draw).

Variants (--variant):
${VARIANT_NAMES.map((n) => `  ${n}: ${VARIANTS[n].about}\n    start: ${VARIANTS[n].start}`).join('\n')}
  Same rules in each: slides to the edge or a piece, soldiers never stop on the valley, the first move is a soldier's.

Game records (valley play --load FILE, '-' for standard input; its command save FILE writes one): gridbits' own,
an optional 'variant NAME' line (not for standard), an optional start position line, then one move per line; or
AbstractPlay's JSON game record: {"header": {"game": {"name": "King's Valley", "variants": [...]}, ...}, "moves":
[["a1-d4", "c5-c2"], ...]}, rounds of one move a player (the first seat is White); its variants king-swap
(Retrieve the King) and labyrinth.`;

/** Every topic, in the order the main page lists them. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  { name: 'conventions', summary: 'what every command shares: output, board, time, budgets, seeds', text: CONVENTIONS },
  { name: 'exit-codes', summary: 'what each exit code means, and the JSON of unfinished work', text: EXIT_CODES },
  { name: 'counting', summary: "how tour-count counts: OEIS's conventions, the method, budgets", text: COUNTING },
  { name: 'shards', summary: 'counts split into shards, on the local cores or a queue', text: SHARDS },
  { name: 'checkpoints', summary: 'long counts saved to a file and resumed', text: CHECKPOINTS },
  { name: 'queue', summary: 'counts shared among workers on other machines (Redis)', text: QUEUE },
  { name: 'fleets', summary: 'Sea Battle fleets, touch rules, fields and layouts', text: FLEETS_TOPIC },
  {
    name: 'kings-valley',
    summary: "King's Valley rules, positions, variants, draw rule, game records",
    text: KINGS_VALLEY,
  },
];
