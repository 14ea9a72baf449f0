// Step-by-step protocols of the backtracking search: the events as a stream, and printed like the paper's Table 1.
import type { Board } from '../core/board.js';
import { drawGrid } from '../render/ascii.js';
import { GridbitsError } from '../core/error.js';
import { checkBoard, checkSearchOptions, shown } from './check.js';
import { SearchMachine, type SearchSwitches, type SearchEvent } from './machine.js';
import type { Query } from './types.js';

/** Options of `traceTour`. */
export interface TraceOptions {
  /** The search's optimisations (all on by default). */
  switches?: SearchSwitches;
  /** Stop after this many events (the stream then ends without 'found' or 'exhausted'). */
  maxEvents?: number;
}

/**
 * Yields every event of the search for the query, each a fresh object, up to 'found' or 'exhausted'. The query
 * and options are checked at the call, before the first event is asked for.
 */
export function traceTour(query: Query, options: TraceOptions = {}): Generator<SearchEvent> {
  checkSearchOptions(options, 'options');
  return trace(new SearchMachine(query, options.switches), options.maxEvents ?? Infinity);
}

function* trace(m: SearchMachine, max: number): Generator<SearchEvent> {
  for (let i = 0; i < max; i++) {
    const e = m.step();
    yield { ...e };
    if (e.kind === 'found' || e.kind === 'exhausted') return;
  }
}

/** An event of the search on this board: a kind, a square of it, a depth and a count of backtracks. */
function checkEvent(board: Board, e: unknown, what: string): void {
  const v = e as Record<string, unknown> | null;
  const whole = (x: unknown): boolean => Number.isSafeInteger(x) && (x as number) >= 0;
  if (
    v === null ||
    typeof v !== 'object' ||
    typeof v.kind !== 'string' ||
    !Object.hasOwn(WORDS, v.kind) ||
    !whole(v.square) ||
    (v.square as number) >= board.cells ||
    !whole(v.depth) ||
    !whole(v.backtracks)
  )
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what} must be an event of a search on the ${board} board (as traceTour gives them), got ${shown(e)}`,
    );
}

const WORDS: Record<SearchEvent['kind'], string> = {
  move: 'move',
  backtrack: 'backtrack',
  found: 'found',
  exhausted: 'exhausted: no tour',
  restart: 'restart with the next move array',
};

/**
 * The protocol of a search: one line per event (event number, move number, square, what happened), then the
 * path the events leave standing, as a list and, when the tour is complete, as a numbered grid.
 */
export function formatTrace(board: Board, events: Iterable<SearchEvent>): string {
  checkBoard(board, 'board');
  if (
    events === null ||
    typeof events !== 'object' ||
    typeof (events as Iterable<unknown>)[Symbol.iterator] !== 'function'
  )
    throw new GridbitsError('BAD_ARGUMENT', `events must be a list of search events, got ${shown(events)}`);
  const list = [...events];
  list.forEach((e, k) => checkEvent(board, e, `events[${k}]`));
  const lines = ['event  move  square  action'];
  const path: number[] = [];
  let i = 0;
  let last: SearchEvent | undefined;
  for (const e of list) {
    i++;
    last = e;
    if (e.kind === 'move') path[e.depth] = e.square;
    if (e.kind === 'move' || e.kind === 'backtrack') path.length = e.depth + (e.kind === 'move' ? 1 : 0);
    if (e.kind === 'restart') path.length = 0;
    const move = e.kind === 'restart' || e.kind === 'exhausted' ? '' : String(e.depth + 1);
    lines.push(`${String(i).padStart(5)}  ${move.padStart(4)}  ${board.name(e.square).padEnd(6)}  ${WORDS[e.kind]}`);
  }
  if (last !== undefined && last.kind !== 'found' && last.kind !== 'exhausted')
    lines.push(`stopped after ${i} events, before an answer`);
  const names = path.map((s) => board.name(s));
  lines.push('', `path (${path.length} of ${board.cells} squares): ${names.join(' ')}`);
  if (last?.kind === 'found' && path.length === board.cells) {
    const at = new Int32Array(board.cells);
    path.forEach((s, k) => (at[s] = k + 1));
    lines.push(
      '',
      drawGrid(board, (s) => String(at[s])),
    );
  }
  return lines.join('\n');
}
