// CLI command `valley`: King's Valley — perft (any variant), best and match (valley-ai.ts), solve (valley-solve.ts),
// play (valley-play.ts); one flag table, each subcommand's page picks its flags from it.
import { GridbitsError } from '../core/error.js';
import type { Outcome } from '../core/job.js';
import { PERFT_MAX_DEPTH, VARIANT_NAMES, engineMoves, parseVariantPosition, type DivideRows } from '../valley/index.js';
import { bool, duration, int, noMoreThan, type Command, type Flag, type Parsed } from './command.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';
import {
  VALLEY_BEST_DETAILS,
  VALLEY_MATCH_DETAILS,
  VALLEY_BEST_USAGE,
  VALLEY_MATCH_USAGE,
  valleyBest,
  valleyMatchRun,
} from './valley-ai.js';
import { VALLEY_SOLVE_DETAILS, VALLEY_SOLVE_USAGE, valleySolveRun } from './valley-solve.js';
import { valleyDiagram } from './valley-board.js';
import { boardJson, positionOf } from './valley-shared.js';
import { secondsSince, stopWords, thousands } from './words.js';
import { VALLEY_PLAY_DETAILS, VALLEY_PLAY_USAGE, valleyPlay } from './valley-play.js';

function depthOf(text: string | undefined): number {
  if (text === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'valley perft: give a depth, e.g. gridbits valley perft 4');
  if (!/^[0-9]+$/.test(text) || Number(text) > PERFT_MAX_DEPTH) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `valley perft: depth must be a whole number from 0 to ${PERFT_MAX_DEPTH}, got '${text}'`,
    );
  }
  return Number(text);
}

/** Depths from which a count takes over a second: run in a worker thread, so Ctrl-C is answered at once. */
const PERFT_WORKER_DEPTH = 7;

async function perft(args: Parsed, out: Output): Promise<number | void> {
  const [depthText] = args.positionals;
  noMoreThan(args.positionals, 1, 'valley perft');
  const depth = depthOf(depthText);
  const { variant, engine } = positionOf(args);
  const position = engine.toString();
  const byMove = bool(args, 'divide');
  const limits = { maxNodes: int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER), timeoutMs: duration(args, 'timeout') };
  const t0 = performance.now();
  const job = { ...limits, label: `valley perft ${depth}`, inWorker: depth >= PERFT_WORKER_DEPTH };
  // One perft for every variant (the 5×5 boards take the bulk-counting kernel); divide when the rows are asked for.
  let rows: DivideRows = [];
  let nodes: number;
  let stop: Outcome<unknown, unknown> | null = null;
  let received = true;
  if (byMove) {
    const outcome = await runJob(out, 'valley.divide', [variant.name, position, depth], job);
    rows = (outcome.finished ? outcome.value : (outcome.partial ?? [])).slice();
    rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    nodes = depth === 0 ? 1 : rows.reduce((sum, [, n]) => sum + n, 0);
    if (!outcome.finished) stop = outcome;
  } else {
    const outcome = await runJob(out, 'valley.perft', [variant.name, position, depth], job);
    nodes = outcome.finished ? outcome.value : (outcome.partial ?? 0);
    received = outcome.finished || outcome.partial !== undefined;
    if (!outcome.finished) stop = outcome;
  }
  const seconds = secondsSince(t0);
  const stopped = stop !== null && !stop.finished ? stop.stopped : null;
  if (out.json) {
    out.printJson({
      position,
      depth,
      nodes,
      ...(byMove ? { divide: Object.fromEntries(rows) } : {}),
      variant: variant.name,
      board: boardJson(variant),
      complete: stopped === null,
      ...(stopped !== null ? { stopped, lowerBound: true } : {}),
      seconds,
    });
    return stopped === 'signal' ? 130 : undefined;
  }
  out.print(valleyDiagram(parseVariantPosition(variant, position), variant.grid, out));
  const winner = engine.winner();
  if (winner !== null) out.print(`game over: ${winner} has won (no moves)`);
  if (byMove) for (const [move, n] of rows) out.print(`${move}: ${thousands(n)}`);
  if (stopped === null) out.print(`perft ${depth}: ${thousands(nodes)} nodes`);
  else {
    const what = byMove
      ? `the ${rows.length} of ${engineMoves(engine).length} first moves listed`
      : 'the leaves counted';
    if (received)
      out.print(
        `perft ${depth}: at least ${thousands(nodes)} nodes, a partial count (${what}; ${stopWords(stopped, limits)})`,
      );
    // The worker was inside one long step of the count when the deadline came.
    else
      out.print(
        `perft ${depth}: interrupted before a partial count came back (at this depth the count goes in long steps)`,
      );
  }
  out.print(out.paint.dim(`${seconds} s`));
  return stopped === 'signal' ? 130 : undefined;
}

