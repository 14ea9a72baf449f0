// The work of `fleet place`, `fleet count` and `fleet check` (fleet.ts has their flags and help).
import { stripVTControlCharacters } from 'node:util';
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { checkFleetCells, parseLayoutGrids, type ParsedLayoutGrid } from '../fleet/check.js';
import { layoutCountQuestion, shardLayoutCount } from '../fleet/count-shards.js';
import { DEFAULT_SHARDS } from '../core/shards.js';
import { fleetProblem, parseTouch, type FleetSpec } from '../fleet/fleets.js';
import { parseFleetBoard, parseForbidList } from '../fleet/field.js';
import { isTooLarge } from '../fleet/memory.js';
import type { FleetLayout, FleetProblem, Touch } from '../fleet/problem.js';
import { drawGrid } from '../render/ascii.js';
import { boardAndRest, duration, int, noMoreThan, str, type Parsed } from './command.js';
import { checkedExit, exitOf } from './exit.js';
import { readTextArg } from './io.js';
import type { Output } from './output.js';
import { parseQueueAddress } from './queue-address.js';
import { runJob } from './run-job.js';
import { seedOf } from './seed.js';
import { FORBIDDEN_GLYPH, PLACE_METHODS } from './constants.js';
import { thousands } from '../core/text.js';
import { durationWords, plural, secondsSince, secondsWords, stopName, stopWords } from './words.js';
import {
  answerOf,
  COUNT_WORKER_CELLS,
  fleetProblemFromArgs,
  fleetSpecFromArgs,
  fleetText,
  problemJson,
  uniformWords,
  unfinishedCount,
  watched,
} from './fleet-shared.js';

/** A layout for JSON: ships with square names, kind names. */
function layoutJson(p: FleetProblem, layout: FleetLayout): { ships: Array<{ kind: string; cells: string[] }> } {
  const board = Board.of(p.width, p.height);
  return { ships: layout.ships.map((s) => ({ kind: p.kinds[s.kind].name, cells: s.cells.map((c) => board.name(c)) })) };
}

/** The field drawn: '#' ship cells, '-' forbidden cells, '.' water. */
function drawLayout(p: FleetProblem, layout: FleetLayout | null, out: Output): string {
  const board = Board.of(p.width, p.height);
  const ship = new Uint8Array(board.cells);
  if (layout) for (const s of layout.ships) for (const c of s.cells) ship[c] = 1;
  const c = out.paint;
  return drawGrid(board, (s) => (ship[s] ? '#' : p.forbidden[s] ? FORBIDDEN_GLYPH : '.'), {
    paint: (s, t) => (ship[s] ? c.bold(c.cyan(t)) : p.forbidden[s] ? c.red(t) : c.dim(t)),
  });
}

const METHODS = PLACE_METHODS;
/**
 * Boards from this many cells build their placements (place) or their counting plan (count, heat) in one
 * synchronous step long enough to miss Ctrl-C's half second, so the work runs in a worker thread (starting one
 * costs about 0.3 s). Measured: the count's first step takes about 0.3 s on 30×30, 2 s on 60×60.
 */
const PLACE_WORKER_CELLS = 2_500;

interface PlaceAnswer {
  exists: boolean | null;
  reason?: string;
  nodes?: number;
  total?: bigint;
  /** The budget that ran out before a search found a layout or a proof. */
  stopped?: 'nodes' | 'time';
  /** Set when Ctrl-C or the command's time limit stopped the run: the layouts drawn so far are the answer. */
  interrupted?: 'signal' | 'time';
}

