// The `fleet heat`, `fleet play` and `fleet sim` subcommands: probability maps from a shot record, a game
// against the computer in the terminal, and the hunting AI's shot distribution over many games.
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { createRng } from '../core/prng.js';
import { createHunter, HUNTER_STRATEGIES, type HunterStrategy } from '../fleet/ai.js';
import { emptyKnowledge, FleetGame, HIT, MISS, SUNK, type ShotResult } from '../fleet/game.js';
import { heatMap, type HeatMethod } from '../fleet/heat.js';
import { checkFleetLayout, parseLayoutGrid } from '../fleet/check.js';
import type { FleetLayout, FleetProblem } from '../fleet/problem.js';
import { uniformLayoutSource, uniformLayouts } from '../fleet/uniform.js';
import { parseShots } from '../fleet/shots.js';
import { simulate, type SimResult } from '../fleet/sim.js';
import { drawGrid } from '../render/ascii.js';
import { int, noMoreThan, str, type Flag, type Parsed } from './command.js';
import { interruptible, readTextArg } from './io.js';
import type { FleetSubcommand } from './fleet.js';
import type { Output } from './output.js';

// fleet.ts imports this file for its table, so its helpers are loaded when a subcommand runs, not at load time.
const fleetCli = (): Promise<typeof import('./fleet.js')> => import('./fleet.js');


function noExtra(args: Parsed, name: string): void {
  noMoreThan(args.positionals, 0, `fleet ${name}`);
}

function hunterOf(args: Parsed): HunterStrategy {
  const h = str(args, 'hunter') ?? 'lattice';
  if (!(HUNTER_STRATEGIES as readonly string[]).includes(h)) throw new GridbitsError('BAD_ARGUMENT', `--hunter must be one of ${HUNTER_STRATEGIES.join(', ')}, got '${h}'`);
  return h as HunterStrategy;
}


const MARK_TEXT = ['.', 'o', 'x', '#'];

/** Per cent, 3 characters wide at most: '100', '42', '5.3', '0'. */
function percent(p: number): string {
  const v = p * 100;
  return v >= 9.95 || v === 0 ? String(Math.round(v)) : v.toFixed(1);
}

async function heat(args: Parsed, out: Output): Promise<void> {
  noExtra(args, 'heat');
  const { fleetProblemFromArgs, answerOf } = await fleetCli();
  const p = fleetProblemFromArgs(args);
  const board = Board.of(p.width, p.height);
  const shots = str(args, 'shots');
  const k = shots === undefined ? emptyKnowledge(p) : parseShots(p, readTextArg(shots, 'the shots file'));
  const method = (str(args, 'method') ?? 'auto') as HeatMethod;
  if (!['auto', 'exact', 'sampled'].includes(method)) throw new GridbitsError('BAD_ARGUMENT', `fleet heat: --method must be auto, exact or sampled, got '${method}'`);
  const samples = int(args, 'samples', 1, 10_000_000) ?? 10_000;
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? 1;
  const timeoutMs = int(args, 'timeout', 1, 2 ** 31 - 1);
  const h = await interruptible(out, async (signal) => {
    try {
      const o = await heatMap(p, k, { method, samples, seed, timeoutMs, signal, onProgress: (pr) => out.progress(`fleet heat: ${Math.floor(pr.done)} of ${pr.total ?? '?'} ${pr.unit ?? ''}`) });
      return answerOf(o, () =>
        method === 'exact' ? `the count did not finish within the time limit (${timeoutMs} ms)` : `sampled heat: time limit reached after ${o.finished ? samples : (o.partial?.samples ?? 0)} of ${samples} layouts`,
      );
    } catch (e) {
      // The exact method's limits (the time, the count's table cap) say which method to try instead.
      if (method !== 'exact' || !(e instanceof GridbitsError) || e.code !== 'LIMIT') throw e;
      throw new GridbitsError('LIMIT', `exact heat: ${e.message}; try the sampled method`);
    }
  });
  const byName = <T>(f: (sq: number) => T): Record<string, T> => Object.fromEntries(Array.from({ length: board.cells }, (_, sq) => [board.name(sq), f(sq)]));
  if (out.json) {
    out.printJson({
      method: h.method,
      consistent: h.consistent,
      ...(h.total !== undefined ? { total: h.total.toString() } : {}),
      ...(h.samples !== undefined ? { samples: h.samples, seed, confidence: 0.95, acceptance: h.acceptance } : {}),
      cells: byName((sq) => h.probability[sq]),
      ...(h.counts ? { counts: byName((sq) => h.counts![sq].toString()) } : {}),
      ...(h.low && h.high ? { intervals: byName((sq) => [h.low![sq], h.high![sq]]) } : {}),
    });
    return;
  }
  const c = out.paint;
  let max = 0;
  for (let sq = 0; sq < board.cells; sq++) if (k.marks[sq] === 0 && !p.forbidden[sq]) max = Math.max(max, h.probability[sq]);
  const shade = (sq: number, t: string): string => {
    if (p.forbidden[sq] && k.marks[sq] === 0) return c.dim(t);
    if (k.marks[sq] === MISS) return c.dim(t);
    if (k.marks[sq] === HIT) return c.bold(c.red(t));
    if (k.marks[sq] === SUNK) return c.red(t);
    const x = max > 0 ? h.probability[sq] / max : 0;
    return x === 0 ? c.dim(t) : x < 0.25 ? c.blue(t) : x < 0.5 ? c.cyan(t) : x < 0.75 ? c.green(t) : c.bold(c.yellow(t));
  };
  out.print(drawGrid(board, (sq) => (k.marks[sq] !== 0 ? MARK_TEXT[k.marks[sq]] : p.forbidden[sq] ? '-' : percent(h.probability[sq])), { paint: shade }));
  if (!h.consistent) out.print('no layout matches these shots');
  else if (h.method === 'exact') out.print(`exact: ${h.total} layouts match; per cent chance of a ship (o miss, x hit, # sunk)`);
  else {
    let half = 0;
    for (let sq = 0; sq < board.cells; sq++) half = Math.max(half, (h.high![sq] - h.low![sq]) / 2);
    out.print(`sampled: ${h.samples} uniform layouts (seed ${seed}); 95% Wilson intervals within ±${(half * 100).toFixed(1)} points; per cent chance of a ship (o miss, x hit, # sunk)`);
  }
  let best = -1;
  for (let sq = 0; sq < board.cells; sq++) if (k.marks[sq] === 0 && !p.forbidden[sq] && (best < 0 || h.probability[sq] > h.probability[best])) best = sq;
  if (best >= 0 && h.consistent) out.print(`likeliest cell: ${board.name(best)} (${percent(h.probability[best])}%)`);
}

