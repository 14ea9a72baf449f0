// CLI command `fleet`: Sea Battle — `fleet place`, `fleet count`, `fleet check`, `fleet heat`, `fleet play` and
// `fleet sim`: their flags and help (the work is in fleet-run.ts and fleet-play.ts).
import { DEFAULT_SHARDS } from '../core/shards.js';
import { HUNTER_STRATEGIES } from '../fleet/hunters.js';
import { FLEET_MAX_SIDE } from '../fleet/field.js';
import { FLEETS } from '../fleet/fleets.js';
import { seedFlag, type Command, type Flag, type Run } from './command.js';
import { FORBIDDEN_GLYPH, QUEUE_ANSWER_MS, QUEUE_WAIT_MS } from './constants.js';

/**
 * One `fleet` subcommand: its usage, summary, the flags it reads beside the problem flags, its examples and the
 * loader of its work.
 */
interface FleetSubcommand {
  usage: string;
  summary: string;
  flags?: Record<string, Flag>;
  /** Notes and examples for this subcommand's help page. */
  details?: string;
  load(): Promise<Run>;
}

/** The flags that describe a problem, shared by every subcommand that reads one. */
const FLEET_PROBLEM_FLAGS: Record<string, Flag> = {
  board: {
    type: 'string',
    value: 'WxH',
    help: `the field (or give WxH as an argument), each side 1..${FLEET_MAX_SIDE} (default 10x10, or the mask's size)`,
  },
  fleet: { type: 'string', value: 'F', help: `${Object.keys(FLEETS).join(', ')} or ship lengths like 4,3,3,2` },
  ship: {
    type: 'string',
    value: 'SHAPE',
    multiple: true,
    help: "one more ship: a length or a shape, rows top to bottom joined by '/', '#' ship (repeatable)",
  },
  touch: {
    type: 'string',
    value: 'T',
    help: "none (not even corners), corner or any (default: the named fleet's tradition, else none)",
  },
  forbid: { type: 'string', value: 'SQ,…', multiple: true, help: 'cells no ship may use' },
  mask: { type: 'string', value: 'FILE', help: "an ASCII mask of the field, top row first, '#' forbidden, '.' free" },
  mirror: { type: 'boolean', help: 'shapes may also be mirrored (by default only turned)' },
};

const TIME_HELP = '(250ms, 5s, 2m; a bare number is milliseconds)';

const SEARCH_FLAGS: Record<string, Flag> = {
  seed: seedFlag('the random choices'),
  'max-nodes': { type: 'string', value: 'N', help: 'search budget in ships put down (methods rails and search)' },
  timeout: { type: 'string', value: 'T', help: `time limit of the methods rails and search ${TIME_HELP}` },
};

const FORMS = `A layout is read as a grid, top row first: '#' or '1' a ship cell, '.' or '0' water, '${FORBIDDEN_GLYPH}' a forbidden
cell (older versions drew 'x'); rank numbers in front and file letters under it, as fleet place draws it,
are read too, and so is fleet place --json. Several layouts each start with a line "layout N of M".`;

const FLEET_PLAY_FLAGS: Record<string, Flag> = {
  shots: {
    type: 'string',
    value: 'FILE',
    help: "the shots so far — a grid, top row first ('.' not shot, 'o' miss, 'x' hit, '#' sunk ship), or lines in firing order: 'e5 miss', 'e6 hit', 'e7 sunk [its cells]'",
  },
  hunter: {
    type: 'string',
    value: 'H',
    help: `the computer's hunter, ${HUNTER_STRATEGIES.join(', ')} (default lattice)`,
  },
  'hunter-samples': {
    type: 'string',
    value: 'N',
    help: 'weighted samples per shot of the posterior hunter (default 400)',
  },
  games: { type: 'string', value: 'N', help: 'games to play (default 1000)' },
  layout: {
    type: 'string',
    value: 'FILE',
    help: "your fleet as a grid ('#' ships; fleet place's output will do), instead of a uniform random one",
  },
};

