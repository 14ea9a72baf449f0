// CLI command `valley`: King's Valley — perft (valley-perft.ts), best and match (valley-ai.ts), solve
// (valley-solve.ts), play (valley-play.ts): their usage and help here, one flag table, each subcommand's page
// picks its flags from it.
import { AI_LEVELS } from '../valley/levels.js';
import { VARIANTS, VARIANT_NAMES } from '../valley/variant.js';
import { seedFlag, type Command, type Flag } from './command.js';
import { AI_PLY_CAP } from './constants.js';

const PERFT_USAGE =
  'valley perft <depth> [--position P] [--variant V] [--first C] [--divide] [--max-nodes N] [--timeout T] [--json]';

const VALLEY_BEST_USAGE =
  'valley best [--position P] [--variant V] [--first C] [--depth N | --time T] [--max-nodes N] [--no-draw-rule] [--json]';
const VALLEY_MATCH_USAGE =
  'valley match --games N [--white P] [--black P] [--time T] [--alternate] [--seed S] [--opening N] [--ply-cap N] [--timeout T] [--position P] [--variant V] [--first C] [--no-draw-rule] [--json]';

const VALLEY_BEST_DETAILS = `Search: alpha-beta with iterative deepening and a transposition table; by default 1 s of thinking. It stops
  early once the result is proven (a forced win or loss), so it may take much less than --time.
  score: points for the side to move; ±30000 minus the plies to the end is an exact result; "winIn" counts the
  winner's own moves (the winning move included), "winInPlies" both sides' moves; "winner" names the side.
  "stopped" says what ended the search: depth, proven, over, time, nodes, or signal (Ctrl-C: the best move of
  the deepest finished iteration is printed, then exit 130).

Examples:
  gridbits valley best --time 2s
  gridbits valley best --depth 9               (the start: a1d4, White wins in 5 moves)
  gridbits valley best --variant labyrinth --time 2s
  gridbits valley best --position 'k4/3s1/5/5/K3S w 4' --json`;

const VALLEY_MATCH_DETAILS = `Players: random, greedy (two plies on the Kings' distances), ai (= ai:5), ai:L with L =
  ${AI_LEVELS.map((l) => `${l.level}: ${l.depth !== undefined ? `${l.depth} ${l.depth === 1 ? 'ply' : 'plies'}` : `${l.timeoutMs} ms`}`).join(', ')}.
  --time T sets the move time of players given as plain 'ai'. Colours stay as given unless --alternate.
  Each game opens with --opening random plies (never one that loses by force within 3 plies), so the games differ;
  the same --seed gives the same games.
  Ctrl-C or --timeout ends the match and tallies the games finished (Ctrl-C then exits 130).

Examples:
  gridbits valley match --games 20 --white ai --black random --alternate
  gridbits valley match --games 100 --white ai:2 --black greedy --seed 7 --json
  gridbits valley match --games 10 --variant labyrinth --white ai:3 --black random`;

const VALLEY_SOLVE_USAGE =
  'valley solve [--position P] [--max-nodes N] [--timeout T] [--table MB] [--all-moves] [--shortest] [--no-symmetry] [--json]';

const VALLEY_SOLVE_DETAILS = `Solving: df-pn proof-number search asks whether the side to move can force a win, and if not, whether the
  other side can; neither means a draw. A repeated position counts as no win for the side trying to prove
  one, which changes no forced win (a win never needs a repetition); disproofs that rest on a repetition above
  them are not reused elsewhere. Positions equal up to the board's 8 symmetries share one table entry.
  A win is proved through the first moves the proof needs; the others are left unsettled unless --all-moves.
  JSON: {"position", "value": "win"|"loss"|"draw"|"unknown" (for the side to move), "winner", "moves" (first
  moves proved winning), "proofNodes" (distinct positions of the proof), "proofDepth" (plies), "nodes",
  "exhausted" (a budget ran out), "stopped", "seconds", ...}.
  "shortest" (with --shortest): plies of the quickest forced win, by a bounded search deepened 2 plies at a time.
  Ctrl-C stops the search and prints what it proved so far (exit 130).

Examples:
  gridbits valley solve --shortest             (White wins; the quickest forced win takes 9 plies)
  gridbits valley solve --all-moves            (every first move: win, loss or draw)
  gridbits valley solve --position 'k4/5/5/5/4K w 3'
  gridbits valley solve --all-moves --timeout 5m --json`;

