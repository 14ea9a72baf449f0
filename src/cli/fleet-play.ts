// The work of `fleet heat`, `fleet play` and `fleet sim` (fleet.ts has their flags and help): probability maps
// from a shot record, a game against the computer in the terminal, and the hunting AI's shot distribution over
// many games.
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural, secondsSince, stopName, stopWords } from './words.js';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { Board } from '../core/board.js';
import { GridbitsError } from '../core/error.js';
import { createRng } from '../core/prng.js';
import { createHunter, HUNTER_STRATEGIES, type HunterStrategy } from '../fleet/ai.js';
import { emptyKnowledge, FleetGame, HIT, MISS, SUNK, type ShotResult } from '../fleet/game.js';
import type { HeatMethod } from '../fleet/heat.js';
import { fleetProblem } from '../fleet/fleets.js';
import { checkFleetCells, parseLayoutGrid } from '../fleet/check.js';
import type { FleetLayout, FleetProblem } from '../fleet/problem.js';
import { parseShots } from '../fleet/shots.js';
import { shipKindName } from '../fleet/names.js';
import { isTooLarge } from '../fleet/memory.js';
import { gameSeeds, type SimResult } from '../fleet/sim.js';
import { drawGrid } from '../render/ascii.js';
import { boardAndRest, duration, int, noMoreThan, str, type Parsed } from './command.js';
import { readTextArg } from './io.js';
import { runJob } from './run-job.js';
import { seedOf } from './seed.js';
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
import type { Output } from './output.js';
import { FORBIDDEN_GLYPH as FORBIDDEN, HEAT_METHODS } from './constants.js';

/** Refuses arguments past the board (a positional WxH). */
function noExtra(args: Parsed, name: string): void {
  noMoreThan(boardAndRest(args, `fleet ${name}`).rest, 0, `fleet ${name}`);
}

function hunterOf(args: Parsed): HunterStrategy {
  const h = str(args, 'hunter') ?? 'lattice';
  if (!(HUNTER_STRATEGIES as readonly string[]).includes(h))
    throw new GridbitsError('BAD_ARGUMENT', `--hunter must be one of ${HUNTER_STRATEGIES.join(', ')}, got '${h}'`);
  return h as HunterStrategy;
}

const MARK_TEXT = ['.', 'o', 'x', '#'];

/** Per cent, 3 characters wide at most: '100', '42', '5.3', '0'. */
function percent(p: number): string {
  const v = p * 100;
  return v >= 9.95 || v === 0 ? String(Math.round(v)) : v.toFixed(1);
}