/** The subcommands (the work of place, count and check is in fleet-run.ts, of heat, play and sim in fleet-play.ts). */
const FLEET_SUBCOMMANDS: Record<string, FleetSubcommand> = {
  place: {
    usage:
      'fleet place [WxH] [problem flags] [--seed N] [--method uniform|rails|search] [--samples N] [--max-nodes N] [--timeout T] [--json]',
    summary: 'a layout (or N), or a proof that none exists',
    flags: {
      ...SEARCH_FLAGS,
      method: {
        type: 'string',
        value: 'M',
        help: 'uniform (default: every layout equally likely), rails (ships laid in turn along shuffled rails: quick, not uniform) or search (a depth-first search, the most constrained ship first)',
      },
      samples: {
        type: 'string',
        value: 'N',
        help: 'draw N layouts in one run (each opened by a line "layout i of N")',
      },
    },
    details: `The field is drawn '#' ship, '.' water, '${FORBIDDEN_GLYPH}' forbidden; fleet check reads it back, text or JSON.
Ctrl-C during --samples prints the layouts drawn so far.

Examples:
  gridbits fleet place 10x10 --fleet classic --seed 1
  gridbits fleet place --board 5x15 --ship '###/.#./.#.' --ship '##/#.' --touch none --forbid c3,c4 --method rails
  gridbits fleet place 6x6 --fleet classic --json          (exists: false)
  gridbits fleet place 10x10 --samples 3 --seed 2 | gridbits fleet check -`,
    load: async () => (await import('./fleet-run.js')).place,
  },
  count: {
    usage: 'fleet count [WxH] [problem flags] [--timeout T] [--shards N] [--checkpoint FILE] [--queue URL] [--json]',
    summary: 'the exact number of distinct layouts',
    flags: {
      timeout: { type: 'string', value: 'T', help: `stop the count after this long ${TIME_HELP}` },
      shards: {
        type: 'string',
        value: 'N',
        help: `count in N shards (by where the largest ship lies) on the local cores, or on the queue (default ${DEFAULT_SHARDS}, at most one per class of places)`,
      },
      checkpoint: {
        type: 'string',
        value: 'FILE',
        help: 'count in shards and save those counted to FILE; the same command with the same FILE goes on from there',
      },
      queue: {
        type: 'string',
        value: 'URL',
        help: "put the count's shards on the job queue at URL (redis://HOST:PORT) for `gridbits worker` to count; no time limit",
        conflicts: {
          timeout: 'a queued count has no time limit',
          checkpoint: 'the queue keeps the finished shards',
        },
      },
    },
    details: `Ctrl-C says how far the count had come (a part of the count bounds nothing).

Shards: a count that outgrows one process splits into shards by where the largest ship lies. Each shard
takes some of its places, one per class of places the field's symmetries exchange, and counts the rest of
the fleet around each exactly; the shards' counts add up to the total (times the number of largest ships, each
layout being counted once per such ship). The shards do more work in all than one count (each is a count of its
own: about twice as much on the classic and German fleets), but they run anywhere, side by side, and each
holds less at once. With --shards N they run on the local cores. With --checkpoint FILE every shard counted is
saved to FILE as it finishes (and when the count stops: Ctrl-C, --timeout); the same command with the same FILE
counts only the shards left, and a finished count removes FILE. A FILE of another count, or a damaged one, is
refused (exit 2), never resumed. With --queue URL the shards go on a job queue (BullMQ on a Redis server) for
any number of \`gridbits worker --queue URL\` processes, on any machines; this command waits, checks that every
shard's answer belongs to this count and adds them up. A count put on the queue again finds the shards done
there. A queued count has no time limit (--queue takes no --timeout). A queue that cannot be reached, does not
answer within ${QUEUE_ANSWER_MS / 1000} s or is not a Redis server is one line and exit 2; one lost during the count is waited for
(the progress line says so) for ${QUEUE_WAIT_MS / 1000} s, then the count stops, one line and exit 2, and the same command picks
up the shards counted (kept on the queue where its server keeps its data).

Examples:
  gridbits fleet count 10x10 --fleet hasbro --json
  gridbits fleet count 8x8 --fleet hasbro --touch none
  gridbits fleet count 10x10 --fleet german --timeout 2m
  gridbits fleet count 12x12 --fleet german --checkpoint german12.ckpt
  gridbits fleet count 12x12 --fleet classic --touch any --queue redis://127.0.0.1:6379   (with gridbits worker on the same queue)`,
    load: async () => (await import('./fleet-run.js')).count,
  },
  check: {
    usage: 'fleet check [WxH] [problem flags] [FILE|-] [--json]',
    summary: 'is a layout valid for the fleet, and every reason if not (one or several layouts)',
    details: `${FORMS}
Without a board the layout's own size is the board. A layout in JSON (fleet place --json) brings its problem:
its fleet, touch rule, mirroring and forbidden cells, each overridden by the flags that give it. A text layout
is checked against the problem flags (give those it was placed with).

Examples:
  gridbits fleet check 10x10 --fleet classic layout.txt
  gridbits fleet place --seed 3 | gridbits fleet check -
  gridbits fleet place 8x8 --fleet hasbro --json | gridbits fleet check -`,
    load: async () => (await import('./fleet-run.js')).check,
  },
  heat: {
    usage:
      'fleet heat [WxH] [problem flags] [--shots FILE] [--method auto|exact|sampled] [--samples N] [--seed N] [--timeout T] [--json]',
    summary:
      'the chance each cell holds a ship, given the shots so far (exact by counting, or sampled with 95% intervals)',
    flags: {
      shots: FLEET_PLAY_FLAGS.shots,
      method: {
        type: 'string',
        value: 'M',
        help: 'auto (default: exact when the count is small enough — a few seconds at most — else sampled), exact or sampled',
      },
      samples: { type: 'string', value: 'N', help: 'layouts the sampled method draws (default 10000)' },
      seed: seedFlag('the sampled method'),
      timeout: {
        type: 'string',
        value: 'T',
        help: `time limit ${TIME_HELP}: the exact method says it did not finish, the sampled one answers from the layouts drawn`,
      },
    },
    details: `The map shows each cell's chance in per cent; o miss, x hit, # sunk, - forbidden. Ctrl-C while sampling
prints the map of the layouts drawn so far.

Examples:
  gridbits fleet heat 10x10 --fleet hasbro --shots shots.txt
  gridbits fleet heat 10x10 --fleet classic --method sampled --samples 20000 --seed 2 --json`,
    load: async () => (await import('./fleet-play.js')).heat,
  },
  play: {
    usage: 'fleet play [WxH] [problem flags] [--seed N] [--layout FILE] [--hunter H] [--json]',
    summary: 'play against the computer in the terminal (it places uniformly and hunts with the heat map)',
    flags: {
      layout: FLEET_PLAY_FLAGS.layout,
      hunter: FLEET_PLAY_FLAGS.hunter,
      seed: seedFlag("the layouts and the computer's shots"),
    },
    details: `Type a square like e5 for each shot, or quit. Your board: S ship, x hit, o miss, - forbidden.

Examples:
  gridbits fleet play
  gridbits fleet play 8x8 --fleet hasbro --hunter density --seed 4
  gridbits fleet place --seed 9 > mine.txt; gridbits fleet play --layout mine.txt`,
    load: async () => (await import('./fleet-play.js')).play,
  },
  sim: {
    usage:
      'fleet sim [WxH] [problem flags] --games N --seed S [--hunter H] [--hunter-samples N] [--timeout T] [--json]',
    summary: 'the hunter against uniform layouts: the distribution of shots it needs (mean, median, max, histogram)',
    flags: {
      games: FLEET_PLAY_FLAGS.games,
      hunter: FLEET_PLAY_FLAGS.hunter,
      'hunter-samples': FLEET_PLAY_FLAGS['hunter-samples'],
      seed: seedFlag('the games'),
      timeout: {
        type: 'string',
        value: 'T',
        help: `time limit ${TIME_HELP}: the statistics of the games played by then`,
      },
    },
    details: `Ctrl-C, like --timeout, prints the statistics of the games finished so far (then exits 130).

Examples:
  gridbits fleet sim --games 1000 --seed 1 --fleet hasbro
  gridbits fleet sim 10x10 --fleet hasbro --hunter random --games 10000 --seed 1 --json
  gridbits fleet sim --fleet classic --games 100000 --seed 1 --timeout 1m`,
    load: async () => (await import('./fleet-play.js')).sim,
  },
};

