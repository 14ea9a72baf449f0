// The shape of a CLI command (its flags, its help, the loader of its work, or its subcommands) and the readers of
// the flag values every command shares: numbers, lists, durations and the board. program.ts turns the table into
// the parser.
import { GridbitsError } from '../core/error.js';
import type { Output } from './output.js';

export interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Shown in --help, e.g. "WxH". */
  value?: string;
  help: string;
  /** Older names that still work (hidden from the help). */
  aliases?: string[];
  /**
   * Flags this one does not go with, each with why in a few words (or ''): given together they are refused in one
   * line by checkFlags, never one of them ignored.
   */
  conflicts?: Record<string, string>;
  /** Flags beside one of which this one applies: given without any of them it is refused (checkFlags). */
  needs?: string[];
}

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
  /** The name a flag was given by, where it was an older alias (messages name what the user typed). */
  spelled?: Record<string, string>;
}

/** The flag as the user wrote it: `--max-backtracks` for an alias of max-nodes. */
function flagName(args: Parsed, name: string): string {
  return `--${args.spelled?.[name] ?? name}`;
}

/** A command's work: reads its flags, writes its result to `out`, returns the exit code (nothing: 0). */
export type Run = (args: Parsed, out: Output) => Promise<number | void> | number | void;

export interface Command {
  name: string;
  /** The usage line after `gridbits `, e.g. `tour <W>x<H> [--from SQ]`. */
  usage: string;
  summary: string;
  flags: Record<string, Flag>;
  /** Extra lines for --help: examples, notes. */
  details?: string;
  /**
   * Loads the work from a module of its own (an `import()`), so that the CLI loads and compiles only the code of
   * the command it runs: the table (names, flags, help) is all that parsing, --help and completion need. A command
   * with subcommands has none of its own.
   */
  load?(): Promise<Run>;
  /** Nested commands (`valley perft`, `fleet place`, …). */
  subcommands?: Command[];
  /** False for a command that prints no result (serve): no --out. */
  printsResult?: boolean;
}

/** Flags every command takes. */
const COMMON_FLAGS: Record<string, Flag> = {
  json: { type: 'boolean', help: 'print one JSON document for scripts' },
  out: {
    type: 'string',
    value: 'FILE',
    help: "write the result to FILE instead of standard output (a file is replaced whole, at once; '-' is standard output)",
  },
  progress: { type: 'boolean', help: 'show progress on standard error even when it is not a terminal' },
};

/** The flags a command takes: its own and the common ones. */
export function flagsOf(cmd: Command): Record<string, Flag> {
  const common = cmd.printsResult === false ? { json: COMMON_FLAGS.json } : COMMON_FLAGS;
  return { ...cmd.flags, ...common };
}

/** True when the flag was given (under any of its names). */
function given(args: Parsed, name: string): boolean {
  return args.values[name] !== undefined;
}

/**
 * Refuses, in one line naming `where` (the command), the flags given together that the command's table says do
 * not go together (`conflicts`) and a flag given without the flags it applies beside (`needs`): the one place
 * where a flag that would be ignored or overridden is turned into a mistake.
 */
export function checkFlags(cmd: Command, args: Parsed, where: string): void {
  const flags = flagsOf(cmd);
  for (const [name, f] of Object.entries(flags)) {
    if (!given(args, name)) continue;
    for (const [other, why] of Object.entries(f.conflicts ?? {})) {
      if (!given(args, other)) continue;
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `${where}: ${flagName(args, name)} does not go with ${flagName(args, other)}${why === '' ? '' : ` (${why})`}`,
      );
    }
    if (f.needs !== undefined && !f.needs.some((n) => given(args, n))) {
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `${where}: ${flagName(args, name)} applies only with ${f.needs.map((n) => `--${n}`).join(' or ')}`,
      );
    }
  }
}

