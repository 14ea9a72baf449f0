// The work of `valley best` (the search's move for a position) and `valley match` (players against each other);
// valley.ts has their flags and help.
import { GridbitsError } from '../core/error.js';
import { formatPlayer, parsePlayer, type PlayerSpec } from '../valley/ai.js';
import type { Engine } from '../valley/engine.js';
import { formatMove, type Move } from '../valley/move.js';
import { SEARCH_MAX_PLY } from '../valley/search.js';
import { bool, duration, int, str, type Parsed } from './command.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';
import { seedOf } from './seed.js';
import { boardJson, positionOf } from './valley-shared.js';
import { EXIT, exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural, secondsSince, secondsWords, stopName, stopWords, type Stop } from './words.js';

function noExtra(args: Parsed, sub: string): void {
  const extra = args.positionals[0];
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley ${sub}: unexpected argument '${extra}'`);
}

export async function valleyBest(args: Parsed, out: Output): Promise<number | void> {
  noExtra(args, 'best');
  const { variant, engine: e } = positionOf(args);
  const depth = int(args, 'depth', 1, SEARCH_MAX_PLY - 4);
  const timeMs = duration(args, 'time', depth === undefined ? 1000 : undefined);
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const position = e.toString();
  const t0 = performance.now();
  // The search gives the event loop a turn every 20 ms, inside an iteration too, so Ctrl-C stops it at once.
  // Progress: the time spent of --time when thinking for a time, else the iterations of --depth.
  const outcome = await runJob(
    out,
    'valley.search',
    [variant.name, position, { ...(depth !== undefined ? { depth } : {}), drawRule: !bool(args, 'no-draw-rule') }],
    {
      timeoutMs: timeMs,
      maxNodes,
      label: 'valley best',
      shown: (p) => (timeMs !== undefined ? { ...p, share: Math.min(1, (performance.now() - t0) / timeMs) } : p),
    },
  );
  const seconds = secondsSince(t0);
  const answer = outcome.finished ? outcome.value : outcome.partial;
  const stopped = outcome.finished ? outcome.value.ended : outcome.stopped;
  // The time to think (--time) ends a search with its answer: exit 0, unless no move was found by then (3).
  const code = stopped === 'signal' ? EXIT.interrupted : answer === undefined ? EXIT.budget : EXIT.answered;
  if (answer === undefined) {
    // Stopped before a first iteration finished: no move to give.
    if (out.json)
      out.printJson({ move: null, position, variant: variant.name, board: boardJson(variant), stopped, seconds });
    else
      out.print(
        `no move yet: ${stopWords(stopped as Stop, { maxNodes, timeoutMs: timeMs })} before the first iteration finished`,
      );
    return code;
  }
  const r = answer;
  const move = r.move === null ? null : formatMove(r.move, e.board);
  const pv = pvText(e, r.pv);
  if (out.json) {
    out.printJson({
      move,
      score: r.score,
      depth: r.depth,
      nodes: r.nodes,
      pv,
      position,
      variant: variant.name,
      board: boardJson(variant),
      seconds: Number((r.timeMs / 1000).toFixed(3)),
      stopped,
      ...(r.result !== undefined ? { result: r.result } : {}),
      ...(r.winner !== undefined
        ? { winner: r.winner, winIn: r.winIn, winInPlies: r.winInPlies, winInCounts: "the winner's moves" }
        : {}),
    });
    return code;
  }
  if (r.result !== undefined) {
    out.print(`${position}: the game is over, ${r.result} has won (no move)`);
    return code;
  }
  const why = stopped === 'signal' ? 'interrupted: the deepest finished iteration' : stopped;
  out.print(
    `best move: ${move}   score ${r.score > 0 ? '+' : ''}${r.score}, depth ${r.depth}, ${plural(r.nodes, 'node')}, ${secondsWords(r.timeMs / 1000)} (${why})`,
  );
  if (r.winner !== undefined) {
    out.print(
      `${r.winner === 'white' ? 'White' : 'Black'} wins in ${plural(r.winIn!, 'move')} (${plural(r.winInPlies!, 'ply', 'plies')})`,
    );
  }
  out.print(`line: ${pv.join(' ')}`);
  return code;
}

/** The principal variation in notation (the moves are played on the engine and taken back). */
function pvText(e: Engine, pv: Move[]): string[] {
  const names: string[] = [];
  for (const m of pv) {
    names.push(formatMove(m, e.board));
    e.make(m);
  }
  for (let i = pv.length - 1; i >= 0; i--) e.unmake(pv[i]);
  return names;
}

export async function valleyMatchRun(args: Parsed, out: Output): Promise<number | void> {
  noExtra(args, 'match');
  const games = int(args, 'games', 1, 1_000_000);
  if (games === undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'valley match: give the number of games, e.g. --games 20');
  const timeMs = duration(args, 'time');
  const spec = (flag: string, fallback: string): PlayerSpec => {
    const s = parsePlayer(str(args, flag) ?? fallback);
    return s.kind === 'ai' && s.level === undefined && timeMs !== undefined ? { ...s, timeoutMs: timeMs } : s;
  };
  const a = spec('white', 'ai'),
    b = spec('black', 'greedy');
  // --time sets the move time of a plain 'ai' player alone: refused, not ignored, where none plays.
  const plainAi = [str(args, 'white') ?? 'ai', str(args, 'black') ?? 'greedy'].some((t) => {
    const s = parsePlayer(t);
    return s.kind === 'ai' && s.level === undefined;
  });
  if (timeMs !== undefined && !plainAi)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      "valley match: --time is the move time of a player given as plain 'ai'; none plays here",
    );
  const alternate = bool(args, 'alternate');
  const seed = seedOf(args);
  const openingPlies = int(args, 'opening', 0, 20, 2)!;
  const plyCap = int(args, 'ply-cap', 1, 100_000, 300)!;
  const timeoutMs = duration(args, 'timeout');
  const { variant, engine } = positionOf(args);
  const start = engine.toString();
  const names = [formatPlayer(a), formatPlayer(b)];
  const t0 = performance.now();
  // In this thread: a searching player's move runs in slices of a few milliseconds as steps of the match, so
  // Ctrl-C and --timeout stop the match within a slice, even in a move of ai:6, with the finished games' tally.
  const options = {
    games,
    a,
    b,
    alternate,
    seed,
    openingPlies,
    plyCap,
    drawRule: !bool(args, 'no-draw-rule'),
    variant: variant.name,
    position: start,
  };
  const outcome = await runJob(out, 'valley.match', [options], {
    timeoutMs,
    label: 'valley match',
  });
  const stopped = outcome.finished ? null : outcome.stopped;
  const code = exitOf(stopped);
  // A stopped match always has its partial: the tally of the games finished (none before the first).
  const tally = outcome.finished ? outcome.value : outcome.partial!;
  const seconds = secondsSince(t0);
  if (out.json) {
    out.printJson({
      games: tally.games,
      white: tally.white,
      black: tally.black,
      draws: tally.draws,
      a: { player: names[0], wins: tally.aWins },
      b: { player: names[1], wins: tally.bWins },
      alternate,
      repetitions: tally.repetitions,
      capped: tally.capped,
      averagePlies: tally.games === 0 ? 0 : Math.round((tally.plies / tally.games) * 10) / 10,
      seed,
      openingPlies,
      position: start,
      variant: variant.name,
      board: boardJson(variant),
      gamesAsked: games,
      complete: stopped === null,
      ...(stopped !== null ? { stopped: stopName(stopped) } : {}),
      seconds,
    });
    return code;
  }
  if (stopped !== null)
    out.print(
      `${stopWords(stopped, { timeoutMs })} after ${plural(tally.games, 'game')} of ${thousands(games)}: the tally of the games finished`,
    );
  out.print(
    `${names[0]} (${alternate ? 'White in odd games' : 'White'}) vs ${names[1]} (${alternate ? 'White in even games' : 'Black'}), ${plural(tally.games, 'game')}, seed ${seed}`,
  );
  out.print(
    `${names[0]} won ${thousands(tally.aWins)}, ${names[1]} won ${thousands(tally.bWins)}, draws ${thousands(tally.draws)} (${thousands(tally.repetitions)} by repetition, ${thousands(tally.capped)} at the ply cap)`,
  );
  out.print(
    `White won ${thousands(tally.white)}, Black won ${thousands(tally.black)}; ${tally.games === 0 ? 0 : (tally.plies / tally.games).toFixed(1)} plies a game`,
  );
  return code;
}
