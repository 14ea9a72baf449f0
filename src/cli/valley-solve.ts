// CLI `valley solve`: the game-theoretic value of a King's Valley position, with budgets, progress and the proof's size.
import { GridbitsError } from '../core/error.js';
import { START, parsePosition, type SolveStatus } from '../valley/index.js';
import { solve01 } from '../valley/solve01.js';
import { bool, int, str, type Flag, type Parsed } from './command.js';
import type { Output } from './output.js';

export const VALLEY_SOLVE_FLAGS: Record<string, Flag> = {
  'max-nodes': { type: 'string', value: 'N', help: 'best, solve: stop after N search nodes (solve then answers "unknown")' },
  timeout: { type: 'string', value: 'T', help: 'solve: stop after T (e.g. 60s, 500ms, 10m; a bare number is seconds)' },
  table: { type: 'string', value: 'MB', help: 'solve: transposition table size in MB (default 256; --shortest adds a second one of at most 256)' },
  'all-moves': { type: 'boolean', help: 'solve: settle every first move too (win, loss or draw for the side to move)' },
  shortest: { type: 'boolean', help: 'solve: also find the quickest forced win, in plies (bounded search)' },
  'no-symmetry': { type: 'boolean', help: 'solve: do not fold the 8 symmetric images of a position together' },
};

export const VALLEY_SOLVE_USAGE = 'valley solve [--position P] [--max-nodes N] [--timeout 60s] [--table MB] [--all-moves] [--shortest] [--json]';

export const VALLEY_SOLVE_DETAILS = `Solving: df-pn proof-number search asks whether the side to move can force a win, and if not, whether the
  other side can; neither means a draw. A repeated position counts as no win for the side trying to prove
  one, which changes no forced win (a win never needs a repetition); disproofs that rest on a repetition above
  them are not reused elsewhere. Positions equal up to the board's 8 symmetries share one table entry.
  JSON: {"position", "value": "win"|"loss"|"draw"|"unknown" (for the side to move), "winner", "moves" (winning
  first moves), "proofNodes" (distinct positions of the proof), "proofDepth" (plies), "nodes", "exhausted", ...}.
  "shortest" (with --shortest): plies of the quickest forced win, by a bounded search deepened 2 plies at a time.
  gridbits valley solve --shortest             (White wins: e1b4 or a1d4 first; the quickest forced win takes 9 plies)
  gridbits valley solve --all-moves --timeout 5m --json`;

/** A duration flag: 60s, 500ms, 10m, 1h, or a bare number of seconds; milliseconds or undefined. */
function duration(args: Parsed, name: string): number | undefined {
  const v = str(args, name);
  if (v === undefined) return undefined;
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)?\s*$/.exec(v);
  const ms = m === null ? NaN : Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  if (!(ms >= 1) || ms > 2 ** 31 - 1) throw new GridbitsError('BAD_ARGUMENT', `--${name} must be a duration like 60s, 500ms or 10m, got '${v}'`);
  return ms;
}

function status(s: SolveStatus): string {
  const what = { 'mover-wins': 'can the side to move force a win?', 'opponent-wins': 'can the other side force a win?', 'first-moves': 'settling the first moves', proof: 'counting the proof', shortest: 'the quickest forced win' }[s.question];
  const fill = ((100 * s.tableUsed) / s.tableEntries).toFixed(0);
  const num = (x: number): string => (x >= 0x3fffffff ? '∞' : String(x));
  return `solve: ${what} ${(s.nodes / 1e6).toFixed(2)}M nodes, ${(s.ms / 1000).toFixed(0)} s, pn ${num(s.pn)} dn ${num(s.dn)}, table ${fill}% full, deepest ply ${s.maxPly}`;
}

export async function valleySolveRun(args: Parsed, out: Output): Promise<void> {
  const extra = args.positionals[0];
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley solve: unexpected argument '${extra}'`);
  const pos = parsePosition(str(args, 'position') ?? START);
  // The JSON is 0.1's shape: 'unknown' and "exhausted" when the budget ran out.
  const r = await solve01(pos, {
    maxNodes: int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER),
    timeoutMs: duration(args, 'timeout'),
    tableMegabytes: int(args, 'table', 1, 16384, 256),
    allMoves: bool(args, 'all-moves'),
    shortest: bool(args, 'shortest'),
    symmetry: !bool(args, 'no-symmetry'),
    onStatus: (s) => out.progress(status(s)),
  });
  out.endProgress();
  if (out.json) {
    out.printJson(r);
    return;
  }
  const who = r.winner === null ? '' : r.winner === 'white' ? 'White' : 'Black';
  const mover = pos.side === 0 ? 'White' : 'Black';
  if (r.value === 'win' || r.value === 'loss') {
    out.print(`${who} wins (${mover} to move${r.value === 'win' ? `; winning first moves: ${r.moves.join(' ')}` : ''})`);
    out.print(`proof: ${r.proofNodes ?? '?'} positions, the win within ${r.proofDepth} plies`);
    if (r.shortest !== undefined) out.print(`quickest forced win: ${r.shortest === null ? '? (budget exhausted)' : `${r.shortest} plies`}`);
  } else if (r.value === 'draw') {
    out.print('draw: neither side can force a win (play can go round for ever; the third repetition draws)');
  } else {
    out.print(r.exhausted ? 'unknown: budget exhausted before an answer' : `unknown: lines longer than the ply cap were cut`);
  }
  if (r.moveValues) out.print(`first moves: ${Object.entries(r.moveValues).map(([m, v]) => `${m} ${v}`).join(', ')}`);
  out.print(`${r.nodes} nodes in ${(r.ms / 1000).toFixed(2)} s; table ${r.tableUsed} of ${r.tableEntries} entries; deepest ply ${r.maxPly}`);
}
