// CLI command `tour-table`: for every start square, whether a tour starts there and the backtracks it took; its
// flags and help (the work is tour-table-run.ts).
import { SEARCH_BUDGET } from '../tour/budget.js';
import { BOARD_FLAG, type Command } from './command.js';
import { LEAPER_NAMES } from './constants.js';
import { thousands } from '../core/text.js';

export const tourTableCommand: Command = {
  name: 'tour-table',
  usage: 'tour-table [WxH] [--closed] [--piece P] [--max-nodes N] [--timeout T] [--json]',
  summary: 'for every start square: whether a tour starts there, and the backtracks it took',
  flags: {
    closed: { type: 'boolean', help: 'closed tours (the last square one move from the first)' },
    piece: { type: 'string', value: 'P', help: 'the leaper (default knight; any m,n leaper)', choices: LEAPER_NAMES },
    board: BOARD_FLAG,
    'max-nodes': {
      type: 'string',
      value: 'N',
      help: `moves made by the search per start square before 'LIM' (default ${thousands(SEARCH_BUDGET)}, as for tour)`,
    },
    timeout: {
      type: 'string',
      value: 'T',
      help: 'time limit for the whole table (250ms, 5s, 2m; a bare number is milliseconds); squares not decided in time say LIM',
    },
  },
  details: `Each square is searched by the backtracking state machine (parity, dead cells, Warnsdorff ordering,
move-order restarts). A number is the backtracks of a successful search; a letter after it (B, C, …, then #27, …)
names the move array that found it when the first did not. N: proved that no tour starts there. LIM: budget ran out.

Examples:
  gridbits tour-table 5x5
  gridbits tour-table 7x3 --json
  gridbits tour-table 6x6 --closed --max-nodes 1000`,
  load: async () => (await import('./tour-table-run.js')).tourTable,
};
