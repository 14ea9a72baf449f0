// What `valley solve` prints: a solve job's outcome as the CLI's JSON answer ('unknown' and `exhausted` for a
// stopped solve).
import type { Outcome, StopReason } from '../core/job.js';
import { BOARD } from '../valley/geometry.js';
import { formatMove } from '../valley/move.js';
import { parsePosition } from '../valley/notation.js';
import { legalMoves } from '../valley/position.js';
import type { SolveOptions, SolveResult, SolveValue } from '../valley/solve.js';

/** A value as the CLI prints it: 'unknown' when the budget ran out (or the answer rested on the ply cap). */
type AnswerValue = SolveValue | 'unknown';

/**
 * The CLI's answer: what a stopped solve proved, 'unknown' elsewhere, whether the budget ran out and what stopped
 * it.
 */
export interface SolveAnswer extends Omit<SolveResult, 'value' | 'moveValues' | 'shortest' | 'question'> {
  /** From the side to move's point of view. */
  value: AnswerValue;
  /** With allMoves: every first move's value. */
  moveValues?: Record<string, AnswerValue>;
  /** With the shortest option: plies of the quickest forced win, or null when the budget ran out first. */
  shortest?: number | null;
  /** True when the budget (nodes or time) ran out. */
  exhausted: boolean;
  /** What stopped the solve before its end: its node budget, its time limit, or the signal (absent if it finished). */
  stopped?: StopReason;
}

/** What a solve stopped before it began has: nothing proved, no table built. */
function notBegun(position: string, ms: number): SolveResult {
  return {
    position,
    winner: null,
    moves: [],
    proofNodes: null,
    proofDepth: null,
    nodes: 0,
    ms: Math.round(ms),
    maxPly: 0,
    tableEntries: 0,
    tableUsed: 0,
  };
}

/**
 * The CLI's answer from a solve's outcome (of the position string `position`): a solve stopped by its budget
 * or the signal answers what it proved ('unknown' where nothing was) with `stopped` set; an answer resting on
 * the ply cap is 'unknown'. The question a stopped solve was asking is the text's, not the JSON's.
 */
export function solveAnswer(
  position: string,
  outcome: Outcome<SolveResult, SolveResult>,
  options: Pick<SolveOptions, 'allMoves' | 'shortest'>,
): SolveAnswer {
  const r = outcome.finished ? outcome.value : (outcome.partial ?? notBegun(position, outcome.ms));
  const value: AnswerValue = r.value ?? 'unknown';
  const { shortest, moveValues, question: _asked, ...rest } = r;
  const stopped = outcome.finished ? undefined : outcome.stopped;
  const out: SolveAnswer = {
    ...rest,
    value,
    exhausted: stopped === 'nodes' || stopped === 'time',
    nodes: outcome.nodes,
    ...(stopped ? { stopped } : {}),
  };
  if (options.shortest && (value === 'win' || value === 'loss')) out.shortest = shortest ?? null;
  if (options.allMoves && value !== 'unknown') {
    const all: Record<string, AnswerValue> = {};
    const p = parsePosition(position);
    for (const m of legalMoves(p)) all[formatMove(m, BOARD)] = moveValues?.[formatMove(m, BOARD)] ?? 'unknown';
    out.moveValues = all;
  }
  return out;
}
