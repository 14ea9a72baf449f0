// What the fleet subcommands' work shares: the reading of the problem flags (fleet.ts has the flags), the
// problem in words and JSON, the CLI's answer to an outcome and the report of an interrupted count.
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { finishedValue, type Outcome } from '../core/job.js';
import type { Progress } from '../core/run.js';
import { mergeForbidden, parseFleetBoard, parseForbidList, parseMask } from '../fleet/field.js';
import { shapeOrientations } from '../fleet/shape.js';
import { fleetProblem, parseTouch, type FleetSpec } from '../fleet/fleets.js';
import { fleetWords } from '../fleet/names.js';
import { isTooLarge, type TooLarge } from '../fleet/memory.js';
import type { FleetProblem } from '../fleet/problem.js';
import { boardAndRest, bool, list, str, type Parsed } from './command.js';
import { readTextArg } from './io.js';
import type { Output } from './output.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural, secondsWords, stopName, stopWords, type Limits, type Stop } from './words.js';

/** The problem as plain data (for a job run in a worker, too), from the flags and a board text. */
export async function fleetSpecFromArgs(args: Parsed, boardText: string | undefined): Promise<FleetSpec> {
  const maskFile = str(args, 'mask');
  const mask =
    maskFile === undefined
      ? undefined
      : parseMask(
          await readTextArg(maskFile, 'the mask'),
          boardText === undefined ? undefined : parseFleetBoard(boardText),
        );
  const board =
    boardText !== undefined ? parseFleetBoard(boardText) : mask ? Board.of(mask.width, mask.height) : Board.of(10, 10);
  let forbidden: Uint8Array;
  try {
    forbidden = parseForbidList(board, list(args, 'forbid'));
  } catch (e) {
    // The squares come from --forbid: the message names the square, as the command always has.
    if (e instanceof GridbitsError) throw new GridbitsError(e.code, e.message.replace(/^squares: /, ''));
    throw e;
  }
  if (mask) {
    try {
      forbidden = mergeForbidden(board, forbidden, mask.forbidden);
    } catch (e) {
      // The CLI names its own flag for the list.
      if (e instanceof GridbitsError)
        throw new GridbitsError(e.code, e.message.replace('(in the list and', '(in --forbid and'));
      throw e;
    }
  }
  const touchText = str(args, 'touch');
  const fleet = str(args, 'fleet');
  const ships = args.values.ship === undefined ? [] : (args.values.ship as string[]);
  return {
    width: board.width,
    height: board.height,
    fleet: fleet === undefined && ships.length === 0 ? 'classic' : fleet,
    ships,
    touch: touchText === undefined ? undefined : parseTouch(touchText),
    mirror: bool(args, 'mirror'),
    forbidden,
  };
}

/**
 * The problem the flags describe (board, fleet, extra ships, touch rule, forbidden cells, mirroring); the board
 * as a positional WxH or --board. `boardText` overrides both (fleet check: the layout's own size).
 */
export async function fleetProblemFromArgs(args: Parsed, command = 'fleet', boardText?: string): Promise<FleetProblem> {
  return fleetProblem(await fleetSpecFromArgs(args, boardText ?? boardAndRest(args, command).board));
}

/**
 * An outcome's answer for the CLI, through the one converter (finishedValue): Ctrl-C (the signal) throws ABORTED,
 * which main.ts turns into exit 130; a spent limit throws LIMIT naming `what` did not finish.
 */
export function answerOf<T>(outcome: Outcome<T, unknown>, what = 'the work'): T {
  return finishedValue(outcome, what);
}

/** Uniform layouts, or the refusal in the command's words when they need the exact counts and those are too large. */
export function uniformWords<T>(draw: T | TooLarge): T {
  if (!isTooLarge(draw)) return draw;
  throw new GridbitsError(
    'LIMIT',
    `uniform layouts need the exact counts here (rejection found none): too large to count exactly: ${draw.reason}; the rails and search methods place without the uniform guarantee`,
  );
}

/**
 * The problem for JSON: `board` as {width, height}, the touch rule, the kinds with their cells, and where they
 * apply `"mirror": true` and the forbidden cells by name: all that fleet check needs to read the problem back.
 */
export function problemJson(p: FleetProblem): {
  board: { width: number; height: number };
  touch: string;
  kinds: Array<{ name: string; count: number; cells: number }>;
  mirror?: true;
  forbidden?: string[];
} {
  const board = Board.of(p.width, p.height);
  const forbidden: string[] = [];
  for (let sq = 0; sq < board.cells; sq++) if (p.forbidden[sq]) forbidden.push(board.name(sq));
  // Mirroring shows in the kinds: a shape that differs from its mirror image then has the image's turns too.
  const mirror = p.kinds.some((k) => shapeOrientations(k.orientations[0], false).length < k.orientations.length);
  return {
    board: { width: p.width, height: p.height },
    touch: p.touch,
    kinds: p.kinds.map((k) => ({ name: k.name, count: k.count, cells: k.orientations[0].length })),
    ...(mirror ? { mirror: true as const } : {}),
    ...(forbidden.length > 0 ? { forbidden } : {}),
  };
}

/** The fleet in words: "ships of length 4, 3, 3, 2, …; touch none" (never like a rectangle, "2×3"). */
export function fleetText(p: FleetProblem): string {
  return `${fleetWords(p.kinds)}; touch ${p.touch}`;
}

/**
 * Boards from this many cells count (count, heat) in a worker thread: building the counting plan is one
 * synchronous step long enough to miss Ctrl-C's half second (about 0.3 s on 30×30, 2 s on 60×60).
 */
export const COUNT_WORKER_CELLS = 900;

/** The output with its last progress report kept (for the report of an interrupted count). */
export function watched(out: Output): { out: Output; last: () => Progress | null } {
  let last: Progress | null = null;
  const o = Object.create(out) as Output;
  o.progress = (p, label) => {
    if (typeof p !== 'string') last = p;
    out.progress(p, label);
  };
  return { out: o, last: () => last };
}

/**
 * What an unfinished count (Ctrl-C or --timeout) had done: how far its scan had come (a part of the sum bounds
 * nothing), printed as the answer so far; returns the exit code (130 or 3).
 */
export function unfinishedCount(
  p: FleetProblem,
  out: Output,
  stopped: Stop,
  limits: Limits,
  last: Progress | null,
  nodes: number,
  seconds: number,
  what = 'the count',
): number {
  const where =
    last === null
      ? 'its start'
      : last.share !== undefined
        ? `${Math.floor(100 * last.share)} %`
        : `${thousands(Math.floor(last.done))} ${last.unit}`;
  if (out.json) {
    out.printJson({
      count: null,
      complete: false,
      stopped: stopName(stopped),
      ...(last ? { share: last.share, done: last.done, unit: last.unit } : {}),
      nodes,
      ...problemJson(p),
      seconds,
    });
  } else {
    out.print(
      `${stopWords(stopped, limits)}: ${what} of ${fleetText(p)} on ${p.width}x${p.height} had come to ${where} (${plural(nodes, 'state')} expanded, ${secondsWords(seconds)}); no total yet`,
    );
  }
  return exitOf(stopped);
}