/** A string flag's value, or undefined. */
export function str(args: Parsed, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function bool(args: Parsed, name: string): boolean {
  return args.values[name] === true;
}

/** A string flag given several times (or as a comma list), flattened. */
export function list(args: Parsed, name: string): string[] {
  const v = args.values[name];
  const items = Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : [];
  return items
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A whole-number flag within [min, max]; throws BAD_ARGUMENT naming the flag. */
export function int(args: Parsed, name: string, min: number, max: number, fallback?: number): number | undefined {
  const v = str(args, name);
  if (v === undefined) return fallback;
  if (!/^-?[0-9]+$/.test(v.trim()))
    throw new GridbitsError('BAD_ARGUMENT', `${flagName(args, name)} must be a whole number, got '${v}'`);
  const n = Number(v);
  if (n < min || n > max)
    throw new GridbitsError('BAD_ARGUMENT', `${flagName(args, name)} must be between ${min} and ${max}, got ${v}`);
  return n;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** The longest duration a flag takes: 30 days. */
const MAX_DURATION_MS = 30 * 86_400_000;

/**
 * A duration: `250ms`, `5s`, `1.5s`, `2m`, `1h`, or a bare number of milliseconds. Returns milliseconds, at
 * least 1 and at most 30 days; throws BAD_ARGUMENT naming `what` otherwise.
 */
export function parseDuration(text: string, what: string): number {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  const ms = m === null ? NaN : Number(m[1]) * UNIT_MS[(m[2] ?? 'ms').toLowerCase()];
  if (!(ms >= 1) || ms > MAX_DURATION_MS) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what} must be a duration like 250ms, 5s, 2m or 1h (a bare number is milliseconds), from 1ms to 30 days, got '${text}'`,
    );
  }
  return Math.round(ms);
}

/** A duration flag (see parseDuration), in milliseconds, or `fallback` when it is not given. */
export function duration(args: Parsed, name: string, fallback?: number): number | undefined {
  const v = str(args, name);
  return v === undefined ? fallback : parseDuration(v, flagName(args, name));
}

/**
 * The --seed flag of a random command, `what` the seed drives ("the games"): by default a fresh seed (seed.ts's
 * seedOf), printed by the command so that --seed repeats the run.
 */
export function seedFlag(what: string): Flag {
  return {
    type: 'string',
    value: 'N',
    help: `seed of ${what} (default: a fresh one, printed): the same seed repeats the run`,
  };
}

/** How a board size looks on the command line: `8x8`. */
const BOARD_FORM = /^[0-9]+x[0-9]+$/i;

/** The board of a command that has one when none is given: the chessboard (the fleet commands: 10x10, fleet.ts). */
export const DEFAULT_BOARD = '8x8';

/** The flag that names a board, for commands that take one (`--board WxH`, or the same as a positional). */
export const BOARD_FLAG: Flag = {
  type: 'string',
  value: 'WxH',
  help: `the board (default ${DEFAULT_BOARD}; or give WxH as an argument)`,
};

/**
 * The board, given either as a positional `WxH` (anywhere among the arguments) or as `--board WxH`, and the
 * other positionals. Giving it both ways is a mistake, unless both say the same.
 */
export function boardAndRest(args: Parsed, command: string): { board: string | undefined; rest: string[] } {
  const flag = str(args, 'board');
  const given = args.positionals.filter((p) => BOARD_FORM.test(p));
  const rest = args.positionals.filter((p) => !BOARD_FORM.test(p));
  if (given.length > 1)
    throw new GridbitsError('BAD_ARGUMENT', `${command}: two boards given (${given.join(', ')}): give one`);
  if (flag !== undefined && given.length === 1 && given[0].toLowerCase() !== flag.toLowerCase()) {
    throw new GridbitsError('BAD_ARGUMENT', `${command}: two boards given (${given[0]} and --board ${flag}): give one`);
  }
  return { board: flag ?? given[0], rest };
}

/**
 * The board of a command that takes no other positional (see boardAndRest): its size text, 8x8 when none is given.
 * A lone positional of another form is taken as the board, so that a misspelt size gets the board's own message.
 */
export function onlyBoard(args: Parsed, command: string): string {
  const { board, rest } = boardAndRest(args, command);
  noMoreThan(rest, board === undefined ? 1 : 0, command);
  return board ?? rest[0] ?? DEFAULT_BOARD;
}

/** Refuses positionals past the first `n` (naming the first extra one). */
export function noMoreThan(rest: string[], n: number, command: string): void {
  if (rest.length > n) throw new GridbitsError('BAD_ARGUMENT', `${command}: unexpected argument '${rest[n]}'`);
}
