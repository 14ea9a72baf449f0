// CLI command `tour-count`: exact counts of open (directed) and closed (undirected) tours on small boards; its flags
// and help (the work is tour-count-run.ts).
import { BOARD_FLAG, type Command } from './command.js';
import { LEAPER_NAMES } from './constants.js';
export const tourCountCommand: Command = {
  name: 'tour-count',
  usage:
    'tour-count [WxH] [--closed] [--from SQ] [--to SQ] [--each] [--piece P] [--max-nodes N] [--timeout T] [--checkpoint FILE] [--queue URL] [--json]',
  summary: 'exact counts of open (directed) and closed (undirected) tours, as OEIS counts them',
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
      help: 'open tours from every square, as a table (one count per symmetric class)',
      conflicts: {
        closed: 'it counts open tours',
        from: 'it counts from every square',
        to: 'it counts from every square',
        checkpoint: 'it is not saved',
      },
    },
    piece: {
      type: 'string',
      value: 'P',
      help: 'the leaper (default knight; camel, zebra, any m,n)',
      choices: LEAPER_NAMES,
    },
    'max-nodes': {
      type: 'string',
      value: 'N',
      help: 'stop after N nodes (states expanded, or moves made by backtracking)',
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
  details: `Open tours count a tour and its reverse twice; closed ones count each cycle once. A spent budget prints what
was counted (exit 3, "complete": false), as Ctrl-C does (exit 130). More: gridbits help counting (the method,
times, budgets), gridbits help shards, gridbits help checkpoints, gridbits help queue.

Examples:
  gridbits tour-count 5x5                 (1728)
  gridbits tour-count 6x6 --closed        (9862)
  gridbits tour-count 5x5 --from a1       (304)
  gridbits tour-count 5x5 --each          (the table: 304 in the corners, 64 in the centre)
  gridbits tour-count 3x10 --closed --json
  gridbits tour-count 6x8 --closed        (55488142, as shards on the local cores)
  gridbits tour-count 8x8 --closed --checkpoint 8x8.ckpt   (13267364410532, 22 minutes)
  gridbits tour-count 7x7                                  (165575218320, 9 minutes)
  gridbits tour-count 6x8 --closed --queue redis://127.0.0.1:6379       (with gridbits worker on it)`,
  load: async () => (await import('./tour-count-run.js')).tourCount,
};
