// A count's checkpoint on disk: read back whole (tables straight into typed arrays), written whole then renamed
// into place; and a sharded count's checkpoint, the shards it has counted.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { GridbitsError } from '../core/error.js';
import type { ShardCount, ShardedCount } from '../core/shards.js';
import { checkpointBytes, readCheckpointHead } from '../tour/count-checkpoint.js';
import type { CountCheckpoint } from '../tour/count.js';
import { fileErrorWords, openSink } from './sink.js';

/** Bytes moved per read or write call (Node reads and writes at most about 2 GB at once). */
const CHUNK = 1 << 30;

/**
 * The checkpoint in `file`, or undefined when there is no such file (a count that starts afresh); first, a file
 * that could not be saved is refused (`checkCheckpointFile`).
 */
export function loadCheckpoint(file: string): CountCheckpoint | undefined {
  checkCheckpointFile(file);
  if (!existsSync(file)) return undefined;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': ${fileErrorWords(e)}`);
  }
  try {
    const size = fstatSync(fd).size;
    if (fstatSync(fd).isDirectory())
      throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': it is a directory`);
    const first = new Uint8Array(Math.min(size, 1 << 22));
    readFully(fd, first, 0);
    const { head, tablesAt } = readCheckpointHead(first);
    if (size !== checkpointBytes(head, tablesAt)) {
      throw new GridbitsError(
        'BAD_INPUT',
        `the checkpoint '${file}' is damaged (it has ${size} bytes, its header says ${checkpointBytes(head, tablesAt)}); give another file to start afresh`,
      );
    }
    const cur = new Uint32Array(4 * head.curEntries);
    const next = new Uint32Array(4 * head.nextEntries);
    readFully(fd, new Uint8Array(cur.buffer), tablesAt);
    readFully(fd, new Uint8Array(next.buffer), tablesAt + cur.byteLength);
    return { head, cur, next };
  } catch (e) {
    if (e instanceof GridbitsError)
      throw e.code === 'BAD_INPUT' && !e.message.includes(`'${file}'`)
        ? new GridbitsError('BAD_INPUT', `'${file}': ${e.message}`)
        : e;
    throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': ${fileErrorWords(e)}`);
  } finally {
    closeSync(fd);
  }
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length;) {
    const n = readSync(fd, into, done, Math.min(CHUNK, into.length - done), position + done);
    if (n === 0) throw new GridbitsError('BAD_INPUT', 'the checkpoint is cut short');
    done += n;
  }
}

/**
 * Refuses, before any work, a checkpoint that could not be saved: not a regular file (a directory, a device, a
 * FIFO, the command's own output), or in a place where no file can be made.
 */
function checkCheckpointFile(file: string): void {
  openSink(file, 'the checkpoint', true).abandon();
}

/** Writes a checkpoint's bytes to `file`: whole into a new file beside it, then renamed over it (never half-done). */
export function saveCheckpoint(file: string, parts: Uint8Array[]): void {
  const sink = openSink(file, 'the checkpoint', true);
  try {
    for (const p of parts) sink.bytes(p);
    sink.commit();
  } catch (e) {
    sink.abandon();
    throw e;
  }
}

/** Removes a checkpoint once its count is finished. */
export function dropCheckpoint(file: string): void {
  rmSync(file, { force: true });
}

/*
 * A sharded count's checkpoint: the shards counted so far. A text file: the magic line, one line of JSON holding
 * the count's key and its shards' counts, then a line with a check sum of every byte before it. Every byte is
 * checked: the text must be exactly what this version writes (the JSON's fields in their order, no other space).
 */
const SHARDS_MAGIC = 'gridbits shards checkpoint 2\n';

/** A check sum of a text (FNV-1a over its UTF-16 code units, 32 bits, as hex): one to one at each step. */
function textSum(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The text of a sharded count's checkpoint: its body and the line with the body's check sum. */
function shardCheckpointText(key: unknown, shards: unknown, counts: unknown): string {
  const body = `${SHARDS_MAGIC}${JSON.stringify({ key, shards, counts })}\n`;
  return `${body}sum ${textSum(body)}\n`;
}

/**
 * The shards of `sc` counted before, from `file` (none when there is no such file). A file of another count,
 * a damaged one or something else is refused (BAD_INPUT, naming the file), never resumed.
 */
export function loadShardCheckpoint(file: string, sc: ShardedCount): Map<number, ShardCount> {
  const done = new Map<number, ShardCount>();
  checkCheckpointFile(file);
  if (!existsSync(file)) return done;
  let text: string;
  try {
    if (statSync(file).isDirectory())
      throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': it is a directory`);
    text = readFileSync(file, 'latin1');
  } catch (e) {
    if (e instanceof GridbitsError) throw e;
    throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': ${fileErrorWords(e)}`);
  }
  if (!text.startsWith(SHARDS_MAGIC))
    throw new GridbitsError(
      'BAD_INPUT',
      `'${file}' is not a checkpoint of a sharded count; give another file to start afresh`,
    );
  const damaged = (why: string): GridbitsError =>
    new GridbitsError('BAD_INPUT', `the checkpoint '${file}' is damaged (${why}); give another file to start afresh`);
  const sumAt = text.lastIndexOf('sum ', text.length - 1);
  if (sumAt < 0 || text !== `${text.slice(0, sumAt)}sum ${textSum(text.slice(0, sumAt))}\n`)
    throw damaged('it does not match its check sum');
  let doc: { key?: unknown; shards?: unknown; counts?: unknown };
  try {
    doc = JSON.parse(text.slice(SHARDS_MAGIC.length, sumAt)) as typeof doc;
  } catch {
    throw damaged('it is not JSON');
  }
  if (
    typeof doc !== 'object' ||
    doc === null ||
    typeof doc.counts !== 'object' ||
    doc.counts === null ||
    shardCheckpointText(doc.key, doc.shards, doc.counts) !== text
  )
    throw damaged('its fields are not as this version writes them');
  if (doc.key !== sc.key)
    throw new GridbitsError(
      'BAD_INPUT',
      `the checkpoint '${file}' is of another count, not this one; give another file to start afresh`,
    );
  for (const [i, c] of Object.entries(doc.counts as Record<string, unknown>)) {
    const index = Number(i);
    const v = c as { count?: unknown; nodes?: unknown; peakStates?: unknown };
    if (
      !Number.isInteger(index) ||
      index < 0 ||
      index >= sc.shards ||
      typeof v?.count !== 'string' ||
      !/^[0-9]+$/.test(v.count)
    )
      throw damaged(`its shard '${i}' is not one of the count's`);
    const nodes = typeof v.nodes === 'number' && v.nodes >= 0 ? v.nodes : 0;
    done.set(index, {
      index,
      key: sc.key,
      count: BigInt(v.count),
      nodes,
      ...(typeof v.peakStates === 'number' ? { peakStates: v.peakStates } : {}),
    });
  }
  return done;
}

/** Writes the shards counted so far to `file` (whole, then renamed over the old one). */
export function saveShardCheckpoint(file: string, sc: ShardedCount, done: ReadonlyMap<number, ShardCount>): void {
  const counts: Record<string, { count: string; nodes: number; peakStates?: number }> = {};
  for (const [i, c] of [...done].sort((a, b) => a[0] - b[0]))
    counts[i] = {
      count: c.count.toString(),
      nodes: c.nodes,
      ...(c.peakStates !== undefined ? { peakStates: c.peakStates } : {}),
    };
  saveCheckpoint(file, [new TextEncoder().encode(shardCheckpointText(sc.key, sc.shards, counts))]);
}
