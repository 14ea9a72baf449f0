// A count's state saved to bytes and read back: the frontier program's tables and counters, checked on reading.
//
// Method: none of its own: the frontier-based search's two state tables (count-frontier.ts, count-table.ts)
// written out between squares, to be read back and continued.
import { GridbitsError } from '../core/error.js';
import { checkWhole, shown } from './check.js';
import type { CountGraph } from './count-graph.js';
import type { FrontierOptions, FrontierSnapshot } from './count-frontier.js';

/*
 * Layout: the magic line, the header's length (4 bytes, little-endian), the header (JSON), then the two tables'
 * entries as they lie in memory (16 bytes each, little-endian words). The header names the question (for the
 * message when a checkpoint of another count is given), the program's fingerprint (the graph, the kind of count
 * and the method's version: a checkpoint resumes only the very same program), the counter's state, and last a
 * check sum of everything before it and of the tables. Every byte is checked on reading: the magic line as it is,
 * the length and the header by their parse (the header must be exactly what this version writes for its
 * fields), the header's fields and the tables by the sum. Each step of the sum maps its state one to one, so a
 * change confined to one byte of the header or one word of the tables always changes it.
 */

const MAGIC = 'gridbits count checkpoint\n';
/** Version 2: the check sum covers the header (version 1's covered the tables only). */
const VERSION = 2;

/** What a checkpoint's header holds. */
export interface CheckpointHead {
  /** The layout's version. */
  version: number;
  /** The question in words ("closed knight tours of 8×8"). */
  question: string;
  /** The program it resumes (see `frontierFingerprint`). */
  fingerprint: string;
  /** Entries of the two tables (16 bytes each). */
  curEntries: number;
  /** Entries of the second table. */
  nextEntries: number;
  /** The program's counters where it stopped (read by the counter only). */
  state: Readonly<Record<string, unknown>>;
  /** Check sum of the header's other fields (as written) and of the tables' words. */
  sum: number;
}

type State = Omit<FrontierSnapshot, 'cur' | 'next'> & { curSize: number; nextSize: number };

/** The fingerprint of a frontier program: its graph and options, and the method's version. */
export function frontierFingerprint(g: CountGraph, o: Pick<FrontierOptions, 'closed' | 'ends' | 'iface'>): string {
  let h = 0x811c9dc5;
  const mix = (x: number): void => {
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
  };
  mix(g.n);
  mix(g.width);
  mix(g.reach);
  for (let v = 0; v < g.n; v++) {
    mix(g.back[v].length);
    for (const d of g.back[v]) mix(d);
  }
  return `frontier-${VERSION} n${g.n} w${g.width} ${o.closed ? 'closed' : 'open'} ends${o.ends.join(',')} iface${o.iface ?? 0} ${(h >>> 0).toString(16)}`;
}

/** The check sum of a header's fields but its sum (the JSON text it is written as) and of the tables' words. */
function sumOf(head: Omit<CheckpointHead, 'sum'>, tables: Uint32Array[]): number {
  let h = 0x9e3779b9;
  // Each step is one to one in h (xor with the input, times an odd number, xor with a shift of itself down).
  for (const b of new TextEncoder().encode(JSON.stringify(head))) h = Math.imul(h ^ b, 0x85ebca6b) ^ (h >>> 13);
  for (const p of tables) {
    for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p[i], 0x85ebca6b) ^ (h >>> 13);
  }
  return h >>> 0;
}

/** The header's fields in the order they are written, its sum left out. */
function unsummed(head: CheckpointHead): Omit<CheckpointHead, 'sum'> {
  const { version, question, fingerprint, curEntries, nextEntries, state } = head;
  return { version, question, fingerprint, curEntries, nextEntries, state };
}

/** The bytes of a checkpoint, in order: write them one after the other. */
export function checkpointParts(question: string, fingerprint: string, s: FrontierSnapshot): Uint8Array[] {
  const { cur, next, ...rest } = s;
  const fields: Omit<CheckpointHead, 'sum'> = {
    version: VERSION,
    question,
    fingerprint,
    curEntries: cur.e.length / 4,
    nextEntries: next.e.length / 4,
    state: { ...rest, curSize: cur.size, nextSize: next.size } satisfies State,
  };
  const head: CheckpointHead = { ...fields, sum: sumOf(fields, [cur.e, next.e]) };
  const text = new TextEncoder().encode(JSON.stringify(head));
  const len = new Uint8Array(4);
  new DataView(len.buffer).setUint32(0, text.length, true);
  return [new TextEncoder().encode(MAGIC), len, text, bytesOf(cur.e), bytesOf(next.e)];
}

