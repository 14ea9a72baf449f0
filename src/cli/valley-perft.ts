// The work of `valley perft` (valley.ts has its flags and help): the positions a number of plies ahead, counted
// in a worker thread at depths that take long.
import { GridbitsError } from '../core/error.js';
import type { Outcome } from '../core/job.js';
import { PERFT_MAX_DEPTH, type DivideRows } from '../valley/perft.js';
import { engineMoves, parseVariantPosition } from '../valley/variant.js';
import { bool, duration, int, noMoreThan, type Parsed } from './command.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';
import { valleyDiagram } from './valley-board.js';
import { boardJson, positionOf } from './valley-shared.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { secondsSince, secondsWords, stopName, stopWords } from './words.js';

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

export async function perft(args: Parsed, out: Output): Promise<number | void> {
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
      ...(stopped !== null ? { stopped: stopName(stopped), lowerBound: true } : {}),
      seconds,
    });
    return exitOf(stopped);
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
  out.print(out.paint.dim(secondsWords(seconds)));
  return exitOf(stopped);
}