export async function heat(args: Parsed, out: Output): Promise<number> {
  noExtra(args, 'heat');
  const spec = await fleetSpecFromArgs(args, boardAndRest(args, 'fleet heat').board);
  const p = fleetProblem(spec);
  const board = Board.of(p.width, p.height);
  const shots = str(args, 'shots');
  const k = shots === undefined ? emptyKnowledge(p) : parseShots(p, await readTextArg(shots, 'the shots file'));
  const method = (str(args, 'method') ?? 'auto') as HeatMethod;
  if (!(HEAT_METHODS as readonly string[]).includes(method))
    throw new GridbitsError('BAD_ARGUMENT', `fleet heat: --method must be auto, exact or sampled, got '${method}'`);
  // What only the sampled method reads is refused where the exact method answers, never ignored.
  const sampledGiven = ['samples', 'seed'].filter((f) => str(args, f) !== undefined);
  const sampledOnly = sampledGiven[0];
  if (method === 'exact' && sampledOnly !== undefined)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `fleet heat: --${sampledOnly} is for the sampled method, not --method exact`,
    );
  const samples = int(args, 'samples', 1, 10_000_000) ?? 10_000;
  const seed = seedOf(args);
  const timeoutMs = duration(args, 'timeout');
  const t0 = performance.now();
  const w = watched(out);
  const label = `fleet heat ${p.width}x${p.height}`;
  const outcome = await (async () => {
    try {
      // A large board's counting plan is built in one long step: in a worker, Ctrl-C is still answered at once.
      return await runJob(w.out, 'fleet.heat', [spec, k, { method, samples, seed }], {
        timeoutMs,
        label,
        inWorker: p.width * p.height > COUNT_WORKER_CELLS,
      });
    } catch (e) {
      // The exact method's refusal (too many ways for ships to lie on the hits) says which method to try instead.
      if (method !== 'exact' || !(e instanceof GridbitsError) || e.code !== 'LIMIT') throw e;
      throw new GridbitsError('LIMIT', `${e.message}; try the sampled method`);
    }
  })();
  // Stopped while sampling (Ctrl-C or the time limit): the map of the layouts drawn so far is the answer, said to be
  // cut short.
  const cut =
    !outcome.finished && outcome.partial !== undefined && (outcome.partial.samples ?? 0) > 0
      ? outcome.stopped
      : undefined;
  if (!outcome.finished && cut === undefined)
    return unfinishedCount(
      p,
      out,
      outcome.stopped,
      { timeoutMs },
      w.last(),
      outcome.nodes,
      secondsSince(t0),
      method === 'sampled' ? 'the sampled heat map' : 'the heat map',
    );
  const answer =
    cut !== undefined && !outcome.finished
      ? outcome.partial!
      : answerOf(outcome, method === 'exact' ? 'exact heat: the count' : 'the heat map');
  // Only the exact method answers that the count needs more memory than it may take.
  if (isTooLarge(answer))
    throw new GridbitsError(
      'LIMIT',
      `exact heat: too large to count exactly: ${answer.reason}; try the sampled method`,
    );
  const h = answer;
  const seconds = secondsSince(t0);
  // What the sampled method would have read, given where the exact count answered: said, not passed over.
  const note =
    sampledOnly !== undefined && h.method === 'exact'
      ? `the exact count answered, so ${sampledGiven.map((f) => `--${f}`).join(' and ')} did not apply`
      : undefined;
  const byName = <T>(f: (sq: number) => T): Record<string, T> =>
    Object.fromEntries(Array.from({ length: board.cells }, (_, sq) => [board.name(sq), f(sq)]));
  if (out.json) {
    out.printJson({
      method: h.method,
      consistent: h.consistent,
      ...(h.total !== undefined ? { total: h.total.toString() } : {}),
      why: h.reason,
      ...(h.samples !== undefined
        ? { samples: h.samples, samplesRequested: samples, seed, confidence: 0.95, acceptance: h.acceptance }
        : {}),
      cells: byName((sq) => h.probability[sq]),
      ...(h.counts ? { counts: byName((sq) => h.counts![sq].toString()) } : {}),
      ...(h.low && h.high ? { intervals: byName((sq) => [h.low![sq], h.high![sq]]) } : {}),
      ...problemJson(p),
      ...(cut !== undefined ? { complete: false, stopped: stopName(cut) } : {}),
      ...(note !== undefined ? { note } : {}),
      seconds,
    });
    return exitOf(cut);
  }
  const c = out.paint;
  let max = 0;
  for (let sq = 0; sq < board.cells; sq++)
    if (k.marks[sq] === 0 && !p.forbidden[sq]) max = Math.max(max, h.probability[sq]);
  const shade = (sq: number, t: string): string => {
    if (p.forbidden[sq] && k.marks[sq] === 0) return c.dim(t);
    if (k.marks[sq] === MISS) return c.dim(t);
    if (k.marks[sq] === HIT) return c.bold(c.red(t));
    if (k.marks[sq] === SUNK) return c.red(t);
    const x = max > 0 ? h.probability[sq] / max : 0;
    return x === 0
      ? c.dim(t)
      : x < 0.25
        ? c.blue(t)
        : x < 0.5
          ? c.cyan(t)
          : x < 0.75
            ? c.green(t)
            : c.bold(c.yellow(t));
  };
  out.print(
    drawGrid(
      board,
      (sq) => (k.marks[sq] !== 0 ? MARK_TEXT[k.marks[sq]] : p.forbidden[sq] ? FORBIDDEN : percent(h.probability[sq])),
      { paint: shade },
    ),
  );
  const legend = `per cent chance of a ship (o miss, x hit, # sunk${p.forbidden.some((f) => f === 1) ? `, ${FORBIDDEN} forbidden` : ''})`;
  const why = { asked: '', small: ' (auto: the count is small enough)', large: ' (auto: too large to count quickly)' }[
    h.reason
  ];
  if (!h.consistent) out.print('no layout matches these shots');
  else if (h.method === 'exact') out.print(`exact${why}: ${plural(h.total!, 'layout')} match; ${legend}`);
  else {
    let half = 0;
    for (let sq = 0; sq < board.cells; sq++) half = Math.max(half, (h.high![sq] - h.low![sq]) / 2);
    const drawn =
      h.samples === samples
        ? plural(h.samples, 'uniform layout')
        : `${thousands(h.samples!)} of ${plural(samples, 'uniform layout')}`;
    out.print(
      `sampled${why}: ${drawn} drawn (seed ${seed}); 95% Wilson intervals within ±${(half * 100).toFixed(1)} points; ${legend}`,
    );
  }
  if (note !== undefined) out.print(`note: ${note}`);
  let best = -1;
  for (let sq = 0; sq < board.cells; sq++)
    if (k.marks[sq] === 0 && !p.forbidden[sq] && (best < 0 || h.probability[sq] > h.probability[best])) best = sq;
  if (best >= 0 && h.consistent) out.print(`likeliest cell: ${board.name(best)} (${percent(h.probability[best])}%)`);
  if (cut !== undefined)
    out.print(
      `${stopWords(cut, { timeoutMs })} after ${thousands(h.samples!)} of the ${plural(samples, 'layout')} asked for`,
    );
  return exitOf(cut);
}

