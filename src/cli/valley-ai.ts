// CLI `valley best` (the search's move for a position) and `valley match` (players against each other).
import { GridbitsError } from '../core/error.js';
import {
  AI_LEVELS,
  SEARCH_MAX_PLY,
  createVariantEngine,
  findVariant,
  formatEngineMove,
  formatPlayer,
  match,
  parsePlayer,
  search,
  searchAnswer,
  variantStart,
  type Engine,
  type Move,
  type PlayerSpec,
  type Variant,
} from '../valley/index.js';
import { bool, int, str, type Flag, type Parsed } from './command.js';
import type { Output } from './output.js';

/** The flags of best and match, merged into the valley command's flags. */
export const VALLEY_AI_FLAGS: Record<string, Flag> = {
  depth: { type: 'string', value: 'N', help: `best: search N plies deep (1-${SEARCH_MAX_PLY - 4})` },
  time: { type: 'string', value: 'T', help: 'best: think for T (1s, 250ms; default 1s); match: per move for plain ai players' },
  'max-nodes': { type: 'string', value: 'N', help: 'best: stop after N search nodes' },
  'no-draw-rule': { type: 'boolean', help: 'no draw on the third occurrence of a position (the default rule draws)' },
  games: { type: 'string', value: 'N', help: 'match: number of games' },
  white: { type: 'string', value: 'P', help: 'match: White player: random, greedy, ai, ai:1..ai:6 (default ai)' },
  black: { type: 'string', value: 'P', help: 'match: Black player (default greedy)' },
  alternate: { type: 'boolean', help: 'match: swap colours after every game' },
  seed: { type: 'string', value: 'S', help: 'match: seed of the random opening plies and random players (default 1)' },
  opening: { type: 'string', value: 'N', help: 'match: random (non-losing) opening plies per game (default 2)' },
  'ply-cap': { type: 'string', value: 'N', help: 'match: a game still going after N plies is a draw (default 300)' },
};

export const VALLEY_AI_USAGE = [
  'valley best [--position P] [--variant V] [--first C] [--depth N | --time T] [--max-nodes N] [--no-draw-rule] [--json]',
  'valley match --games N [--white P] [--black P] [--time T] [--alternate] [--seed S] [--opening N] [--variant V] [--first C] [--json]',
];

export const VALLEY_AI_DETAILS = `Search (best): alpha-beta with iterative deepening and a transposition table; by default 1 s of thinking.
  score: points for the side to move; ±30000 minus the plies to the end is an exact result; "winIn" counts the
  winner's own moves (the winning move included), "winInPlies" both sides' moves; "winner" names the side.
Players (match): random, greedy (two plies on the Kings' distances), ai (= ai:5), ai:L with L =
  ${AI_LEVELS.map((l) => `${l.level}: ${l.depth !== undefined ? `${l.depth} ${l.depth === 1 ? 'ply' : 'plies'}` : `${l.timeoutMs} ms`}`).join(', ')}.
  --time T sets the move time of players given as plain 'ai'. Colours stay as given unless --alternate.
  Each game opens with --opening random plies (never one that loses by force within 3 plies), so the games differ.
  best and match take --variant and --first too (and --position in the variant's notation).
Examples:
  gridbits valley best --time 2s
  gridbits valley best --variant labyrinth --time 2s
  gridbits valley best --position 'k4/3s1/5/5/K3S w 4' --json
  gridbits valley match --games 20 --white ai --black random --alternate`;

/** A duration: 1s, 2.5s, 250ms or a plain number of milliseconds. */
function parseDuration(text: string, flag: string): number {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s)?\s*$/.exec(text);
  const ms = m === null ? NaN : Number(m[1]) * (m[2] === 's' ? 1000 : 1);
  if (!(ms >= 1) || ms > 2 ** 31 - 1) throw new GridbitsError('BAD_ARGUMENT', `--${flag} must be a duration like 1s or 250ms (at least 1 ms), got '${text}'`);
  return Math.round(ms);
}

/** The variant (--variant) and the position (--position, else the variant's start with --first to move). */
function positionOf(args: Parsed): { variant: Variant; engine: Engine } {
  const variant = findVariant(str(args, 'variant') ?? 'standard');
  const first = str(args, 'first');
  if (first !== undefined && first !== 'white' && first !== 'black') throw new GridbitsError('BAD_ARGUMENT', `--first must be white or black, got '${first}'`);
  const text = str(args, 'position') ?? variantStart(variant, first === 'black' ? 1 : 0);
  return { variant, engine: createVariantEngine(variant, text) };
}

