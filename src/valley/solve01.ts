// 0.1's solve answer from a solve job's outcome: the shape the CLI's JSON keeps ('unknown' and `exhausted` for a
// stopped solve).
import { GridbitsError } from '../core/error.js';
import type { Outcome, StopReason } from '../core/job.js';
import type { RunOptions } from '../core/run.js';
import { formatMove } from './move.js';
import { formatPosition } from './notation.js';
import { legalMoves } from './position.js';
import { solve, type SolveOptions, type SolveResult } from './solve.js';
import type { Position } from './state.js';

/** A value in 0.1's words: 'unknown' when the budget ran out (or the answer rested on the ply cap). */
export type SolveValue01 = 'win' | 'loss' | 'draw' | 'unknown';

/** 0.1's solve result: what a stopped solve proved, 'unknown' elsewhere, and whether the budget ran out. */
export interface SolveResult01 extends Omit<SolveResult, 'value' | 'moveValues' | 'shortest'> {
  /** From the side to move's point of view. */
  value: SolveValue01;
  /** With allMoves: every first move's value. */
  moveValues?: Record<string, SolveValue01>;
  /** With the shortest option: plies of the quickest forced win, or null when the budget ran out first. */
  shortest?: number | null;
  /** True when the budget (nodes or time) ran out. */
  exhausted: boolean;
}

/** 0.1's result with how the solve ended: `stopped` says what stopped it (absent when it finished). */
export interface SolveAnswer01 extends SolveResult01 {
  /** What stopped the solve before its end: its node budget, its time limit, or the signal. */
  stopped?: StopReason;
}

/** What a solve stopped before it began has: nothing proved, no table built. */
function notBegun(p: Position, ms: number): SolveResult {
  return {
    position: formatPosition(p),
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

/** The 0.1 answer of an outcome: a stopped solve (by its budget or the signal) answers what it had proved. */
function answer01(p: Position, outcome: Outcome<SolveResult, SolveResult>, options: SolveOptions): SolveAnswer01 {
  const r = outcome.finished ? outcome.value : (outcome.partial ?? notBegun(p, outcome.ms));
  const value: SolveValue01 = r.value ?? 'unknown';
  const { shortest, moveValues, ...rest } = r;
  const stopped = outcome.finished ? undefined : outcome.stopped;
  const out: SolveAnswer01 = {
    ...rest,
    value,
    exhausted: stopped === 'nodes' || stopped === 'time',
    nodes: outcome.nodes,
    ...(stopped ? { stopped } : {}),
  };
  if (options.shortest && (value === 'win' || value === 'loss')) out.shortest = shortest ?? null;
  if (options.allMoves && value !== 'unknown') {
    const all: Record<string, SolveValue01> = {};
    for (const m of legalMoves(p)) all[formatMove(m)] = moveValues?.[formatMove(m)] ?? 'unknown';
    out.moveValues = all;
  }
  return out;
}

/**
 * solve with 0.1's answer and how it ended: a solve stopped by its budget or the signal answers what it proved
 * ('unknown' where nothing was) with `stopped` set; an answer resting on the ply cap is 'unknown' (with the
 * position's facts, and the time of the whole call).
 */
export async function solveAnswer01(p: Position, options: SolveOptions & RunOptions = {}): Promise<SolveAnswer01> {
  const t0 = performance.now();
  try {
    return answer01(p, await solve(p, options), options);
  } catch (e) {
    if (!(e instanceof GridbitsError && e.code === 'LIMIT' && /ply cap/.test(e.message))) throw e;
    const r = await solve(p, { ...options, maxNodes: 1, allMoves: false, shortest: false, strategy: false });
    const { stopped: _stopped, ...facts } = answer01(p, r, {});
    return { ...facts, value: 'unknown', exhausted: false, winner: null, ms: Math.round(performance.now() - t0) };
  }
}

/**
 * solve with 0.1's answer (the one conversion, solveAnswer01, which the CLI uses too); the signal throws ABORTED, as
 * 0.1 did.
 */
export async function solve01(p: Position, options: SolveOptions & RunOptions = {}): Promise<SolveResult01> {
  const { stopped, ...r } = await solveAnswer01(p, options);
  if (stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  return r;
}
