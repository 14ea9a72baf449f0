// Benchmarks of the King's Valley AI: match results at 100 ms a move against the random and greedy players
// (colours alternating), and search speed against a plain alpha-beta (no table, no move ordering) in the same process.
import {
  Searcher,
  WIN,
  createEngine,
  matchSync,
  parsePosition,
  type Engine,
  type MatchOptions,
  type MatchTally,
  type Move,
  type PlayerSpec,
} from '../src/valley/index.js';
// The search's own evaluation, unchecked (as the search calls it at its leaves).
import { staticScore as evaluate } from '../src/valley/eval.js';
import { keep } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';

/** Games per match: GRIDBITS_BENCH_GAMES, else the 200. */
const GAMES = Math.max(2, Number(process.env.GRIDBITS_BENCH_GAMES ?? 200) || 200);
const MOVE_MS = 100;

// Middle-game positions from AI games, plus the start.
const POSITIONS = [
  'sskss/5/5/5/SSKSS w 0',
  's1ks1/1S3/4s/1S1s1/S1K1S w 6',
  '1s1ss/2k2/5/S1S1s/2K1S w 10',
  'ss1s1/1k1S1/5/1S1s1/S1K1S b 7',
];
const SEARCH_DEPTH = 6;

// The baseline: fixed-depth alpha-beta over the same engine and evaluation, moves in generation order, no table.
const BUF = new Int32Array(64 * 32);
function plainAlphaBeta(
  e: Engine,
  depth: number,
  alpha: number,
  beta: number,
  ply: number,
  count: { nodes: number },
): number {
  count.nodes++;
  const w = e.winner();
  if (w !== null) return w === e.side ? WIN - ply : ply - WIN;
  if (depth === 0) return evaluate(e);
  const base = ply * 64,
    n = e.generate(BUF, base);
  let best = -WIN;
  for (let i = base; i < base + n; i++) {
    e.make(BUF[i] as Move);
    const s = -plainAlphaBeta(e, depth - 1, -beta, -alpha, ply + 1, count);
    e.unmake(BUF[i] as Move);
    if (s > best) best = s;
    if (s > alpha) alpha = s;
    if (alpha >= beta) break;
  }
  return best;
}

function timeSearches(f: () => number, rounds: number): { ms: number; nodes: number } {
  const times: number[] = [];
  let nodes = 0;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    nodes = f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], nodes };
}

/** A match with no limits: its outcome is always finished. */
function whole(opts: MatchOptions): MatchTally {
  const o = matchSync(opts);
  if (!o.finished) throw new Error('valley-ai bench: the match stopped');
  return o.value;
}

function match(b: PlayerSpec): { tally: MatchTally; ms: number } {
  const t0 = performance.now();
  const tally = whole({
    games: GAMES,
    a: { kind: 'ai', timeoutMs: MOVE_MS },
    b,
    alternate: true,
    seed: 2026,
    onGame: (_g, t) => {
      if (t.games % 20 === 0)
        process.stderr.write(
          `  valley-ai: ${b.kind} ${t.games}/${GAMES}: ai ${t.aWins}, ${b.kind} ${t.bWins}, draws ${t.draws}\n`,
        );
    },
  });
  return { tally, ms: performance.now() - t0 };
}

function matchRow(name: string, r: { tally: MatchTally; ms: number }, target: number): BenchRow {
  const t = r.tally,
    rate = t.aWins / t.games;
  return {
    name: `${name}, ${t.games} games, colours alternating (ms per game)`,
    medianMs: r.ms / t.games,
    target: `AI wins ≥ ${Math.round(target * 100)}%`,
    met: rate >= target,
    note: `AI won ${t.aWins}, lost ${t.bWins}, drew ${t.draws} (${(rate * 100).toFixed(1)}%); White won ${t.white}, Black ${t.black}; ${(t.plies / t.games).toFixed(1)} plies a game`,
  };
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  // Warm the JIT with one short match so the first timed moves are not interpreted code.
  whole({ games: 2, a: { kind: 'ai', timeoutMs: MOVE_MS }, b: { kind: 'greedy' }, alternate: true });

  const engines = POSITIONS.map((p) => createEngine(parsePosition(p)));
  const ours = (): number => {
    let nodes = 0;
    for (const e of engines) nodes += new Searcher(1 << 16).searchSync(e, { depth: SEARCH_DEPTH }).nodes;
    return nodes;
  };
  const plain = (): number => {
    const count = { nodes: 0 };
    for (const e of engines) keep(plainAlphaBeta(e, SEARCH_DEPTH, -WIN, WIN, 0, count));
    return count.nodes;
  };
  ours();
  plain();
  const a = timeSearches(ours, 7),
    p = timeSearches(plain, 5);
  const cpu0 = process.cpuUsage(),
    w0 = performance.now();
  const n = ours();
  const cpu = process.cpuUsage(cpu0),
    wall = performance.now() - w0,
    cpuMs = (cpu.user + cpu.system) / 1000;
  rows.push({
    name: `search to depth ${SEARCH_DEPTH} from ${POSITIONS.length} positions (PVS, table, ordering)`,
    medianMs: a.ms,
    baseline: { name: 'plain alpha-beta, same evaluation, no table or ordering', medianMs: p.ms },
    note: `${a.nodes.toLocaleString('en-US')} nodes vs ${p.nodes.toLocaleString('en-US')}; ${(a.nodes / a.ms).toFixed(0)} k nodes/s wall, ${(n / cpuMs).toFixed(0)} k nodes/s of CPU time (wall ${wall.toFixed(0)} ms)`,
  });

  rows.push(matchRow('AI (100 ms a move) vs random', match({ kind: 'random' }), 0.99));
  rows.push(matchRow('AI (100 ms a move) vs greedy depth-2', match({ kind: 'greedy' }), 0.9));
  return {
    title: "King's Valley AI",
    rows,
    notes: [
      `Matches: ${GAMES} games each (GRIDBITS_BENCH_GAMES), seed 2026, one random opening ply per game (a White move that does not lose by force within 5 plies), draw on the third repetition, ply cap 300.`,
      'The start position is a forced win for White in 9 plies (5 White moves), so as Black the AI can only hope the opponent misses the win.',
      'The AI player: iterative deepening PVS with a 2^18-entry table, contempt 40; 100 ms is wall-clock time, so on a loaded machine it searches less.',
      'The search is a job: nodes 4 or more plies from their leaves are its steps (it may pause after each child), shallower subtrees run straight through.',
      'Limits, measured 2026-12-01 (machine shared): `/usr/bin/time -v node dist/cli/main.js valley best --variant labyrinth --depth 12` 16.3 s, 73 MB peak;',
      'SEARCH_MAX_PLY 64 is the line length the search arrays hold (depth ≤ 60); deeper or longer searches are stopped by their time or node limit, with the deepest finished iteration.',
      `Peak memory of the bench process: rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB.`,
    ],
  };
}
