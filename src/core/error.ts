// The one error type of gridbits: every engine throws it, with a stable code the CLI and callers can test.

/** What kind of mistake or stop an error is: stable, for callers to test. */
export type ErrorCode =
  | 'BAD_BOARD'
  | 'BOARD_TOO_LARGE'
  | 'BAD_SQUARE'
  | 'OFF_BOARD'
  | 'BAD_PIECE'
  | 'BAD_DIAGRAM'
  | 'BAD_ARGUMENT'
  | 'BAD_INPUT'
  | 'LIMIT'
  | 'ABORTED';

/** Every code, for the constructor's check (the type makes the list complete). */
const CODES: Record<ErrorCode, true> = {
  BAD_BOARD: true,
  BOARD_TOO_LARGE: true,
  BAD_SQUARE: true,
  OFF_BOARD: true,
  BAD_PIECE: true,
  BAD_DIAGRAM: true,
  BAD_ARGUMENT: true,
  BAD_INPUT: true,
  LIMIT: true,
  ABORTED: true,
};

/**
 * The one error type of gridbits: every engine throws it for bad input or a refused request, with a stable
 * `code` and a one-line message that names the problem.
 */
export class GridbitsError extends Error {
  /** The kind of error. */
  readonly code: ErrorCode;

  /**
   * The message is one short line: quoted input longer than 80 characters is cut to its start and its length,
   * and newlines and other control characters are escaped.
   */
  constructor(code: ErrorCode, message: string) {
    if (typeof code !== 'string' || !Object.hasOwn(CODES, code)) {
      const codes = Object.keys(CODES).join(', ');
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `code must be one of ${codes}, got ${typeof code === 'string' ? code : typeof code}`,
      );
    }
    if (typeof message !== 'string') throw new GridbitsError('BAD_ARGUMENT', 'message must be a string');
    super(oneLine(shortQuotes(message)));
    this.name = 'GridbitsError';
    this.code = code;
  }
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A quoted span: a quote after a space, '(', ':' or '=' (or at the start), to a quote before a space or punctuation.
 */
const QUOTED = /(^|[\s(:=])'([^']{81,}?)'(?=$|[\s),.;:])/g;

/** Quoted input over 80 characters shown as its first 60 and its length: a pasted megabyte stays out of the message. */
function shortQuotes(text: string): string {
  return text.replace(QUOTED, (_, before: string, inner: string) => {
    const chars = Array.from(inner);
    return `${before}'${chars.slice(0, 60).join('')}…' (${chars.length} characters)`;
  });
}

/** Control characters written as escapes, so that quoted input cannot break a message over lines. */
function oneLine(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether a caught value is a GridbitsError. */
export function isGridbitsError(e: unknown): e is GridbitsError {
  return e instanceof GridbitsError;
}
