// CLI command `fleet`: Sea Battle — `fleet place`, `fleet count`, `fleet check` (and further subcommands in the table).
import { randomInt } from 'node:crypto';
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import type { Outcome } from '../core/job.js';
import { createRng, type Rng } from '../core/prng.js';
import { checkFleetLayout, parseLayoutGrid } from '../fleet/check.js';
import { countLayouts } from '../fleet/count.js';
import { uniformLayouts } from '../fleet/uniform.js';
import { FLEETS, fleetProblem, parseTouch } from '../fleet/fleets.js';
import { FLEET_MAX_SIDE, mergeForbidden, parseFleetBoard, parseForbidList, parseMask } from '../fleet/field.js';
import { FleetPlacer, type PlaceMethod } from '../fleet/place.js';
import type { FleetLayout, FleetProblem } from '../fleet/problem.js';
import { drawGrid } from '../render/ascii.js';
import { bool, int, list, noMoreThan, str, type Command, type Flag, type Parsed } from './command.js';
import { interruptible, readTextArg } from './io.js';
import type { Output } from './output.js';
import { FLEET_PLAY_FLAGS, FLEET_PLAY_SUBCOMMANDS } from './fleet-play.js';

/** One `fleet` subcommand: its usage, summary, the flags it reads beside the problem flags, and its work. */
export interface FleetSubcommand {
  usage: string;
  summary: string;
  flags?: Record<string, Flag>;
  run(args: Parsed, out: Output): Promise<number | void> | number | void;
}

/** The flags that describe a problem, shared by every subcommand that reads one. */
export const FLEET_PROBLEM_FLAGS: Record<string, Flag> = {
  board: { type: 'string', value: 'WxH', help: `the field, each side 1..${FLEET_MAX_SIDE} (default 10x10, or the mask's size)` },
  fleet: { type: 'string', value: 'F', help: `${Object.keys(FLEETS).join(', ')} or ship lengths like 4,3,3,2` },
  ship: { type: 'string', value: 'SHAPE', multiple: true, help: "one more ship: a length or a shape, rows top to bottom joined by '/', '#' ship (repeatable)" },
  touch: { type: 'string', value: 'T', help: "none (not even corners), corner or any (default: the named fleet's tradition, else none)" },
  forbid: { type: 'string', value: 'SQ,…', multiple: true, help: 'cells no ship may use' },
  mask: { type: 'string', value: 'FILE', help: "an ASCII mask of the field, top row first, '#' forbidden, '.' free" },
  mirror: { type: 'boolean', help: 'shapes may also be mirrored (by default only turned)' },
};


/** The problem the flags describe (board, fleet, extra ships, touch rule, forbidden cells, mirroring). */
export function fleetProblemFromArgs(args: Parsed): FleetProblem {
  const boardText = str(args, 'board');
  const maskFile = str(args, 'mask');
  const mask = maskFile === undefined ? undefined : parseMask(readTextArg(maskFile, 'the mask'), boardText === undefined ? undefined : parseFleetBoard(boardText));
  const board = boardText !== undefined ? parseFleetBoard(boardText) : mask ? Board.of(mask.width, mask.height) : Board.of(10, 10);
  let forbidden = parseForbidList(board, list(args, 'forbid'));
  if (mask) {
    try {
      forbidden = mergeForbidden(board, forbidden, mask.forbidden);
    } catch (e) {
      // The CLI names its own flag for the list.
      if (e instanceof GridbitsError) throw new GridbitsError(e.code, e.message.replace('(in the list and', '(in --forbid and'));
      throw e;
    }
  }
  const touchText = str(args, 'touch');
  const fleet = str(args, 'fleet');
  const ships = args.values.ship === undefined ? [] : (args.values.ship as string[]);
  return fleetProblem({
    width: board.width,
    height: board.height,
    fleet: fleet === undefined && ships.length === 0 ? 'classic' : fleet,
    ships,
    touch: touchText === undefined ? undefined : parseTouch(touchText),
    mirror: bool(args, 'mirror'),
    forbidden,
  });
}

/**
 * An outcome's answer for the CLI: Ctrl-C (the signal) throws ABORTED, which main.ts turns into exit 130; a
 * spent limit throws LIMIT in the CLI's words.
 */
export function answerOf<T>(outcome: Outcome<T, unknown>, limit: (stopped: 'nodes' | 'time') => string = () => 'stopped by its limit'): T {
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  throw new GridbitsError('LIMIT', limit(outcome.stopped));
}

/** A layout for JSON: ships with square names, kind names. */
function layoutJson(p: FleetProblem, layout: FleetLayout): { ships: Array<{ kind: string; cells: string[] }> } {
  const board = Board.of(p.width, p.height);
  return { ships: layout.ships.map((s) => ({ kind: p.kinds[s.kind].name, cells: s.cells.map((c) => board.name(c)) })) };
}