export async function place(args: Parsed, out: Output): Promise<number> {
  const { board: boardText, rest } = boardAndRest(args, 'fleet place');
  noMoreThan(rest, 0, 'fleet place');
  const spec = await fleetSpecFromArgs(args, boardText);
  const p = fleetProblem(spec);
  const methodText = str(args, 'method') ?? 'uniform';
  if (!(METHODS as readonly string[]).includes(methodText))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `fleet place: --method must be one of ${METHODS.join(', ')}, got '${methodText}'`,
    );
  const method = methodText as (typeof METHODS)[number];
  // The budgets are the searches' (the uniform method draws until it has its layouts): refused, never ignored.
  const budget = ['max-nodes', 'timeout'].find((f) => str(args, f) !== undefined);
  if (method === 'uniform' && budget !== undefined)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `fleet place: --${budget} is for the methods rails and search (give --method); the uniform method has no budget`,
    );
  const samples = int(args, 'samples', 1, 1_000_000);
  const seed = seedOf(args);
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const timeoutMs = duration(args, 'timeout');
  const n = samples ?? 1;
  const t0 = performance.now();
  const layouts: FleetLayout[] = [];
  const label = `fleet place ${p.width}x${p.height}`;
  // A large board builds its placements in one long step: in a worker, Ctrl-C is still answered at once.
  const inWorker = p.width * p.height >= PLACE_WORKER_CELLS;
  let answer: PlaceAnswer;
  if (method === 'uniform') {
    const r = await uniformPlace(spec, seed, n, out, label, inWorker);
    layouts.push(...r.layouts);
    answer =
      r.total === 0n
        ? { exists: false, reason: 'no layout exists (the exact count is 0)', total: 0n }
        : { exists: true, total: r.total, interrupted: r.interrupted ? 'signal' : undefined };
  } else {
    // Each search has the limits the command was given, and the run as a whole its time limit too (set-up
    // included: a large field's placements take seconds to make).
    const o = await runJob(out, 'fleet.layouts', [spec, { method, seed, samples: n, maxNodes, timeoutMs }], {
      label,
      inWorker,
      timeoutMs,
    });
    if (!o.finished) {
      // Ctrl-C or the time limit: the layouts found so far are the answer (none found: nothing to print after
      // Ctrl-C; for the time limit, that none was found).
      const found = o.partial?.layouts ?? [];
      const signal = o.stopped === 'signal';
      if (found.length === 0 && signal) throw new GridbitsError('ABORTED', 'stopped before finishing');
      if (found.length === 0) {
        const reason = budgetWords('time', maxNodes, timeoutMs, o.nodes);
        answer = { exists: null, nodes: o.nodes, stopped: 'time', reason };
      } else {
        layouts.push(...found);
        answer = { exists: true, nodes: o.partial!.nodes, interrupted: signal ? 'signal' : 'time' };
      }
    } else {
      const r = o.value;
      layouts.push(...r.layouts);
      if (r.none !== undefined) answer = { exists: false, reason: r.none, nodes: r.nodes };
      else if (r.cut !== undefined)
        answer = {
          exists: null,
          nodes: r.nodes,
          stopped: r.cut.stopped,
          reason: budgetWords(r.cut.stopped, maxNodes, timeoutMs, r.cut.nodes),
        };
      else answer = { exists: true, nodes: r.nodes };
    }
  }
  const seconds = secondsSince(t0);
  const head = {
    method,
    seed,
    ...(answer.nodes !== undefined ? { nodes: answer.nodes } : {}),
    ...(answer.total !== undefined ? { layoutsInAll: answer.total.toString() } : {}),
    ...problemJson(p),
    seconds,
  };
  if (answer.exists !== true) {
    const cut = answer.stopped !== undefined ? { complete: false, stopped: stopName(answer.stopped) } : {};
    if (out.json) out.printJson({ exists: answer.exists, reason: answer.reason, ...head, ...cut });
    else
      out.print(
        `no layout of ${fleetText(p)} on ${p.width}x${p.height}${answer.exists === null ? ' found' : ''}: ${answer.reason}`,
      );
    // Neither a layout nor a proof: the budget ran out first.
    return exitOf(answer.exists === null && answer.stopped);
  }
  const cut = answer.interrupted ? { complete: false, stopped: stopName(answer.interrupted), layoutsRequested: n } : {};
  if (out.json) {
    if (samples === undefined) out.printJson({ exists: true, ...layoutJson(p, layouts[0]), ...head });
    else out.printJson({ exists: true, layouts: layouts.map((l) => layoutJson(p, l)), ...head, ...cut });
    return exitOf(answer.interrupted);
  }
  // Several layouts: each opened by "layout i of n", which `fleet check` reads back as the separator.
  layouts.forEach((l, i) =>
    out.print(
      samples === undefined ? `${drawLayout(p, l, out)}\n` : `layout ${i + 1} of ${n}\n${drawLayout(p, l, out)}\n\n`,
    ),
  );
  out.print(`${fleetText(p)}; method ${method}, seed ${seed}`);
  if (answer.interrupted)
    out.print(
      `${stopWords(answer.interrupted, { timeoutMs })} after ${thousands(layouts.length)} of the ${plural(n, 'layout')} asked for`,
    );
  return exitOf(answer.interrupted);
}

