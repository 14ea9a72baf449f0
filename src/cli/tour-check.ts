// CLI command `tour-check`: reads a tour (file, stdin or the gallery), says whether it is valid and what it is; its
// flags and help (the work is tour-check-run.ts).
import { GALLERY } from '../tour/gallery.js';
import type { Command } from './command.js';
import { LEAPER_NAMES } from './constants.js';

export const tourCheckCommand: Command = {
  name: 'tour-check',
  usage: 'tour-check [FILE|-] [WxH | --board WxH] [--piece P] [--close] [--gallery NAME|list] [--json]',
  summary: 'check a tour: valid or not and why, open or closed, its sums, semi-magic, magic',
  flags: {
    board: { type: 'string', value: 'WxH', help: 'board size (default: from the grid, or the squares named)' },
    piece: { type: 'string', value: 'P', help: 'the leaper (default knight; any m,n)', choices: LEAPER_NAMES },
    close: { type: 'boolean', help: "close an open path by Euler's reversal, if one end can be turned round" },
    gallery: {
      type: 'string',
      value: 'NAME',
      help: `check a famous tour (${GALLERY.map((t) => t.name).join(', ')}); 'list' lists them`,
      choices: [...GALLERY.map((t) => t.name), 'list'],
    },
  },
  details: `Input (FILE, or - or nothing for standard input): either a list of squares in order (a1 c2 e1 …,
separated by spaces, commas, newlines or '-'), or a numbered grid as in the knight's-tour article's tables (or as
\`gridbits tour\` draws it, rank numbers and file letters included): one line per rank,
top rank first, numbers 1..N (0..N-1 also accepted), cells separated by spaces or '|' (markdown tables work),
'.', '-' or a single letter for a square the path leaves out; lines starting with '#' are comments; or the JSON
that \`gridbits tour --json\` prints (its board and path).

Answers: valid (every square once, every step a move of the piece), closed (the last square a move from the
first), sums of every rank (rank 1 first), file and long diagonal, semiMagic (all ranks equal and all files
equal), magic (the diagonals too), halfTurnSymmetric (a half-turn maps step k onto step k + N/2).
Exit codes: 0 for a valid tour; 1 for one that is not (it says valid: false and why, naming squares and step
numbers); 2 when the input is not a tour in either format (one line naming the problem).
--close: a closed tour is kept; an open path with legal steps and no repeats (squares may be missing, as in
Euler's 60-square example) is closed by reversing one end, or "close": {"possible": false} says it cannot be.

Examples:
  gridbits tour-check tour.txt
  echo "a1 b3 c1 a2 c3 b1 a3 c2" | gridbits tour-check -      (not a tour: b2 is never visited)
  gridbits tour-check --gallery janisch --json
  gridbits tour-check --gallery euler-60 --close`,
  load: async () => (await import('./tour-check-run.js')).tourCheck,
};