const PERFT_USAGE =
  'valley perft <depth> [--position P] [--variant V] [--first C] [--divide] [--max-nodes N] [--timeout T] [--json]';

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
  'max-nodes': { type: 'string', value: 'N', help: 'stop after N search nodes' },
  timeout: { type: 'string', value: 'T', help: `stop after T ${DURATION}` },
  'no-draw-rule': { type: 'boolean', help: 'no draw on the third occurrence of a position (the default rule draws)' },
  games: { type: 'string', value: 'N', help: 'number of games' },
  white: { type: 'string', value: 'P', help: 'White player: random, greedy, ai, ai:1..ai:6 (default ai)' },
  black: { type: 'string', value: 'P', help: 'Black player (default greedy)' },
  alternate: { type: 'boolean', help: 'swap colours after every game' },
  seed: { type: 'string', value: 'S', help: 'seed of the random opening plies and random players (default 1)' },
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
  run: Command['run'],
): Command {
  return { name, usage, summary, flags, details, run };
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
        'max-nodes': 'stop after N leaves (the count is then partial: a lower bound)',
        timeout: `stop after T ${DURATION} (the count is then partial)`,
      }),
      `${RULES}
Ctrl-C, --max-nodes and --timeout stop the count and print what was counted, marked partial (Ctrl-C exits 130).

Examples:
  gridbits valley perft 4                      (21,708)
  gridbits valley perft 2 --divide
  gridbits valley perft 3 --variant labyrinth
  gridbits valley perft 3 --position '2k2/5/5/5/SSKSS b 1' --json`,
      perft,
    ),
    sub(
      'best',
      VALLEY_BEST_USAGE,
      'the best move by search, with its score and line',
      pick(['position', 'variant', 'first', 'depth', 'time', 'max-nodes', 'no-draw-rule']),
      VALLEY_BEST_DETAILS,
      valleyBest,
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
      valleyMatchRun,
    ),
    sub(
      'solve',
      VALLEY_SOLVE_USAGE,
      'prove the value of a position: a forced win for one side, or a draw',
      pick(['position', 'max-nodes', 'timeout', 'table', 'all-moves', 'shortest', 'no-symmetry'], {
        position: "the position in King's Valley notation (default: the start, 'sskss/5/5/5/SSKSS w 0')",
        'max-nodes': 'stop after N search nodes (the answer is then "unknown", with what was proved)',
        timeout: `stop after T ${DURATION}; the answer is then "unknown", with what was proved`,
      }),
      VALLEY_SOLVE_DETAILS,
      valleySolveRun,
    ),
    sub(
      'play',
      VALLEY_PLAY_USAGE,
      'play a game in the terminal, against a person or an AI player',
      pick(['white', 'black', 'variant', 'first', 'position', 'load', 'no-draw-rule', 'seed'], {
        white: 'White player: human, random, greedy, ai, ai:1..ai:6 (default human)',
        black: 'Black player (default human)',
        position: "start from this position (in the variant's notation)",
        seed: 'seed of the random and greedy players (default 1)',
      }),
      VALLEY_PLAY_DETAILS,
      valleyPlay,
    ),
  ],
};