async function sim(args: Parsed, out: Output): Promise<void> {
  noExtra(args, 'sim');
  const { fleetProblemFromArgs } = await fleetCli();
  const p = fleetProblemFromArgs(args);
  const games = int(args, 'games', 1, 100_000_000) ?? 1000;
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? 1;
  const strategy = hunterOf(args);
  const samples = int(args, 'hunter-samples', 1, 1_000_000);
  const timeoutMs = int(args, 'timeout', 1, 2 ** 31 - 1);
  const t0 = Date.now();
  const { answerOf } = await fleetCli();
  const r: SimResult & { stopped?: 'time' } = await interruptible(out, async (signal) => {
    const layouts = answerOf(await uniformLayoutSource(p, { signal, onProgress: (pr) => out.progress(`preparing uniform layouts: ${Math.floor(pr.done)} of ${pr.total ?? '?'} ${pr.unit ?? ''}`) }));
    const o = await simulate(p, { games, seed, layouts, signal, timeoutMs, hunter: { strategy, samples }, onProgress: (pr) => out.progress(`fleet sim: ${pr.done} of ${games} games`) });
    // Out of time: the games played so far are the answer, said to be cut short.
    if (!o.finished && o.stopped === 'time') return { ...o.partial!, stopped: 'time' as const };
    return answerOf(o);
  });
  const head = { board: `${p.width}x${p.height}`, fleet: p.kinds.map((kd) => (kd.count > 1 ? `${kd.count}×${kd.name}` : kd.name)).join(' '), touch: p.touch, hunter: strategy };
  if (out.json) {
    const cut = r.stopped ? { stopped: r.stopped, gamesRequested: r.requested } : {};
    out.printJson({ games: r.games, seed, ...head, mean: r.mean, median: r.median, min: r.min, max: r.max, histogram: r.histogram, ...cut, ms: Date.now() - t0 });
    return;
  }
  const top = Math.max(...Object.values(r.histogram));
  const c = out.paint;
  for (const [shots, n] of Object.entries(r.histogram)) out.print(`${shots.padStart(4)} ${c.cyan('█'.repeat(Math.max(1, Math.round((40 * n) / top))))} ${n}`);
  out.print(`${r.games} games (${head.fleet}, touch ${p.touch}, ${head.board}; hunter ${strategy}, seed ${seed}): mean ${r.mean.toFixed(2)}, median ${r.median}, min ${r.min}, max ${r.max} shots`);
  if (r.stopped) out.print(`stopped by the time limit after ${r.games} of the ${r.requested} games asked for`);
}