const VALLEY_PLAY_USAGE =
  'valley play [--white P] [--black P] [--variant V] [--first white|black] [--position P | --load FILE] [--no-draw-rule] [--seed S] [--json]';

const VALLEY_PLAY_DETAILS = `Play: type a move like b1e4 (or b1-e4, or b1 e4); type a square (b1) to see that piece's moves on the board;
  commands: moves, undo (with an AI opponent: back to your previous turn), save FILE, load FILE, new, board,
  help, quit. Moves are read line by line, so a file or pipe works too: printf 'b1e4\\nquit\\n' | gridbits valley play.
  With --json nothing is drawn: one JSON document at the end (moves, result, record, rejected lines).
  Two AI players play to the end on their own (at most ${AI_PLY_CAP} plies).
Game records (--load FILE, '-' for standard input; save FILE writes one): gridbits' own, an optional
  'variant NAME' line (not for standard), an optional start position line, then one move per line; or
  AbstractPlay's JSON game record: {"header": {"game": {"name": "King's Valley", "variants": [...]}, ...},
  "moves": [["a1-d4", "c5-c2"], ...]}, rounds of one move a player (the first seat is White); its variants
  king-swap (Retrieve the King) and labyrinth.
Draw rule (not in the publisher's rules; gridbits' default): the third time the same position (board and side
  to move) occurs, the game is a draw; the start counts like any other position. --no-draw-rule turns it off,
  for the game and the AI's search (which, with the rule on, scores a return to an earlier position as a draw).
Variants (--variant):
${VARIANT_NAMES.map((n) => `  ${n}: ${VARIANTS[n].about}\n    start: ${VARIANTS[n].start}`).join('\n')}
  Same rules in each: slides to the edge or a piece, soldiers never stop on the valley, the first move is a soldier's.

Examples:
  gridbits valley play                          (two people at one terminal)
  gridbits valley play --black ai:3
  gridbits valley play --variant labyrinth --white ai --black ai --json
  gridbits valley play --position 'k4/3s1/5/5/K3S w 4' --black ai
  gridbits valley play --load game.txt
  gridbits valley play --load - --white ai --black ai < record.json   (an AbstractPlay record, played on)`;

const RULES = `Rules: every piece slides in one of 8 directions until the edge or a piece, at least one square;
  a soldier may pass over the valley c3 but not stop on it; the first move (ply 0) must be a soldier move;
  a King ending its move on the valley wins; a side to move whose King cannot move loses.
Position: ranks 5 down to 1 separated by '/', K S White, k s Black, digits for empty runs, then w/b and the ply.
Moves: from and to squares, written b1e4, b1-e4 or b1 e4.`;

const DURATION = '(250ms, 5s, 2m, 1h; a bare number is milliseconds)';

const ALL_FLAGS: Record<string, Flag> = {
  position: {
    type: 'string',
    value: 'P',
    help: "start position in the variant's notation (default: the variant's start)",
  },
  variant: { type: 'string', value: 'V', help: `${VARIANT_NAMES.join(', ')} (default standard)` },
  first: { type: 'string', value: 'C', help: 'white or black moves first from the start (default white)' },
  divide: { type: 'boolean', help: 'the count below each first move' },
  depth: { type: 'string', value: 'N', help: 'search N plies deep (1-60)' },
  time: { type: 'string', value: 'T', help: `think for T ${DURATION}; default 1s` },
  'max-nodes': { type: 'string', value: 'N', help: 'stop after N positions searched' },
  timeout: { type: 'string', value: 'T', help: `stop after T ${DURATION}` },
  'no-draw-rule': { type: 'boolean', help: 'no draw on the third occurrence of a position (the default rule draws)' },
  games: { type: 'string', value: 'N', help: 'number of games' },
  white: { type: 'string', value: 'P', help: 'White player: random, greedy, ai, ai:1..ai:6 (default ai)' },
  black: { type: 'string', value: 'P', help: 'Black player (default greedy)' },
  alternate: { type: 'boolean', help: 'swap colours after every game' },
  seed: seedFlag('the random opening plies and the random and greedy players'),
  opening: { type: 'string', value: 'N', help: 'random (non-losing) opening plies per game (default 2)' },
  'ply-cap': { type: 'string', value: 'N', help: 'a game still going after N plies is a draw (default 300)' },
  table: {
    type: 'string',
    value: 'MB',
    help: 'transposition table size in MB (default 256; --shortest adds a second one of at most 256)',
  },
  'all-moves': { type: 'boolean', help: 'settle every first move too (win, loss or draw for the side to move)' },
  shortest: { type: 'boolean', help: 'also find the quickest forced win, in plies (bounded search)' },
  'no-symmetry': { type: 'boolean', help: 'do not fold the 8 symmetric images of a position together' },
  load: {
    type: 'string',
    value: 'FILE',
    help: "continue the game in a record file ('-' reads standard input): gridbits' records or AbstractPlay's JSON",
  },
};