export async function sim(args: Parsed, out: Output): Promise<number> {
  noExtra(args, 'sim');
  const p = await fleetProblemFromArgs(args, 'fleet sim');
  const games = int(args, 'games', 1, 100_000_000) ?? 1000;
  const seed = seedOf(args);
  const strategy = hunterOf(args);
  const samples = int(args, 'hunter-samples', 1, 1_000_000);
  if (samples !== undefined && strategy !== 'posterior')
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `fleet sim: --hunter-samples is for the posterior hunter, not ${strategy} (give --hunter posterior)`,
    );
  const timeoutMs = duration(args, 'timeout');
  const t0 = performance.now();
  const size = `${p.width}x${p.height}`;
  const o = await runJob(
    out,
    'fleet.sim',
    [
      await fleetSpecFromArgs(args, boardAndRest(args, 'fleet sim').board),
      { games, seed, hunter: { strategy, samples } },
    ],
    { timeoutMs, label: `fleet sim ${size}` },
  );
  // Out of time or interrupted: the games played so far are the answer, said to be cut short.
  const stopped = !o.finished ? o.stopped : undefined;
  if (!o.finished && (o.partial?.games ?? 0) === 0) {
    if (out.json)
      out.printJson({
        games: 0,
        seed,
        ...problemJson(p),
        hunter: strategy,
        complete: false,
        stopped: stopName(o.stopped),
        gamesRequested: games,
        seconds: secondsSince(t0),
      });
    else out.print(`${stopWords(o.stopped, { timeoutMs })} before the first game ended`);
    return exitOf(o.stopped);
  }
  const r: SimResult = !o.finished ? o.partial! : uniformWords(o.value);
  const code = exitOf(stopped);
  // The old summary of the fleet stays in JSON as it was ("4 2×3 …": count×length); text speaks in words.
  const fleet = p.kinds.map((kd) => (kd.count > 1 ? `${kd.count}×${kd.name}` : kd.name)).join(' ');
  if (out.json) {
    const cut =
      stopped !== undefined ? { complete: false, stopped: stopName(stopped), gamesRequested: r.requested } : {};
    const { board, ...rest } = problemJson(p);
    out.printJson({
      games: r.games,
      seed,
      board,
      size,
      fleet,
      ...rest,
      hunter: strategy,
      mean: r.mean,
      median: r.median,
      min: r.min,
      max: r.max,
      histogram: r.histogram,
      ...cut,
      seconds: secondsSince(t0),
    });
    return code;
  }
  const top = Math.max(...Object.values(r.histogram));
  const c = out.paint;
  for (const [shots, n] of Object.entries(r.histogram))
    out.print(`${shots.padStart(4)} ${c.cyan('█'.repeat(Math.max(1, Math.round((40 * n) / top))))} ${thousands(n)}`);
  out.print(
    `${plural(r.games, 'game')} (${fleetText(p)}, ${size}; hunter ${strategy}, seed ${seed}): mean ${r.mean.toFixed(2)}, median ${r.median}, min ${r.min}, max ${r.max} shots`,
  );
  if (stopped !== undefined)
    out.print(
      `${stopWords(stopped, { timeoutMs })} after ${thousands(r.games)} of the ${plural(r.requested, 'game')} asked for`,
    );
  return code;
}

/** The player's own fleet from a layout grid ('#' ships), split into the fleet's ships. */
async function layoutFromFile(p: FleetProblem, file: string): Promise<FleetLayout> {
  const grid = parseLayoutGrid(await readTextArg(file, 'the layout'), p.width, p.height);
  const r = checkFleetCells(p, grid.ships);
  if (!r.valid || !r.ships)
    throw new GridbitsError('BAD_INPUT', `fleet play: your layout is not valid: ${r.errors[0] ?? 'unknown reason'}`);
  return { ships: r.ships };
}

/** Two drawings side by side; padding counts visible characters only (colours add escape codes). */
function sideBySide(left: string, right: string, gap = 6): string {
  const visible = (s: string): number => stripVTControlCharacters(s).length;
  const a = left.split('\n'),
    b = right.split('\n');
  const width = Math.max(...a.map(visible));
  return Array.from(
    { length: Math.max(a.length, b.length) },
    (_, i) => (a[i] ?? '') + ' '.repeat(width - visible(a[i] ?? '') + gap) + (b[i] ?? ''),
  ).join('\n');
}