/** The player's own fleet from a layout grid ('#' ships), split into the fleet's ships. */
function layoutFromFile(p: FleetProblem, file: string): FleetLayout {
  const grid = parseLayoutGrid(readTextArg(file, 'the layout'), p.width, p.height);
  const r = checkFleetLayout(p, grid.ships);
  if (!r.valid || !r.ships) throw new GridbitsError('BAD_INPUT', `fleet play: your layout is not valid: ${r.errors[0] ?? 'unknown reason'}`);
  return { ships: r.ships };
}

/** Two drawings side by side; padding counts visible characters only (colours add escape codes). */
function sideBySide(left: string, right: string, gap = 6): string {
  const visible = (s: string): number => stripVTControlCharacters(s).length;
  const a = left.split('\n'), b = right.split('\n');
  const width = Math.max(...a.map(visible));
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (a[i] ?? '') + ' '.repeat(width - visible(a[i] ?? '') + gap) + (b[i] ?? '')).join('\n');
}

function replyText(board: Board, p: FleetProblem, r: ShotResult): string {
  if (r.reply !== 'sunk') return r.reply;
  const cells = r.ship!.cells;
  return `sunk — the ${p.kinds[r.ship!.kind].name}-ship on ${board.name(cells[0])}${cells.length > 1 ? `–${board.name(cells[cells.length - 1])}` : ''}`;
}

async function play(args: Parsed, out: Output): Promise<number> {
  noExtra(args, 'play');
  const { fleetProblemFromArgs } = await fleetCli();
  const p = fleetProblemFromArgs(args);
  const board = Board.of(p.width, p.height);
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? Math.floor(Date.now() % 2 ** 31);
  const hunter = createHunter(p, { strategy: hunterOf(args) });
  const rng = createRng(seed);
  const layoutFile = str(args, 'layout');
  const { answerOf } = await fleetCli();
  const drawn = answerOf(await interruptible(out, (signal) => uniformLayouts(p, rng, layoutFile === undefined ? 2 : 1, { signal })));
  if (drawn.layouts.length === 0) throw new GridbitsError('BAD_INPUT', 'no layout of this fleet fits the field');
  const mine = new FleetGame(p, drawn.layouts[0]); // the computer's fleet, which the human shoots at
  const theirs = new FleetGame(p, layoutFile === undefined ? drawn.layouts[1] : layoutFromFile(p, layoutFile)); // the human's fleet
  const moves: Array<{ by: 'you' | 'computer'; square: string; reply: string; ship?: string[] }> = [];
  const c = out.paint;
  const piped = !process.stdin.isTTY;
  const say = (text: string): void => {
    if (!out.json) out.print(text);
  };
  const draw = (): void => {
    if (out.json) return;
    const own = new Uint8Array(board.cells);
    for (const s of theirs.layout.ships) for (const sq of s.cells) own[sq] = 1;
    const left = drawGrid(board, (sq) => (theirs.knowledge.marks[sq] !== 0 ? MARK_TEXT[theirs.knowledge.marks[sq]] : p.forbidden[sq] ? '-' : own[sq] ? 'S' : '.'), {
      paint: (sq, t) => (theirs.knowledge.marks[sq] >= HIT ? c.bold(c.red(t)) : own[sq] ? c.cyan(t) : c.dim(t)),
    });
    const right = drawGrid(board, (sq) => (p.forbidden[sq] && mine.knowledge.marks[sq] === 0 ? '-' : MARK_TEXT[mine.knowledge.marks[sq]]), {
      paint: (sq, t) => (mine.knowledge.marks[sq] >= HIT ? c.bold(c.yellow(t)) : mine.knowledge.marks[sq] === MISS ? c.blue(t) : c.dim(t)),
    });
    out.print(sideBySide(`your fleet (S ship, x hit, o miss)\n${left}`, `your shots at the computer\n${right}`));
  };
  const finish = (winner: 'you' | 'computer' | null): number => {
    if (out.json) out.printJson({ winner, seed, shots: { you: mine.shots, computer: theirs.shots }, moves });
    else if (winner === null) out.print(`game left unfinished after ${mine.shots} of your shots (seed ${seed})`);
    else out.print(winner === 'you' ? c.bold(c.green(`you win: every ship sunk in ${mine.shots} shots (seed ${seed})`)) : c.bold(c.red(`the computer wins in ${theirs.shots} shots (seed ${seed})`)));
    return 0;
  };
  say(`Sea Battle on ${board}: ${p.kinds.map((k) => (k.count > 1 ? `${k.count}×${k.name}` : k.name)).join(' ')}, touch ${p.touch}. You shoot first; type a square like ${board.name(0)}, or 'quit'.`);
  draw();
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (!out.json) process.stdout.write('your shot: ');
      const next = await lines.next();
      if (next.done) {
        say('');
        return finish(null);
      }
      const text = next.value.trim();
      if (piped && !out.json) out.print(text);
      if (text === '') continue;
      if (/^(q|quit|exit)$/i.test(text)) return finish(null);
      let sq: number;
      try {
        sq = board.parse(text);
      } catch (e) {
        say(`${(e as Error).message}; try again`);
        continue;
      }
      if (!mine.canShoot(sq)) {
        say(`${board.name(sq)} ${p.forbidden[sq] ? 'is outside the field' : 'has been shot already'}; try again`);
        continue;
      }
      const r = mine.shoot(sq);
      moves.push({ by: 'you', square: board.name(sq), reply: r.reply, ...(r.ship ? { ship: r.ship.cells.map((x) => board.name(x)) } : {}) });
      say(`you fire at ${board.name(sq)}: ${replyText(board, p, r)}`);
      if (mine.over) {
        draw();
        return finish('you');
      }
      const target = hunter.choose(theirs.knowledge, rng);
      const rc = theirs.shoot(target);
      moves.push({ by: 'computer', square: board.name(target), reply: rc.reply, ...(rc.ship ? { ship: rc.ship.cells.map((x) => board.name(x)) } : {}) });
      say(`the computer fires at ${board.name(target)}: ${replyText(board, p, rc)}`);
      draw();
      if (theirs.over) return finish('computer');
    }
  } finally {
    rl.close();
  }
}

