// CLI commands `moves` (targets of pieces on given squares) and `mobility` (move counts from every square): their
// flags and help; the work is in moves-run.ts.
import { PIECE_NAMES } from '../pieces/piece.js';
import { BOARD_FLAG as BOARD, type Command, type Flag } from './command.js';
const OCCUPIED: Flag = {
  type: 'string',
  multiple: true,
  value: 'SQ,SQ,...',
  help: 'blockers: riders stop on them, sliders before them',
};
const MAX_NODES: Flag = {
  type: 'string',
  value: 'N',
  help: 'stop after N squares swept (what is done is printed, marked incomplete)',
};
const TIMEOUT: Flag = {
  type: 'string',
  value: 'DURATION',
  help: 'stop after this long: 250ms, 5s, 2m, 1h (a bare number is milliseconds)',
};
const PIECES_HELP = `Pieces: ${PIECE_NAMES.join(', ')};
  m,n for any leaper (1,2 is the knight), m,n* for a rider (1,2* is the nightrider),
  a+b for compounds (knight+king).`;
const STOP_HELP = `On huge boards the work shows a progress bar (on a terminal, or with --progress). Ctrl-C, --timeout
or --max-nodes stop it: the ranks done so far are printed, said to be incomplete ("complete": false in
JSON, with "ranksDone"), the first 100,000 targets or squares' counts listed ("targetsListed",
"ranksListed"); Ctrl-C then exits 130, a budget exits 3.`;

export const movesCommand: Command = {
  name: 'moves',
  usage:
    'moves <piece> <square>... [WxH | --board WxH] [--occupied SQ,SQ,...] [--max-nodes N] [--timeout DURATION] [--json]',
  summary: 'the squares a piece attacks from one or more squares (their union)',
  flags: { board: BOARD, occupied: OCCUPIED, 'max-nodes': MAX_NODES, timeout: TIMEOUT },
  argumentChoices: { what: 'piece', names: PIECE_NAMES },
  details: `${PIECES_HELP}

The board is 8x8 unless given, as WxH among the arguments or with --board WxH; boards past 100x100 get no
diagram, only the list. ${STOP_HELP}

Examples:
  gridbits moves knight d4
  gridbits moves queen d4 --occupied d6,f6
  gridbits moves camel a1 h8 --board 10x10 --json
  gridbits moves knight a1,h8,p5 16384x16384`,
  load: async () => (await import('./moves-run.js')).moves,
};

export const mobilityCommand: Command = {
  name: 'mobility',
  usage: 'mobility <piece> [WxH | --board WxH] [--occupied SQ,SQ,...] [--max-nodes N] [--timeout DURATION] [--json]',
  summary: 'the number of moves of a piece from every square, as a table, and their total',
  flags: {
    board: BOARD,
    occupied: OCCUPIED,
    'max-nodes': { ...MAX_NODES, help: 'stop after N squares counted (the ranks done are printed, marked incomplete)' },
    timeout: TIMEOUT,
  },
  argumentChoices: { what: 'piece', names: PIECE_NAMES },
  details: `${PIECES_HELP}

The board is 8x8 unless given, as WxH among the arguments or with --board WxH; boards past 100x100 get no
table, only the total (--json has every count, rank 1 first). ${STOP_HELP}

Examples:
  gridbits mobility knight            (total 336 on 8x8)
  gridbits mobility king 5x5 --json
  gridbits mobility knight --board 16384x16384 --progress`,
  load: async () => (await import('./moves-run.js')).mobility,
};
