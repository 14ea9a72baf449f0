// The King's Valley AI's levels: data alone, so that a help text can list them without loading the search.

/** An AI level: a search budget per move, depth in plies or milliseconds. */
export interface Level {
  /** 1 (weakest) to 6. */
  level: number;
  /** Search depth in plies, for the fixed-depth levels. */
  depth?: number;
  /** Milliseconds a move, for the timed levels. */
  timeoutMs?: number;
  /** For people. */
  about: string;
}

/** The AI levels, weakest first; `ai` alone means DEFAULT_LEVEL (100 ms a move). */
export const AI_LEVELS: readonly Level[] = [
  { level: 1, depth: 1, about: 'one ply: takes a win in 1, else the best-looking move' },
  { level: 2, depth: 2, about: 'two plies: also stops a win in 1 when it can' },
  { level: 3, depth: 4, about: 'four plies' },
  { level: 4, timeoutMs: 30, about: '30 ms a move' },
  { level: 5, timeoutMs: 100, about: '100 ms a move (the default)' },
  { level: 6, timeoutMs: 1000, about: '1 s a move' },
];
/** The level `ai` means. */
export const DEFAULT_LEVEL = 5;