const FLEET_DETAILS = `Fleets: ${Object.entries(FLEETS)
  .map(([name, f]) => `${name} (${f.lengths.join(',')}; ${f.about})`)
  .join('; ')}.
Ships of one shape are interchangeable: layouts that only swap them are one layout. Shapes turn by quarter
turns; --mirror lets them flip too. A request that is well-formed but impossible is answered exists: false.
Every subcommand takes the field as WxH or --board WxH; time limits are durations (250ms, 5s, 2m, 1h).`;

export const fleetCommand: Command = {
  name: 'fleet',
  usage:
    'fleet <subcommand> [WxH] [--fleet F] [--ship SHAPE]... [--touch none|corner|any] [--forbid SQ,…] [--mask FILE] [--mirror] [--json]',
  summary: 'Sea Battle: place fleets of any shape on any field (uniformly at random), count and check layouts.',
  flags: {},
  details: `${FLEET_DETAILS}

Examples:
  gridbits fleet place 10x10 --fleet classic --seed 1
  gridbits fleet count 10x10 --fleet hasbro --json
  gridbits fleet place --seed 3 | gridbits fleet check -
  gridbits fleet sim --games 1000 --seed 1 --fleet hasbro
  gridbits fleet place --help                               (each subcommand's own options and examples)`,
  get subcommands(): Command[] {
    return Object.entries(FLEET_SUBCOMMANDS).map(([name, s]) => ({
      name,
      usage: s.usage,
      summary: s.summary,
      flags: { ...FLEET_PROBLEM_FLAGS, ...s.flags },
      details: `${FLEET_DETAILS}${s.details ? `\n\n${s.details}` : ''}`,
      load: s.load,
    }));
  },
};