/** Why a search stopped without an answer, in the CLI's words. */
function budgetWords(
  stopped: 'nodes' | 'time',
  maxNodes: number | undefined,
  timeoutMs: number | undefined,
  nodes: number,
): string {
  const limit = stopped === 'nodes' ? `--max-nodes ${maxNodes}` : `--timeout ${durationWords(timeoutMs!)}`;
  return `budget exhausted (${limit}) after ${plural(nodes, 'node')}: neither a layout nor a proof that none exists`;
}

interface UniformPlaced {
  total?: bigint;
  layouts: FleetLayout[];
  interrupted?: boolean;
}

/**
 * Exactly uniform layouts (src/fleet/uniform.ts: rejection first, the exact counts when it stalls), after a
 * quick look for a proof that none exists. Ctrl-C during the draws: the layouts drawn so far, if any, else exit
 * 130 at once.
 */
async function uniformPlace(
  spec: FleetSpec,
  seed: number,
  n: number,
  out: Output,
  label: string,
  inWorker: boolean,
): Promise<UniformPlaced> {
  const quick = await runJob(out, 'fleet.place', [spec, {}], { maxNodes: 100_000, label, inWorker });
  if (!quick.finished && quick.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  if (quick.finished && !quick.value.exists) return { total: 0n, layouts: [] };
  const o = await runJob(out, 'fleet.uniform', [spec, seed, n], { label, inWorker });
  if (!o.finished && o.stopped === 'signal' && (o.partial?.layouts.length ?? 0) > 0)
    return { layouts: o.partial!.layouts, interrupted: true };
  return uniformWords(answerOf(o));
}

export async function count(args: Parsed, out: Output): Promise<number> {
  const { board: boardText, rest } = boardAndRest(args, 'fleet count');
  noMoreThan(rest, 0, 'fleet count');
  const spec = await fleetSpecFromArgs(args, boardText);
  const p = fleetProblem(spec);
  const timeoutMs = duration(args, 'timeout');
  const queueText = str(args, 'queue');
  const checkpoint = str(args, 'checkpoint');
  const shards = int(args, 'shards', 1, 1_000_000);
  if (queueText !== undefined || checkpoint !== undefined || shards !== undefined) {
    const queue = queueText === undefined ? undefined : parseQueueAddress(queueText, 'fleet count');
    const sc = shardLayoutCount(layoutCountQuestion(p), shards ?? DEFAULT_SHARDS);
    const { countFleetSharded } = await import('./fleet-count-shards.js');
    return countFleetSharded(out, p, sc, { queue, checkpoint, timeoutMs });
  }
  const t0 = performance.now();
  const label = `fleet count ${p.width}x${p.height}`;
  const w = watched(out);
  const outcome = await runJob(w.out, 'fleet.count', [spec, {}], {
    timeoutMs,
    label,
    inWorker: p.width * p.height > COUNT_WORKER_CELLS,
  });
  const seconds = secondsSince(t0);
  if (!outcome.finished)
    return unfinishedCount(p, out, outcome.stopped, { timeoutMs }, w.last(), outcome.nodes, seconds);
  const total = outcome.value;
  if (isTooLarge(total)) throw new GridbitsError('LIMIT', `too large to count exactly: ${total.reason}`);
  if (out.json) {
    out.printJson({ count: total.toString(), ...problemJson(p), seconds });
    return 0;
  }
  out.print(`${plural(total, 'layout')} of ${fleetText(p)} on ${p.width}x${p.height} (${secondsWords(seconds)})`);
  return 0;
}

/** The problem a layout's JSON carries (fleet place --json prints it: problemJson), each part where it is given. */
interface JsonProblem {
  ships?: string[];
  touch?: Touch;
  mirror?: boolean;
  forbidden?: string[];
}

/** The problem in a layout's JSON (`kinds`, `touch`, `mirror`, `forbidden`), checked part by part. */
function problemFromJson(d: Record<string, unknown>): JsonProblem {
  const bad = (what: string): never => {
    throw new GridbitsError('BAD_INPUT', `the layout JSON's "${what}" is not as fleet place --json writes it`);
  };
  const p: JsonProblem = {};
  if (d.kinds !== undefined) {
    if (!Array.isArray(d.kinds)) bad('kinds');
    p.ships = (d.kinds as unknown[]).flatMap((k) => {
      const { name, count } = (k ?? {}) as { name?: unknown; count?: unknown };
      if (
        typeof name !== 'string' ||
        !Number.isSafeInteger(count) ||
        (count as number) < 1 ||
        (count as number) > 10_000
      )
        return bad('kinds');
      return new Array<string>(count as number).fill(name);
    });
  }
  if (d.touch !== undefined) p.touch = parseTouch(typeof d.touch === 'string' ? d.touch : bad('touch'));
  if (d.mirror !== undefined) p.mirror = typeof d.mirror === 'boolean' ? d.mirror : bad('mirror');
  if (d.forbidden !== undefined) {
    if (!Array.isArray(d.forbidden) || d.forbidden.some((s) => typeof s !== 'string')) bad('forbidden');
    p.forbidden = d.forbidden as string[];
  }
  return p;
}

/**
 * The problem to check a JSON layout against: the layout's own (its kinds, touch rule, mirroring, forbidden cells),
 * each part overridden by the flags that give it.
 */
function withJsonProblem(args: Parsed, spec: FleetSpec, own: JsonProblem, board: Board): FleetSpec {
  const shipsGiven = str(args, 'fleet') !== undefined || args.values.ship !== undefined;
  const forbidGiven = args.values.forbid !== undefined || str(args, 'mask') !== undefined;
  return {
    ...spec,
    ...(!shipsGiven && own.ships !== undefined ? { fleet: undefined, ships: own.ships } : {}),
    touch: str(args, 'touch') === undefined ? (own.touch ?? spec.touch) : spec.touch,
    mirror: spec.mirror === true || own.mirror === true,
    ...(!forbidGiven && own.forbidden !== undefined ? { forbidden: parseForbidList(board, own.forbidden) } : {}),
  };
}

/** A layout given as `fleet place --json` prints it: square names, one layout or several, and its problem. */
function layoutsFromJson(
  text: string,
  given: Board | undefined,
): { board: Board; grids: ParsedLayoutGrid[]; problem: JsonProblem } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `the layout is not valid JSON: ${(e as Error).message}`);
  }
  const d = doc as {
    exists?: unknown;
    board?: { width?: unknown; height?: unknown };
    ships?: unknown;
    layouts?: unknown;
  };
  if (d === null || typeof d !== 'object') throw new GridbitsError('BAD_INPUT', 'the layout JSON is not an object');
  if (d.exists === false || d.exists === null)
    throw new GridbitsError('BAD_INPUT', 'the layout JSON holds no layout (exists is not true)');
  let board = given;
  if (d.board && typeof d.board === 'object' && Number.isInteger(d.board.width) && Number.isInteger(d.board.height)) {
    const own = parseFleetBoard(`${d.board.width as number}x${d.board.height as number}`);
    if (given && (given.width !== own.width || given.height !== own.height))
      throw new GridbitsError(
        'BAD_INPUT',
        `the layout is ${own.width}x${own.height}, the board ${given.width}x${given.height}`,
      );
    board = own;
  }
  board ??= Board.of(10, 10);
  const b = board;
  const lists = Array.isArray(d.layouts) ? (d.layouts as Array<{ ships?: unknown }>).map((l) => l?.ships) : [d.ships];
  const grids = lists.map((ships, i) => {
    const which = lists.length === 1 ? 'the layout' : `layout ${i + 1}`;
    if (!Array.isArray(ships)) throw new GridbitsError('BAD_INPUT', `${which} has no "ships" list`);
    const cells = new Uint8Array(b.cells);
    for (const s of ships as Array<{ cells?: unknown }>) {
      if (!Array.isArray(s?.cells)) throw new GridbitsError('BAD_INPUT', `${which}: a ship without a "cells" list`);
      for (const name of s.cells as unknown[]) {
        if (typeof name !== 'string')
          throw new GridbitsError('BAD_INPUT', `${which}: a cell that is not a square name`);
        cells[b.parse(name)] = 1;
      }
    }
    return { width: b.width, height: b.height, ships: cells };
  });
  return { board: b, grids, problem: problemFromJson(d as Record<string, unknown>) };
}