function bytesOf(a: Uint32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** A checkpoint's header, and where its tables start in the file. */
export interface CheckpointStart {
  /** The header. */
  head: CheckpointHead;
  /** Byte offset of the first table. */
  tablesAt: number;
}

/**
 * Reads a checkpoint's header from its first bytes (at least the magic line, the length and the header): the
 * header and where the tables start. Throws BAD_INPUT for anything that is not a gridbits count checkpoint.
 */
export function readCheckpointHead(bytes: Uint8Array): CheckpointStart {
  if (!(bytes instanceof Uint8Array))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `bytes must be a checkpoint's first bytes (a Uint8Array), got ${shown(bytes)}`,
    );
  const magic = new TextEncoder().encode(MAGIC);
  const damaged = (why: string): GridbitsError =>
    new GridbitsError('BAD_INPUT', `the checkpoint's bytes are damaged or not a gridbits count checkpoint (${why})`);
  if (bytes.length < magic.length + 4 || magic.some((b, i) => bytes[i] !== b))
    throw damaged('it does not start as one');
  const len = new DataView(bytes.buffer, bytes.byteOffset + magic.length, 4).getUint32(0, true);
  const start = magic.length + 4;
  if (bytes.length < start + len) throw damaged('its header is cut short');
  let head: CheckpointHead;
  const text = new TextDecoder().decode(bytes.subarray(start, start + len));
  try {
    head = JSON.parse(text) as CheckpointHead;
  } catch {
    throw damaged('its header is not readable');
  }
  if (
    typeof head !== 'object' ||
    head === null ||
    head.version !== VERSION ||
    typeof head.question !== 'string' ||
    typeof head.fingerprint !== 'string' ||
    typeof head.state !== 'object' ||
    head.state === null ||
    !Number.isInteger(head.sum) ||
    // Exactly as this version writes it: then the sum, taken over the fields as written, covers every byte.
    JSON.stringify({ ...unsummed(head), sum: head.sum }) !== text
  ) {
    throw damaged('its header is not one this version writes');
  }
  for (const n of [head.curEntries, head.nextEntries]) {
    if (!Number.isInteger(n) || n < 16 || !Number.isInteger(Math.log2(n)))
      throw damaged('its tables have impossible sizes');
  }
  return { head, tablesAt: start + len };
}

/** The bytes a checkpoint with this header takes. */
export function checkpointBytes(head: CheckpointHead, tablesAt: number): number {
  const h = head as unknown as Record<string, unknown> | null;
  const entries = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 16;
  if (h === null || typeof h !== 'object' || !entries(h.curEntries) || !entries(h.nextEntries))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `head must be a checkpoint's header (readCheckpointHead), got ${shown(head)}`,
    );
  checkWhole(tablesAt, 'tablesAt', 0);
  return tablesAt + 16 * (head.curEntries + head.nextEntries);
}

/** The refusal of a checkpoint made by another count than `question`'s. */
export function notThisCount(head: CheckpointHead, question: string): GridbitsError {
  const other =
    head.question === question
      ? `${head.question}, by another version of the counter or another method`
      : head.question;
  return new GridbitsError(
    'BAD_INPUT',
    `the checkpoint is of ${other}, not of ${question}; give another file to start afresh`,
  );
}

/**
 * The snapshot a checkpoint holds, checked: it must be of the program `fingerprint` (else BAD_INPUT naming
 * both questions) and its tables must match their check sum (else BAD_INPUT: damaged).
 */
export function checkpointSnapshot(
  head: CheckpointHead,
  cur: Uint32Array,
  next: Uint32Array,
  question: string,
  fingerprint: string,
): FrontierSnapshot {
  // The sum first: a damaged fingerprint is damage, not another count.
  if (
    cur.length !== 4 * head.curEntries ||
    next.length !== 4 * head.nextEntries ||
    sumOf(unsummed(head), [cur, next]) !== head.sum
  ) {
    throw new GridbitsError(
      'BAD_INPUT',
      'the checkpoint is damaged (it does not match its check sum); give another file to start afresh',
    );
  }
  if (head.fingerprint !== fingerprint) throw notThisCount(head, question);
  const { curSize, nextSize, ...rest } = head.state as State;
  return { ...rest, cur: { e: cur, size: curSize }, next: { e: next, size: nextSize } };
}
