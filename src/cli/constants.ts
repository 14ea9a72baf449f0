// Values that a command's help states and its work uses, which must agree. They live apart from both: the help
// (loaded at every start) must not import the work, which the CLI loads only for the command that runs, and the
// work must not import the help, which loads it (an import cycle).
import { PIECE_NAMES, parsePiece } from '../pieces/piece.js';

/** `tour`: above this many squares the default is a summary, and a full path needs --out or --json. */
export const TOUR_BIG_SQUARES = 1_000_000;

/** `tour --trace`: the largest board it traces, in squares. */
export const TOUR_TRACE_SQUARES = 100;

/** `valley play`: two AI players stop after this many plies. */
export const AI_PLY_CAP = 1000;

/** How a forbidden cell is drawn in layouts, heat maps and games ('x' would read as a hit). */
export const FORBIDDEN_GLYPH = '-';

/**
 * How long a worker holds a shard without renewing its lock, and how often live workers look for shards whose
 * worker died (SIGKILL, power loss): such a shard goes back to the queue within about 8 s. A live worker
 * renews its lock every 2.5 s while its shard runs (the shard runs in a thread, the lock in the main loop).
 */
export const LOCK_MS = 5000;
export const STALLED_CHECK_MS = 3000;

/**
 * The job queue's server must answer within QUEUE_ANSWER_MS when a count or a worker starts (one that takes the
 * connection and never answers is refused then); once under way, a count or a worker waits QUEUE_WAIT_MS for a
 * server that stopped answering (restarted, or its network down) before it stops.
 */
export const QUEUE_ANSWER_MS = 10_000;
export const QUEUE_WAIT_MS = 60_000;

/** `tour --format`: what the tour is drawn as. */
export const TOUR_FORMATS = ['grid', 'moves', 'svg', 'summary'] as const;

/** `walk --format`: how a map is drawn. */
export const WALK_FORMATS = ['grid', 'svg'] as const;

/** `fleet place --method`: how a layout is drawn. */
export const PLACE_METHODS = ['uniform', 'rails', 'search'] as const;

/** `fleet heat --method`: how the map is made. */
export const HEAT_METHODS = ['auto', 'exact', 'sampled'] as const;

/** King's Valley's `--first`: the side that moves first. */
export const SIDES = ['white', 'black'] as const;

/** The named pieces that tours and walks take: those that only leap (the knight, the camel, the king, …). */
export const LEAPER_NAMES: readonly string[] = PIECE_NAMES.filter((name) => {
  const piece = parsePiece(name);
  return piece.rides.length === 0 && piece.slides.length === 0;
});

/** The shells `completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
