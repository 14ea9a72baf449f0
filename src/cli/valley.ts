// CLI command `valley`: King's Valley — perft (any variant), best and match (valley-ai.ts), play (valley-play.ts).
import { GridbitsError } from '../core/error.js';
import { PERFT_MAX_DEPTH, START, createVariantEngine, divide, findVariant, parseVariantPosition, variantStart } from '../valley/index.js';
import { bool, noMoreThan, str, type Command, type Flag, type Parsed } from './command.js';
import { VALLEY_AI_DETAILS, VALLEY_AI_FLAGS, VALLEY_AI_USAGE, valleyBest, valleyMatchRun } from './valley-ai.js';
import { VALLEY_SOLVE_DETAILS, VALLEY_SOLVE_FLAGS, VALLEY_SOLVE_USAGE, valleySolveRun } from './valley-solve.js';
import type { Output } from './output.js';
import { valleyDiagram } from './valley-board.js';
import { VALLEY_PLAY_DETAILS, VALLEY_PLAY_FLAGS, VALLEY_PLAY_USAGE, valleyPlay } from './valley-play.js';

function depthOf(text: string | undefined): number {
  if (text === undefined) throw new GridbitsError('BAD_ARGUMENT', 'valley perft: give a depth, e.g. gridbits valley perft 4');
  if (!/^[0-9]+$/.test(text) || Number(text) > PERFT_MAX_DEPTH) {
    throw new GridbitsError('BAD_ARGUMENT', `valley perft: depth must be a whole number from 0 to ${PERFT_MAX_DEPTH}, got '${text}'`);
  }
  return Number(text);
}

async function perft(args: Parsed, out: Output): Promise<void> {
  const [depthText] = args.positionals;
  noMoreThan(args.positionals, 1, 'valley perft');
  const depth = depthOf(depthText);
  const variant = findVariant(str(args, 'variant') ?? 'standard');
  const first = str(args, 'first');
  if (first !== undefined && first !== 'white' && first !== 'black') throw new GridbitsError('BAD_ARGUMENT', `--first must be white or black, got '${first}'`);
  const text = str(args, 'position') ?? variantStart(variant, first === 'black' ? 1 : 0);
  const engine = createVariantEngine(variant, text);
  const position = engine.toString();
  const byMove = bool(args, 'divide');
  // Counted as a job (one perft for every variant; the 5×5 boards take the bulk-counting kernel), so Ctrl-C and
  // the progress line get a turn on long runs.
  const outcome = await divide(engine, depth, { onProgress: (pr) => out.progress(`perft ${depth}: line ${pr.done} of ${pr.total ?? '?'}`) });
  const rows = outcome.finished ? outcome.value : (outcome.partial ?? []);
  out.progress('');
  rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const nodes = depth === 0 ? 1 : rows.reduce((sum, [, n]) => sum + n, 0);
  if (out.json) {
    out.printJson({ position, depth, nodes, ...(byMove ? { divide: Object.fromEntries(rows) } : {}) });
    return;
  }
  out.print(valleyDiagram(parseVariantPosition(variant, position), variant.grid, out));
  const winner = engine.winner();
  if (winner !== null) out.print(`game over: ${winner} has won (no moves)`);
  if (byMove) for (const [move, n] of rows) out.print(`${move}: ${n}`);
  out.print(`perft ${depth}: ${nodes} nodes`);
}

const PERFT_USAGE = 'valley perft <depth> [--position P] [--variant V] [--first C] [--divide] [--json]';

const RULES = `Rules: every piece slides in one of 8 directions until the edge or a piece, at least one square;
  a soldier may pass over the valley c3 but not stop on it; the first move (ply 0) must be a soldier move;
  a King ending its move on the valley wins; a side to move whose King cannot move loses.
Position: ranks 5 down to 1 separated by '/', K S White, k s Black, digits for empty runs, then w/b and the ply.
Moves: from and to squares, e.g. b1e4.`;

const ALL_FLAGS: Record<string, Flag> = {
  position: { type: 'string', value: 'P', help: `start position in the variant's notation, e.g. '${START}' (the default)` },
  divide: { type: 'boolean', help: 'the count below each first move' },
  ...VALLEY_AI_FLAGS,
  ...VALLEY_SOLVE_FLAGS,
  ...VALLEY_PLAY_FLAGS,
};

/** The named flags of the shared table. */
function pick(names: readonly string[]): Record<string, Flag> {
  return Object.fromEntries(names.map((n) => [n, ALL_FLAGS[n]]));
}

function sub(name: string, usage: string, summary: string, flags: readonly string[], details: string, run: (args: Parsed, out: Output) => Promise<void> | void): Command {
  return { name, usage, summary, flags: pick(flags), details, run };
}

export const valleyCommand: Command = {
  name: 'valley',
  usage: 'valley <perft|best|match|solve|play> [options]',
  summary: "King's Valley (standard, Retrieve the King, Labyrinth): perft, the best move, AI matches, solving, play in the terminal.",
  flags: {},
  details: RULES,
  subcommands: [
    sub('perft', PERFT_USAGE, 'count the positions (leaves) a given number of plies ahead', ['position', 'variant', 'first', 'divide'], `${RULES}

Examples:
  gridbits valley perft 4                      (21708)
  gridbits valley perft 2 --divide
  gridbits valley perft 3 --position '2k2/5/5/5/SSKSS b 1' --json`, perft),
    sub('best', VALLEY_AI_USAGE[0], 'the best move by search, with its score and line', ['position', 'variant', 'first', 'depth', 'time', 'max-nodes', 'no-draw-rule'], VALLEY_AI_DETAILS, valleyBest),
    sub('match', VALLEY_AI_USAGE[1], 'play games between two players (AI levels, greedy, random) and tally them', ['position', 'variant', 'first', 'games', 'white', 'black', 'time', 'alternate', 'seed', 'opening', 'ply-cap', 'no-draw-rule'], VALLEY_AI_DETAILS, valleyMatchRun),
    sub('solve', VALLEY_SOLVE_USAGE, 'prove the value of a position: a forced win for one side, or a draw', ['position', 'max-nodes', 'timeout', 'table', 'all-moves', 'shortest', 'no-symmetry'], VALLEY_SOLVE_DETAILS, valleySolveRun),
    sub('play', VALLEY_PLAY_USAGE, 'play a game in the terminal, against a person or an AI player', ['variant', 'first', 'white', 'black', 'no-draw-rule', 'load', 'seed'], VALLEY_PLAY_DETAILS, valleyPlay),
  ],
};
