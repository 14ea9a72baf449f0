// A stopped tour run in words ("budget exhausted after 20000 nodes"), as the CLI prints it and the Tours page
// shows it; not part of the library's face (the CLI's bundle carries it).
import type { StopReason } from '../core/job.js';

/** The limit that stopped a count, in words: the node budget or the time limit as given. */
export function budgetWords(stopped: StopReason, limits: { maxNodes?: number; timeoutMs?: number }): string {
  if (stopped === 'time') return `budget exhausted after ${limits.timeoutMs} ms`;
  return `budget exhausted after ${limits.maxNodes} nodes`;
}

/** A stopped tour search, in words: what it spent, and the theorem's words when one says a tour exists. */
export function searchStopWords(nodes: number, backtracks: number, theorem: string | undefined): string {
  return `budget exhausted after ${nodes} nodes and ${backtracks} backtracks${theorem !== undefined ? ` (${theorem}; none was found within the budget)` : ''}`;
}