/** The field drawn: '#' ship cells, 'x' forbidden cells, '.' water. */
export function drawLayout(p: FleetProblem, layout: FleetLayout | null, out: Output): string {
  const board = Board.of(p.width, p.height);
  const ship = new Uint8Array(board.cells);
  if (layout) for (const s of layout.ships) for (const c of s.cells) ship[c] = 1;
  const c = out.paint;
  return drawGrid(board, (s) => (ship[s] ? '#' : p.forbidden[s] ? 'x' : '.'), {
    paint: (s, t) => (ship[s] ? c.bold(c.cyan(t)) : p.forbidden[s] ? c.red(t) : c.dim(t)),
  });
}

/** The fleet in words: "ships 4, 3, 3, 2, …; touch none" (a kind with many ships as "300 × 3"). */
function fleetText(p: FleetProblem): string {
  const ships = p.kinds.flatMap((k) => (k.count > 4 ? [`${k.count} × ${k.name}`] : new Array<string>(k.count).fill(k.name)));
  return `ships ${ships.join(', ')}; touch ${p.touch}`;
}


const METHODS = ['uniform', 'rails', 'search'] as const;

async function place(args: Parsed, out: Output): Promise<void> {
  noMoreThan(args.positionals, 0, 'fleet place');
  const p = fleetProblemFromArgs(args);
  const methodText = str(args, 'method') ?? 'uniform';
  if (!(METHODS as readonly string[]).includes(methodText)) throw new GridbitsError('BAD_ARGUMENT', `fleet place: --method must be one of ${METHODS.join(', ')}, got '${methodText}'`);
  const method = methodText as (typeof METHODS)[number];
  const samples = int(args, 'samples', 1, 1_000_000);
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? randomInt(0, 2 ** 31);
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const timeoutMs = int(args, 'timeout', 1, 2 ** 31 - 1);
  const rng = createRng(seed);
  const n = samples ?? 1;
  const layouts: FleetLayout[] = [];
  let answer: { exists: boolean | null; reason?: string; nodes?: number; total?: bigint };
  if (method === 'uniform') {
    const r = await uniformPlace(p, rng, n, out);
    layouts.push(...r.layouts);
    answer = r.total === 0n ? { exists: false, reason: 'no layout exists (the exact count is 0)', total: 0n } : { exists: true, total: r.total };
  } else {
    answer = await interruptible(out, async (signal) => {
      const placer = new FleetPlacer(p);
      let nodes = 0;
      for (let i = 0; i < n; i++) {
        const o = await placer.place({
          method: method as PlaceMethod,
          rng,
          signal,
          maxNodes,
          timeoutMs,
          onProgress: (pr) => out.progress(`fleet place: ${i} of ${n} layouts, ${pr.done} nodes`),
        });
        if (!o.finished) {
          if (o.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
          const limit = o.stopped === 'nodes' ? `--max-nodes ${maxNodes}` : `--timeout ${timeoutMs} ms`;
          return { exists: null, nodes: nodes + o.nodes, reason: `budget exhausted (${limit}) after ${o.nodes} nodes: neither a layout nor a proof that none exists` };
        }
        const r = o.value;
        nodes += r.nodes;
        if (!r.exists) return { exists: false, reason: r.reason, nodes };
        layouts.push(r.layout);
      }
      return { exists: true, nodes };
    });
  }
  const head = { method, seed, ...(answer.nodes !== undefined ? { nodes: answer.nodes } : {}), ...(answer.total !== undefined ? { layoutsInAll: answer.total.toString() } : {}) };
  if (answer.exists !== true) {
    if (out.json) out.printJson({ exists: answer.exists, reason: answer.reason, ...head });
    else out.print(`no layout of ${fleetText(p)} on ${p.width}x${p.height}${answer.exists === null ? ' found' : ''}: ${answer.reason}`);
    return;
  }
  if (out.json) {
    if (samples === undefined) out.printJson({ exists: true, ...layoutJson(p, layouts[0]), ...head });
    else out.printJson({ exists: true, layouts: layouts.map((l) => layoutJson(p, l)), ...head });
    return;
  }
  for (const l of layouts) out.print(drawLayout(p, l, out) + '\n');
  out.print(`${fleetText(p)}; method ${method}, seed ${seed}`);
}

/**
 * Exactly uniform layouts (src/fleet/uniform.ts: rejection first, the exact counts when it stalls), after a
 * quick look for a proof that none exists.
 */
async function uniformPlace(p: FleetProblem, rng: Rng, n: number, out: Output): Promise<{ total?: bigint; layouts: FleetLayout[] }> {
  const quick = new FleetPlacer(p).placeSync({ maxNodes: 100_000 });
  if (quick.finished && !quick.value.exists) return { total: 0n, layouts: [] };
  return answerOf(
    await interruptible(out, (signal) =>
      uniformLayouts(p, rng, n, { signal, onProgress: (pr) => out.progress(`fleet place: ${pr.done} of ${pr.total ?? '?'} ${pr.unit ?? ''}`) }),
    ),
  );
}

async function count(args: Parsed, out: Output): Promise<void> {
  noMoreThan(args.positionals, 0, 'fleet count');
  const p = fleetProblemFromArgs(args);
  const timeoutMs = int(args, 'timeout', 1, 2 ** 31 - 1);
  const t0 = performance.now();
  const outcome = await interruptible(out, (signal) =>
    countLayouts(p, { signal, timeoutMs, onProgress: (pr) => out.progress(`fleet count: ${Math.floor(pr.done)} of ${pr.total ?? '?'} ${pr.unit ?? ''}`) }),
  );
  const total = answerOf(outcome, () => `the count did not finish within the time limit (${timeoutMs} ms)`);
  const ms = performance.now() - t0;
  if (out.json) {
    out.printJson({ count: total.toString(), board: { width: p.width, height: p.height }, touch: p.touch, kinds: p.kinds.map((k) => ({ name: k.name, count: k.count })), ms: Math.round(ms) });
    return;
  }
  out.print(`${total} layouts of ${fleetText(p)} on ${p.width}x${p.height} (${(ms / 1000).toFixed(2)} s)`);
}

function check(args: Parsed, out: Output): void {
  const [file] = args.positionals;
  noMoreThan(args.positionals, 1, 'fleet check');
  if (file === undefined && process.stdin.isTTY) throw new GridbitsError('BAD_ARGUMENT', 'fleet check: give a layout file, or - for standard input');
  const text = readTextArg(file ?? '-', 'the layout');
  // Without --board the layout's own size is the board.
  const given = str(args, 'board') === undefined && str(args, 'mask') === undefined ? parseLayoutGrid(text) : undefined;
  const p = fleetProblemFromArgs(given ? { ...args, values: { ...args.values, board: `${given.width}x${given.height}` } } : args);
  const grid = given ?? parseLayoutGrid(text, p.width, p.height);
  const r = checkFleetLayout(p, grid.ships);
  if (out.json) {
    out.printJson({ valid: r.valid, errors: r.errors, ...(r.ships ? layoutJson(p, { ships: r.ships }) : {}) });
    return;
  }
  out.print(r.valid ? `valid: ${fleetText(p)}` : ['not valid:', ...r.errors.map((e) => `  ${e}`)].join('\n'));
}

const SEARCH_FLAGS: Record<string, Flag> = {
  seed: { type: 'string', value: 'N', help: 'seed of the random choices (default: a random one, printed)' },
  'max-nodes': { type: 'string', value: 'N', help: 'search budget in nodes (rails, search)' },
  timeout: FLEET_PLAY_FLAGS.timeout,
};

/** The subcommands; other files add theirs here. */
export const FLEET_SUBCOMMANDS: Record<string, FleetSubcommand> = {
  place: {
    usage: 'fleet place [problem flags] [--seed N] [--method uniform|rails|search] [--samples N] [--json]',
    summary: 'a layout (or N), or a proof that none exists',
    flags: {
      ...SEARCH_FLAGS,
      method: { type: 'string', value: 'M', help: 'uniform (default: every layout equally likely), rails (the shuffled odometer) or search' },
      samples: { type: 'string', value: 'N', help: 'draw N layouts in one run' },
    },
    run: place,
  },
  count: {
    usage: 'fleet count [problem flags] [--timeout MS] [--json]',
    summary: 'the exact number of distinct layouts',
    flags: { timeout: FLEET_PLAY_FLAGS.timeout },
    run: count,
  },
  check: { usage: 'fleet check [problem flags] [FILE|-] [--json]', summary: "is a layout grid valid ('#'/'1' ship, '.'/'0' water, top row first), and every reason if not", run: check },
  ...FLEET_PLAY_SUBCOMMANDS,
};

const FLEET_DETAILS = `Fleets: ${Object.entries(FLEETS).map(([name, f]) => `${name} (${f.lengths.join(',')}; ${f.about})`).join('; ')}.
Ships of one shape are interchangeable: layouts that only swap them are one layout. Shapes turn by quarter
turns; --mirror lets them flip too. A request that is well-formed but impossible is answered exists: false.

Examples:
  gridbits fleet place --board 10x10 --fleet classic --seed 1
  gridbits fleet place --board 5x15 --ship '###/.#./.#.' --ship '##/#.' --touch none --forbid c3,c4 --method rails
  gridbits fleet place --board 6x6 --fleet classic --json        (exists: false)
  gridbits fleet count --board 10x10 --fleet hasbro --json
  gridbits fleet check --board 10x10 --fleet classic layout.txt`;

export const fleetCommand: Command = {
  name: 'fleet',
  usage: 'fleet <subcommand> --board WxH [--fleet F] [--ship SHAPE]... [--touch none|corner|any] [--forbid SQ,…] [--mask FILE] [--mirror] [--json]',
  summary: 'Sea Battle: place fleets of any shape on any field (uniformly at random), count and check layouts.',
  flags: {},
  details: FLEET_DETAILS,
  get subcommands(): Command[] {
    return Object.entries(FLEET_SUBCOMMANDS).map(([name, s]) => ({
      name,
      usage: s.usage,
      summary: s.summary,
      flags: { ...FLEET_PROBLEM_FLAGS, ...s.flags },
      details: FLEET_DETAILS,
      run: s.run,
    }));
  },
};