function noExtra(args: Parsed, sub: string): void {
  const extra = args.positionals[0];
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley ${sub}: unexpected argument '${extra}'`);
}

export async function valleyBest(args: Parsed, out: Output): Promise<void> {
  noExtra(args, 'best');
  const { variant, engine: e } = positionOf(args);
  const depth = int(args, 'depth', 1, SEARCH_MAX_PLY - 4);
  const timeText = str(args, 'time');
  const timeMs = timeText !== undefined ? parseDuration(timeText, 'time') : depth === undefined ? 1000 : undefined;
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const position = e.toString();
  // An async search gives the event loop a turn every 20 ms, so Ctrl-C's handler (main.ts) ends the process at once.
  const outcome = await search(e, {
    depth,
    timeoutMs: timeMs,
    maxNodes,
    drawRule: !bool(args, 'no-draw-rule'),
    onIteration: (i) => out.progress(`depth ${i.depth}: ${i.pv.length > 0 ? formatEngineMove(e, i.pv[0]) : '-'} score ${i.score}, ${i.nodes} nodes`),
  });
  out.endProgress();
  // The JSON's "stopped" says what ended the search: its depth, a proof, the position over, or a limit.
  const r = { ...searchAnswer(outcome)!, stopped: outcome.finished ? outcome.value.ended : outcome.stopped };
  const move = r.move === null ? null : formatEngineMove(e, r.move);
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
      timeMs: r.timeMs,
      stopped: r.stopped,
      ...(r.result !== undefined ? { result: r.result } : {}),
      ...(r.winner !== undefined ? { winner: r.winner, winIn: r.winIn, winInPlies: r.winInPlies, winInCounts: "the winner's moves" } : {}),
    });
    return;
  }
  if (r.result !== undefined) {
    out.print(`${position}: the game is over, ${r.result} has won (no move)`);
    return;
  }
  out.print(`best move: ${move}   score ${r.score > 0 ? '+' : ''}${r.score}, depth ${r.depth}, ${r.nodes.toLocaleString('en-US')} nodes, ${Math.round(r.timeMs)} ms (${r.stopped})`);
  if (r.winner !== undefined) {
    out.print(`${r.winner === 'white' ? 'White' : 'Black'} wins in ${r.winIn} move${r.winIn === 1 ? '' : 's'} (${r.winInPlies} plies)`);
  }
  out.print(`line: ${pv.join(' ')}`);
}

/** The principal variation in notation (the moves are played on the engine and taken back). */
function pvText(e: Engine, pv: Move[]): string[] {
  const names: string[] = [];
  for (const m of pv) {
    names.push(formatEngineMove(e, m));
    e.make(m);
  }
  for (let i = pv.length - 1; i >= 0; i--) e.unmake(pv[i]);
  return names;
}

export async function valleyMatchRun(args: Parsed, out: Output): Promise<void> {
  noExtra(args, 'match');
  const games = int(args, 'games', 1, 1_000_000);
  if (games === undefined) throw new GridbitsError('BAD_ARGUMENT', 'valley match: give the number of games, e.g. --games 20');
  const timeText = str(args, 'time');
  const timeMs = timeText === undefined ? undefined : parseDuration(timeText, 'time');
  const spec = (flag: string, fallback: string): PlayerSpec => {
    const s = parsePlayer(str(args, flag) ?? fallback);
    return s.kind === 'ai' && s.level === undefined && timeMs !== undefined ? { ...s, timeoutMs: timeMs } : s;
  };
  const a = spec('white', 'ai'), b = spec('black', 'greedy');
  const alternate = bool(args, 'alternate');
  const seed = int(args, 'seed', 0, Number.MAX_SAFE_INTEGER, 1)!;
  const openingPlies = int(args, 'opening', 0, 20, 2)!;
  const plyCap = int(args, 'ply-cap', 1, 100_000, 300)!;
  const { variant, engine } = positionOf(args);
  const start = engine.toString();
  const names = [formatPlayer(a), formatPlayer(b)];
  const t0 = Date.now();
  const outcome = await match({
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
    onGame: (_g, t) => out.progress(`game ${t.games}/${games}: ${names[0]} ${t.aWins}, ${names[1]} ${t.bWins}, draws ${t.draws}`),
  });
  out.endProgress();
  // No limits are set, so only the signal could stop it (and the CLI gives none): the tally is whole.
  const tally = outcome.finished ? outcome.value : outcome.partial!;
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
      averagePlies: Math.round((tally.plies / tally.games) * 10) / 10,
      seed,
      openingPlies,
      position: start,
      variant: variant.name,
      timeMs: Date.now() - t0,
    });
    return;
  }
  out.print(`${names[0]} (${alternate ? 'White in odd games' : 'White'}) vs ${names[1]} (${alternate ? 'White in even games' : 'Black'}), ${tally.games} games`);
  out.print(`${names[0]} won ${tally.aWins}, ${names[1]} won ${tally.bWins}, draws ${tally.draws} (${tally.repetitions} by repetition, ${tally.capped} at the ply cap)`);
  out.print(`White won ${tally.white}, Black won ${tally.black}; ${(tally.plies / tally.games).toFixed(1)} plies a game`);
}
