// The one error type of gridbits: every engine throws it, with a stable code the CLI and callers can test.

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

export class GridbitsError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'GridbitsError';
    this.code = code;
  }
}

export function isGridbitsError(e: unknown): e is GridbitsError {
  return e instanceof GridbitsError;
}