export const FLEET_PLAY_FLAGS: Record<string, Flag> = {
  shots: {
    type: 'string',
    value: 'FILE',
    help: "heat: the shots so far — a grid, top row first ('.' not shot, 'o' miss, 'x' hit, '#' sunk ship), or lines in firing order: 'e5 miss', 'e6 hit', 'e7 sunk [its cells]'",
  },
  hunter: { type: 'string', value: 'H', help: `play, sim: the computer's hunter, ${HUNTER_STRATEGIES.join(', ')} (default lattice)` },
  'hunter-samples': { type: 'string', value: 'N', help: 'sim: weighted samples per shot of the posterior hunter (default 400)' },
  games: { type: 'string', value: 'N', help: 'sim: games to play (default 1000)' },
  layout: { type: 'string', value: 'FILE', help: "play: your fleet as a grid ('#' ships), instead of a uniform random one" },
  seed: { type: 'string', value: 'N', help: 'seed of the random choices' },
  timeout: {
    type: 'string',
    value: 'MS',
    help: 'time limit in milliseconds: place (rails, search), count and heat say when they did not finish in time (heat auto samples when the exact count is too slow); sim answers for the games played',
  },
};

/** The subcommands, for fleet.ts's table. */
export const FLEET_PLAY_SUBCOMMANDS: Record<string, FleetSubcommand> = {
  heat: {
    usage: 'fleet heat [problem flags] [--shots FILE] [--method auto|exact|sampled] [--samples N] [--seed N] [--timeout MS] [--json]',
    summary: 'the chance each cell holds a ship, given the shots so far (exact by counting, or sampled with 95% intervals)',
    flags: {
      shots: FLEET_PLAY_FLAGS.shots,
      method: { type: 'string', value: 'M', help: 'heat: auto (exact if the count finishes within 5 s, else sampled), exact or sampled' },
      samples: { type: 'string', value: 'N', help: 'layouts to draw (place: that many layouts; heat: sampled method, default 10000)' },
      seed: FLEET_PLAY_FLAGS.seed,
      timeout: FLEET_PLAY_FLAGS.timeout,
    },
    run: heat,
  },
  play: {
    usage: 'fleet play [problem flags] [--seed N] [--layout FILE] [--hunter H] [--json]',
    summary: 'play against the computer in the terminal (it places uniformly and hunts with the heat map)',
    flags: { layout: FLEET_PLAY_FLAGS.layout, hunter: FLEET_PLAY_FLAGS.hunter, seed: FLEET_PLAY_FLAGS.seed },
    run: play,
  },
  sim: {
    usage: 'fleet sim [problem flags] --games N --seed S [--hunter H] [--timeout MS] [--json]',
    summary: "the hunter against uniform layouts: the distribution of shots it needs (mean, median, max, histogram)",
    flags: {
      games: FLEET_PLAY_FLAGS.games,
      hunter: FLEET_PLAY_FLAGS.hunter,
      'hunter-samples': FLEET_PLAY_FLAGS['hunter-samples'],
      seed: FLEET_PLAY_FLAGS.seed,
      timeout: FLEET_PLAY_FLAGS.timeout,
    },
    run: sim,
  },
};