export async function check(args: Parsed, out: Output): Promise<number> {
  const { board: boardText, rest } = boardAndRest(args, 'fleet check');
  noMoreThan(rest, 1, 'fleet check');
  const [file] = rest;
  if (file === undefined && process.stdin.isTTY)
    throw new GridbitsError('BAD_ARGUMENT', 'fleet check: give a layout file, or - for standard input');
  const text = stripVTControlCharacters(await readTextArg(file ?? '-', 'the layout'));
  const sized = boardText !== undefined || str(args, 'mask') !== undefined;
  let p: FleetProblem;
  let grids: ParsedLayoutGrid[];
  if (text.trimStart().startsWith('{')) {
    const sizedBy = sized ? await fleetProblemFromArgs(args, 'fleet check', boardText) : undefined;
    const r = layoutsFromJson(text, sizedBy && Board.of(sizedBy.width, sizedBy.height));
    const spec = await fleetSpecFromArgs(args, `${r.board.width}x${r.board.height}`);
    p = fleetProblem(withJsonProblem(args, spec, r.problem, r.board));
    grids = r.grids;
  } else if (sized) {
    p = await fleetProblemFromArgs(args, 'fleet check', boardText);
    grids = parseLayoutGrids(text, p.width, p.height);
  } else {
    // Without --board the layout's own size is the board.
    grids = parseLayoutGrids(text);
    const { width, height } = grids[0];
    if (grids.some((g) => g.width !== width || g.height !== height))
      throw new GridbitsError('BAD_INPUT', `the layouts differ in size (${width}x${height} first): give --board`);
    p = await fleetProblemFromArgs(args, 'fleet check', `${width}x${height}`);
  }
  const results = grids.map((g) => checkFleetCells(p, g.ships));
  const one = (r: (typeof results)[number]): Record<string, unknown> => ({
    valid: r.valid,
    errors: r.errors,
    ...(r.ships ? layoutJson(p, { ships: r.ships }) : {}),
  });
  if (results.length === 1) {
    if (out.json) out.printJson({ ...one(results[0]), board: { width: p.width, height: p.height } });
    else
      out.print(
        results[0].valid
          ? `valid: ${fleetText(p)}`
          : ['not valid:', ...results[0].errors.map((e) => `  ${e}`)].join('\n'),
      );
    return checkedExit(results[0].valid);
  }
  const valid = results.filter((r) => r.valid).length;
  if (out.json) {
    const errors = results.flatMap((r, i) => r.errors.map((e) => `layout ${i + 1}: ${e}`));
    out.printJson({
      valid: valid === results.length,
      errors,
      layouts: results.map(one),
      board: { width: p.width, height: p.height },
    });
    return checkedExit(valid === results.length);
  }
  const lines = results.flatMap((r, i) =>
    r.valid ? [`layout ${i + 1}: valid`] : [`layout ${i + 1}: not valid:`, ...r.errors.map((e) => `  ${e}`)],
  );
  out.print([...lines, `${thousands(valid)} of ${plural(results.length, 'layout')} valid: ${fleetText(p)}`].join('\n'));
  return checkedExit(valid === results.length);
}
