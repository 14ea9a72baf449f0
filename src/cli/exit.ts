// How a command ends: the exit codes, one table for every command (gridbits --help and the README show it), and
// the one map from what stopped unfinished work to its code.
import type { Stop } from './words.js';

/** The exit codes of every command. */
export const EXIT = {
  /** The command answered (a checker: its input is valid). */
  answered: 0,
  /** A checker (tour-check, fleet check) found its input not valid. */
  invalid: 1,
  /** A mistake in the input: one line on standard error. */
  mistake: 2,
  /** A budget (--timeout, --max-nodes, a sample count) ran out first: what was found is printed. */
  budget: 3,
  /** Ctrl-C: what was finished is printed where there is any. */
  interrupted: 130,
  /** A fault of gridbits itself (not the input's): one line on standard error. */
  internal: 70,
} as const;

/** The table for `gridbits --help` and the README. */
export const EXIT_HELP = `Exit codes: 0 answered; 1 a checker found its input not valid; 2 a mistake in the input (one line on
standard error); 3 a budget (--timeout, --max-nodes, …) ran out first, what was found is printed ("complete":
false); 130 Ctrl-C; 70 a fault of gridbits itself.`;

/** The exit code of work that ended: 0 when it finished, 130 for Ctrl-C, 3 for a spent budget. */
export function exitOf(stopped: Stop | null | undefined | false): number {
  if (stopped === null || stopped === undefined || stopped === false) return EXIT.answered;
  return stopped === 'signal' ? EXIT.interrupted : EXIT.budget;
}

/** The exit code of a checker's answer: 0 for valid input, 1 for input it found not valid. */
export function checkedExit(valid: boolean): number {
  return valid ? EXIT.answered : EXIT.invalid;
}
