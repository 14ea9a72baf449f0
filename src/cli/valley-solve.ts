// The work of `valley solve` (valley.ts has its flags and help): the game-theoretic value of a King's Valley
// position, with budgets, progress and the proof's size.
import { GridbitsError } from '../core/error.js';
import { START, formatPosition, parsePosition } from '../valley/notation.js';
import { legalMoves } from '../valley/position.js';
import type { SolveStatus } from '../valley/solve.js';
import { bool, duration, int, str, type Parsed } from './command.js';
import type { Output } from './output.js';
import { runJob } from './run-job.js';
import { solveAnswer, type SolveAnswer } from './valley-solve-answer.js';
import { exitOf } from './exit.js';
import { thousands } from '../core/text.js';
import { plural, secondsWords, stopName, stopWords } from './words.js';

/** The answer with the time in seconds (the CLI's one time field) in place of milliseconds. */
type Answer = Omit<SolveAnswer, 'ms'> & { seconds: number };

/** The answer with its seconds, placed where the JSON has always had them (after `stopped`, before `shortest`). */
function withSeconds(a: SolveAnswer): Answer {
  const { shortest, moveValues, ms, ...head } = a;
  return {
    ...head,
    seconds: Number((ms / 1000).toFixed(3)),
    ...(shortest !== undefined ? { shortest } : {}),
    ...(moveValues !== undefined ? { moveValues } : {}),
  };
}

/** What the search had proved when it stopped on the question it was asking. */
function provedSoFar(question: SolveStatus['question'] | undefined, mover: string, other: string): string {
  if (question === undefined || question === 'mover-wins')
    return `it was still asking whether ${mover} can force a win`;
  return `proved that ${mover} cannot force a win; whether ${other} can was still open`;
}

export async function valleySolveRun(args: Parsed, out: Output): Promise<number | void> {
  const extra = args.positionals[0];
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley solve: unexpected argument '${extra}'`);
  const pos = parsePosition(str(args, 'position') ?? START);
  const position = formatPosition(pos);
  const maxNodes = int(args, 'max-nodes', 1, Number.MAX_SAFE_INTEGER);
  const timeoutMs = duration(args, 'timeout');
  const options = {
    ...(maxNodes !== undefined ? { maxNodes } : {}),
    tableMegabytes: int(args, 'table', 1, 16384, 256)!,
    allMoves: bool(args, 'all-moves'),
    shortest: bool(args, 'shortest'),
    symmetry: !bool(args, 'no-symmetry'),
  };
  const t0 = performance.now();
  // Stopped by its budget or by Ctrl-C, the answer is what the search proved (unknown where nothing was). The
  // budget is the job's option too, so its last slice of work ends on it.
  const outcome = await runJob(out, 'valley.solve', [position, options], {
    maxNodes,
    timeoutMs,
    label: 'valley solve',
    // Nodes of --max-nodes when a budget is set, else the time of --timeout, else the nodes so far.
    shown: (p) =>
      maxNodes === undefined && timeoutMs !== undefined
        ? { ...p, share: Math.min(1, (performance.now() - t0) / timeoutMs) }
        : p,
  });
  const asked = outcome.finished ? undefined : outcome.partial?.question;
  const r = withSeconds(solveAnswer(position, outcome, options));
  const code = exitOf(r.stopped);
  const limits = { maxNodes, timeoutMs };
  if (out.json) {
    out.printJson({ ...r, ...(r.stopped !== undefined ? { complete: false, stopped: stopName(r.stopped) } : {}) });
    return code;
  }
  const who = r.winner === null ? '' : r.winner === 'white' ? 'White' : 'Black';
  const mover = pos.side === 'white' ? 'White' : 'Black',
    other = pos.side === 'white' ? 'Black' : 'White';
  const firstMoves = legalMoves(pos).length;
  if (r.value === 'win' || r.value === 'loss') {
    out.print(
      `${who} wins (${mover} to move${r.value === 'win' ? `; winning first moves: ${r.moves.join(' ')}` : ''})`,
    );
    const rest = firstMoves - r.moves.length;
    if (r.value === 'win' && r.moveValues === undefined && rest > 0) {
      out.print(
        `(the proof needed only these; the other ${plural(rest, 'first move')} ${rest === 1 ? 'was' : 'were'} not settled: --all-moves settles each)`,
      );
    }
    if (r.proofNodes !== null)
      out.print(
        `proof: ${plural(r.proofNodes, 'position')}, the win within ${plural(r.proofDepth ?? 0, 'ply', 'plies')}`,
      );
    if (r.shortest !== undefined)
      out.print(
        `quickest forced win: ${r.shortest === null ? '? (budget exhausted)' : plural(r.shortest, 'ply', 'plies')}`,
      );
  } else if (r.value === 'draw') {
    out.print('draw: neither side can force a win (play can go round for ever; the third repetition draws)');
  } else if (r.stopped !== undefined) {
    const why =
      r.stopped === 'signal'
        ? 'interrupted before an answer'
        : `budget exhausted before an answer (${stopWords(r.stopped, limits)})`;
    out.print(`unknown: ${why}; ${provedSoFar(asked, mover, other)}`);
  } else {
    out.print('unknown: lines longer than the ply cap were cut');
  }
  if (r.stopped !== undefined && r.value !== 'unknown')
    out.print(`(${stopWords(r.stopped, limits)} before the rest was settled)`);
  if (r.moveValues)
    out.print(
      `first moves: ${Object.entries(r.moveValues)
        .map(([m, v]) => `${m} ${v}`)
        .join(', ')}`,
    );
  out.print(
    `${plural(r.nodes, 'node')} in ${secondsWords(r.seconds)}; table ${thousands(r.tableUsed)} of ${thousands(r.tableEntries)} entries; deepest ply ${r.maxPly}`,
  );
  return code;
}
