// CLI command `tour`: one tour (or the proof there is none) on any board, as a grid, moves, SVG, summary or
// JSON; its flags and help (the work is tour-run.ts).
import { SEARCH_BUDGET } from '../tour/budget.js';
import { BOARD_FLAG, type Command } from './command.js';
import { thousands } from '../core/text.js';
import { LEAPER_NAMES, TOUR_BIG_SQUARES, TOUR_FORMATS, TOUR_TRACE_SQUARES } from './constants.js';

export const tourCommand: Command = {
  name: 'tour',
  usage:
    'tour [WxH] [--from SQ] [--to SQ] [--closed] [--seed N] [--piece P] [--format grid|moves|svg|summary] [--json] [--trace] [--max-nodes N] [--timeout T] [--out FILE]',
  summary: "a knight's tour (open, closed, from or to a square) on any board, or proof of none",
  flags: {
    board: BOARD_FLAG,
    from: { type: 'string', value: 'SQ', help: 'start square (default a1; with --to alone, any start)' },
    to: {
      type: 'string',
      value: 'SQ',
      help: 'end square of an open tour (from --from, or from any start)',
      conflicts: { closed: 'a closed tour has no end' },
    },
    closed: { type: 'boolean', help: 'a closed tour (the last square one leap from the first)' },
    seed: { type: 'string', value: 'N', help: 'seed for the choices (different seeds give different tours)' },
    piece: {
      type: 'string',
      value: 'P',
      help: 'the leaper (default knight; camel, zebra, giraffe, m,n: by search)',
      choices: LEAPER_NAMES,
    },
    format: {
      type: 'string',
      value: 'F',
      help: 'grid (numbered squares), moves, svg or summary',
      conflicts: { json: 'JSON has its own form', trace: 'the trace has its own form' },
      choices: TOUR_FORMATS,
    },
    trace: {
      type: 'boolean',
      help: `print the backtracking search step by step (boards up to ${TOUR_TRACE_SQUARES} squares; with --json as events)`,
      conflicts: { timeout: 'the trace is cut at --max-nodes events' },
    },
    'max-nodes': {
      type: 'string',
      value: 'N',
      help: `search budget in moves made by the backtracking search (constructions need none; default ${thousands(SEARCH_BUDGET)}); with --trace, the events shown`,
    },
    timeout: { type: 'string', value: 'T', help: 'search time limit: 250ms, 5s, 2m (a bare number is milliseconds)' },
  },
  details: `Large boards are built, not searched: 10000x10000 takes seconds. The path of a board of more than
${TOUR_BIG_SQUARES} squares is printed only with --json or to a file (--out); otherwise a summary.

Examples:
  gridbits tour 8x8 --from b1
  gridbits tour 6x6 --closed --format svg --out tour.svg
  gridbits tour 1000x1000 --closed --json --out tour.json
  gridbits tour 3x4 --from b4 --trace`,
  load: async () => (await import('./tour-run.js')).tour,
};