function replyText(board: Board, p: FleetProblem, r: ShotResult): string {
  if (r.reply !== 'sunk') return r.reply;
  const cells = r.ship!.cells;
  const name = p.kinds[r.ship!.kind].name;
  if (!/^[0-9]+$/.test(name))
    return `sunk — the ${shipKindName(p.kinds[r.ship!.kind])} on ${cells.map((x) => board.name(x)).join(', ')}`;
  return `sunk — the ship of length ${name} on ${board.name(cells[0])}${cells.length > 1 ? `–${board.name(cells[cells.length - 1])}` : ''}`;
}

export async function play(args: Parsed, out: Output): Promise<number> {
  noExtra(args, 'play');
  const p = await fleetProblemFromArgs(args, 'fleet play');
  const board = Board.of(p.width, p.height);
  const seed = seedOf(args);
  const hunter = createHunter(p, { strategy: hunterOf(args) });
  const layoutFile = str(args, 'layout');
  const spec = await fleetSpecFromArgs(args, boardAndRest(args, 'fleet play').board);
  const drawn = uniformWords(
    answerOf(
      await runJob(out, 'fleet.uniform', [spec, seed, layoutFile === undefined ? 2 : 1], { label: 'fleet play' }),
    ),
  );
  // The computer's shots draw from a stream of their own, seeded by the first number the seed's stream gives.
  const rng = createRng(gameSeeds(seed, 1)[0]);
  if (drawn.layouts.length === 0) throw new GridbitsError('BAD_INPUT', 'no layout of this fleet fits the field');
  const mine = new FleetGame(p, drawn.layouts[0]); // the computer's fleet, which the human shoots at
  // The human's fleet.
  const theirs = new FleetGame(p, layoutFile === undefined ? drawn.layouts[1] : await layoutFromFile(p, layoutFile));
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
    const left = drawGrid(
      board,
      (sq) =>
        theirs.knowledge.marks[sq] !== 0
          ? MARK_TEXT[theirs.knowledge.marks[sq]]
          : p.forbidden[sq]
            ? FORBIDDEN
            : own[sq]
              ? 'S'
              : '.',
      {
        paint: (sq, t) => (theirs.knowledge.marks[sq] >= HIT ? c.bold(c.red(t)) : own[sq] ? c.cyan(t) : c.dim(t)),
      },
    );
    const right = drawGrid(
      board,
      (sq) => (p.forbidden[sq] && mine.knowledge.marks[sq] === 0 ? FORBIDDEN : MARK_TEXT[mine.knowledge.marks[sq]]),
      {
        paint: (sq, t) =>
          mine.knowledge.marks[sq] >= HIT
            ? c.bold(c.yellow(t))
            : mine.knowledge.marks[sq] === MISS
              ? c.blue(t)
              : c.dim(t),
      },
    );
    out.print(sideBySide(`your fleet (S ship, x hit, o miss)\n${left}`, `your shots at the computer\n${right}`));
  };
  const finish = (winner: 'you' | 'computer' | null): number => {
    if (out.json)
      out.printJson({
        winner,
        seed,
        board: { width: p.width, height: p.height },
        shots: { you: mine.shots, computer: theirs.shots },
        moves,
      });
    else if (winner === null) out.print(`game left unfinished after ${mine.shots} of your shots (seed ${seed})`);
    else
      out.print(
        winner === 'you'
          ? c.bold(c.green(`you win: every ship sunk in ${mine.shots} shots (seed ${seed})`))
          : c.bold(c.red(`the computer wins in ${theirs.shots} shots (seed ${seed})`)),
      );
    return 0;
  };
  const help = `type a square like ${board.name(0)} to fire there, 'help' for this, or 'quit' to leave`;
  say(`Sea Battle on ${board}: ${fleetText(p)}. You shoot first; ${help}.`);
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
      if (/^(h|help|\?)$/i.test(text)) {
        say(`${help}; your board is on the left, your shots at the computer's on the right`);
        continue;
      }
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
      moves.push({
        by: 'you',
        square: board.name(sq),
        reply: r.reply,
        ...(r.ship ? { ship: r.ship.cells.map((x) => board.name(x)) } : {}),
      });
      say(`you fire at ${board.name(sq)}: ${replyText(board, p, r)}`);
      if (mine.over) {
        draw();
        return finish('you');
      }
      const target = hunter.choose(theirs.knowledge, rng);
      const rc = theirs.shoot(target);
      moves.push({
        by: 'computer',
        square: board.name(target),
        reply: rc.reply,
        ...(rc.ship ? { ship: rc.ship.cells.map((x) => board.name(x)) } : {}),
      });
      say(`the computer fires at ${board.name(target)}: ${replyText(board, p, rc)}`);
      draw();
      if (theirs.over) return finish('computer');
    }
  } finally {
    rl.close();
  }
}
