// The shape of a benchmark section: rows of medians with a target and a ratio against a baseline.

export interface BenchRow {
  /** What was measured, e.g. "knight attacks, one square, 8x8". */
  name: string;
  /** Median time of one operation, in milliseconds. */
  medianMs: number;
  /** The baseline measured in the same process, when there is one. */
  baseline?: { name: string; medianMs: number };
  /** The target, in words, e.g. "≤ 1.5× chessops" or "< 5 ms". */
  target?: string;
  /** Whether the target is met (undefined when the row has no target). */
  met?: boolean;
  /** Anything else worth printing: peak memory, counts, nodes per second. */
  note?: string;
}

export interface BenchSection {
  title: string;
  rows: BenchRow[];
  notes?: string[];
}