/** The named flags of the shared table, with help reworded for one page where it differs. */
function pick(names: readonly string[], help: Record<string, string> = {}): Record<string, Flag> {
  return Object.fromEntries(
    names.map((n) => [n, help[n] === undefined ? ALL_FLAGS[n] : { ...ALL_FLAGS[n], help: help[n] }]),
  );
}

function sub(
  name: string,
  usage: string,
  summary: string,
  flags: Record<string, Flag>,
  details: string,
  load: Command['load'],
): Command {
  return { name, usage, summary, flags, details, load };
}

export const valleyCommand: Command = {
  name: 'valley',
  usage: 'valley <perft|best|match|solve|play> [options]',
  summary:
    "King's Valley (standard, Retrieve the King, Labyrinth): perft, the best move, AI matches, solving, play in the terminal.",
  flags: {},
  details: `${RULES}
Each subcommand has its own page: gridbits valley perft --help (or gridbits help valley perft).`,
  subcommands: [
    sub(
      'perft',
      PERFT_USAGE,
      'count the positions (leaves) a given number of plies ahead',
      pick(['position', 'variant', 'first', 'divide', 'max-nodes', 'timeout'], {
        'max-nodes': 'stop after N leaves counted (the count is then partial: a lower bound)',
        timeout: `stop after T ${DURATION} (the count is then partial)`,
      }),
      `${RULES}
Ctrl-C, --max-nodes and --timeout stop the count and print what was counted, marked partial (Ctrl-C exits 130).

Examples:
  gridbits valley perft 4                      (21,708)
  gridbits valley perft 2 --divide
  gridbits valley perft 3 --variant labyrinth
  gridbits valley perft 3 --position '2k2/5/5/5/SSKSS b 1' --json`,
      async () => (await import('./valley-perft.js')).perft,
    ),
    sub(
      'best',
      VALLEY_BEST_USAGE,
      'the best move by search, with its score and line',
      pick(['position', 'variant', 'first', 'depth', 'time', 'max-nodes', 'no-draw-rule']),
      VALLEY_BEST_DETAILS,
      async () => (await import('./valley-ai.js')).valleyBest,
    ),
    sub(
      'match',
      VALLEY_MATCH_USAGE,
      'play games between two players (AI levels, greedy, random) and tally them',
      pick(
        [
          'games',
          'white',
          'black',
          'time',
          'alternate',
          'seed',
          'opening',
          'ply-cap',
          'timeout',
          'position',
          'variant',
          'first',
          'no-draw-rule',
        ],
        {
          time: `the move time of players given as plain 'ai' ${DURATION}`,
          timeout: `stop the match after T ${DURATION} and tally the games finished`,
        },
      ),
      VALLEY_MATCH_DETAILS,
      async () => (await import('./valley-ai.js')).valleyMatchRun,
    ),
    sub(
      'solve',
      VALLEY_SOLVE_USAGE,
      'prove the value of a position: a forced win for one side, or a draw',
      pick(['position', 'max-nodes', 'timeout', 'table', 'all-moves', 'shortest', 'no-symmetry'], {
        position: "the position in King's Valley notation (default: the start, 'sskss/5/5/5/SSKSS w 0')",
        'max-nodes': 'stop after N positions searched (the answer is then "unknown", with what was proved)',
        timeout: `stop after T ${DURATION}; the answer is then "unknown", with what was proved`,
      }),
      VALLEY_SOLVE_DETAILS,
      async () => (await import('./valley-solve.js')).valleySolveRun,
    ),
    sub(
      'play',
      VALLEY_PLAY_USAGE,
      'play a game in the terminal, against a person or an AI player',
      pick(['white', 'black', 'variant', 'first', 'position', 'load', 'no-draw-rule', 'seed'], {
        white: 'White player: human, random, greedy, ai, ai:1..ai:6 (default human)',
        black: 'Black player (default human)',
        position: "start from this position (in the variant's notation)",
        seed: seedFlag('the random and greedy players').help,
      }),
      VALLEY_PLAY_DETAILS,
      async () => (await import('./valley-play.js')).valleyPlay,
    ),
  ],
};
