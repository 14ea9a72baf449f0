// CLI command `valley`: King's Valley — `valley perft <depth>` (leaf counts, optionally per first move).
import { GridbitsError } from '../core/error.js';
import { drawGrid } from '../render/ascii.js';
import { PERFT_MAX_DEPTH, VALLEY, VALLEY_BOARD, VALLEY_START, formatValleyPosition, parseValleyPosition, valleyDivideAsync, valleyWinner, type ValleyPosition } from '../valley/index.js';
import { bool, str, type Command, type Parsed } from './command.js';
import { VALLEY_AI_DETAILS, VALLEY_AI_FLAGS, VALLEY_AI_USAGE, valleyBest, valleyMatchRun } from './valley-ai.js';
import type { Output } from './output.js';

/** The board as text: K S k s for the pieces, * for the empty valley, . elsewhere. */
function diagram(p: ValleyPosition, out: Output): string {
  const c = out.paint;
  const letter = (sq: number): string => {
    const bit = 1 << sq;
    if (p.men[0] & bit) return p.kings[0] === sq ? 'K' : 'S';
    if (p.men[1] & bit) return p.kings[1] === sq ? 'k' : 's';
    return sq === VALLEY ? '*' : '.';
  };
  return drawGrid(VALLEY_BOARD, letter, {
    paint: (sq, t) => (p.men[0] & (1 << sq) ? c.bold(c.yellow(t)) : p.men[1] & (1 << sq) ? c.bold(c.red(t)) : sq === VALLEY ? c.green(t) : c.dim(t)),
  });
}

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
  const pos = parseValleyPosition(str(args, 'position') ?? VALLEY_START);
  const position = formatValleyPosition(pos);
  const divide = bool(args, 'divide');
  // Counted one first move at a time so Ctrl-C and the progress line get a turn on long runs.
  const rows = await valleyDivideAsync(pos, depth, {
    onProgress: (pr) => out.progress(`perft ${depth}: first move ${pr.done} of ${pr.total ?? '?'}`),
  });
  out.progress('');
  rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const nodes = depth === 0 ? 1 : rows.reduce((sum, [, n]) => sum + n, 0);
  if (out.json) {
    out.printJson({ position, depth, nodes, ...(divide ? { divide: Object.fromEntries(rows) } : {}) });
    return;
  }
  out.print(diagram(pos, out));
  const winner = valleyWinner(pos);
  if (winner !== null) out.print(`game over: ${winner} has won (no moves)`);
  if (divide) for (const [move, n] of rows) out.print(`${move}: ${n}`);
  out.print(`perft ${depth}: ${nodes} nodes`);
}

const SUBCOMMANDS: Record<string, (args: Parsed, out: Output) => Promise<void> | void> = { perft, best: valleyBest, match: valleyMatchRun };

export const valleyCommand: Command = {
  name: 'valley',
  usage: ['valley perft <depth> [--position P] [--divide] [--json]', ...VALLEY_AI_USAGE].join('\n       gridbits '),
  summary: "King's Valley (5×5, the valley c3): perft, the number of move sequences of a given length.",
  flags: {
    position: { type: 'string', value: 'P', help: `start position, e.g. '${VALLEY_START}' (the default)` },
    divide: { type: 'boolean', help: 'perft: the count below each first move' },
    ...VALLEY_AI_FLAGS,
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

${VALLEY_AI_DETAILS}`,
  run(args, out) {
    const sub = args.positionals[0];
    const names = Object.keys(SUBCOMMANDS).join(', ');
    if (sub === undefined) throw new GridbitsError('BAD_ARGUMENT', `valley: name a subcommand (${names}), e.g. gridbits valley perft 4`);
    const run = SUBCOMMANDS[sub];
    if (run === undefined) throw new GridbitsError('BAD_ARGUMENT', `valley: unknown subcommand '${sub}' (${names})`);
    return run(args, out);
  },
};
