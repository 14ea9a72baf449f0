// CLI command `valley`: King's Valley — perft (any variant), best and match (valley-ai.ts), play (valley-play.ts).
import { GridbitsError } from '../core/error.js';
import { PERFT_MAX_DEPTH, START, createVariantEngine, divide, findVariant, parseVariantPosition, variantStart } from '../valley/index.js';
import { bool, checkSubcommandFlags, str, type Command, type Parsed } from './command.js';
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
  const [, depthText, extra] = args.positionals;
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley perft: unexpected argument '${extra}'`);
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

const SUBCOMMANDS: Record<string, (args: Parsed, out: Output) => Promise<void> | void> = { perft, best: valleyBest, match: valleyMatchRun, solve: valleySolveRun, play: valleyPlay };

/** The flags each subcommand reads: any other is refused, not ignored. */
const SUBCOMMAND_FLAGS: Record<string, readonly string[]> = {
  perft: ['position', 'variant', 'first', 'divide'],
  best: ['position', 'variant', 'first', 'depth', 'time', 'max-nodes', 'no-draw-rule'],
  match: ['position', 'variant', 'first', 'games', 'white', 'black', 'time', 'alternate', 'seed', 'opening', 'ply-cap', 'no-draw-rule'],
  solve: ['position', 'max-nodes', 'timeout', 'table', 'all-moves', 'shortest', 'no-symmetry'],
  play: ['variant', 'first', 'white', 'black', 'no-draw-rule', 'load', 'seed'],
};

export const valleyCommand: Command = {
  name: 'valley',
  usage: ['valley perft <depth> [--position P] [--variant V] [--first C] [--divide] [--json]', ...VALLEY_AI_USAGE, VALLEY_SOLVE_USAGE, VALLEY_PLAY_USAGE].join('\n       gridbits '),
  summary: "King's Valley (standard, Retrieve the King, Labyrinth): perft, the best move, AI matches, solving, play in the terminal.",
  flags: {
    position: { type: 'string', value: 'P', help: `start position in the variant's notation, e.g. '${START}' (the default)` },
    divide: { type: 'boolean', help: 'perft: the count below each first move' },
    ...VALLEY_AI_FLAGS,
    ...VALLEY_SOLVE_FLAGS,
    ...VALLEY_PLAY_FLAGS,
  },
  details: `Rules: every piece slides in one of 8 directions until the edge or a piece, at least one square;
  a soldier may pass over the valley c3 but not stop on it; the first move (ply 0) must be a soldier move;
  a King ending its move on the valley wins; a side to move whose King cannot move loses.
Position: ranks 5 down to 1 separated by '/', K S White, k s Black, digits for empty runs, then w/b and the ply.
Moves: from and to squares, e.g. b1e4.

Examples:
  gridbits valley perft 4                      (21708)
  gridbits valley perft 2 --divide
  gridbits valley perft 3 --position '2k2/5/5/5/SSKSS b 1' --json

${VALLEY_AI_DETAILS}

${VALLEY_SOLVE_DETAILS}

${VALLEY_PLAY_DETAILS}`,
  run(args, out) {
    const sub = args.positionals[0];
    const names = Object.keys(SUBCOMMANDS).join(', ');
    if (sub === undefined) throw new GridbitsError('BAD_ARGUMENT', `valley: name a subcommand (${names}), e.g. gridbits valley perft 4`);
    const run = Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
    if (run === undefined) throw new GridbitsError('BAD_ARGUMENT', `valley: unknown subcommand '${sub}' (${names})`);
    checkSubcommandFlags(args, 'valley', sub, SUBCOMMAND_FLAGS);
    return run(args, out);
  },
};
