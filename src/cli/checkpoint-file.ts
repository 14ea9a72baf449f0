// A count's checkpoint on disk: read back whole (tables straight into typed arrays), written whole then renamed into place.
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { GridbitsError } from '../core/error.js';
import { checkpointBytes, readCheckpointHead } from '../tour/count-checkpoint.js';
import type { CountCheckpoint } from '../tour/count.js';
import { fileErrorWords } from './sink.js';

/** Bytes moved per read or write call (Node reads and writes at most about 2 GB at once). */
const CHUNK = 1 << 30;

/** The checkpoint in `file`, or undefined when there is no such file (a count that starts afresh). */
export function loadCheckpoint(file: string): CountCheckpoint | undefined {
  if (!existsSync(file)) return undefined;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': ${fileErrorWords(e)}`);
  }
  try {
    const size = fstatSync(fd).size;
    if (fstatSync(fd).isDirectory()) throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': it is a directory`);
    const first = new Uint8Array(Math.min(size, 1 << 22));
    readFully(fd, first, 0);
    const { head, tablesAt } = readCheckpointHead(first);
    if (size !== checkpointBytes(head, tablesAt)) {
      throw new GridbitsError('BAD_INPUT', `the checkpoint '${file}' is damaged (it has ${size} bytes, its header says ${checkpointBytes(head, tablesAt)}); give another file to start afresh`);
    }
    const cur = new Uint32Array(4 * head.curEntries);
    const next = new Uint32Array(4 * head.nextEntries);
    readFully(fd, new Uint8Array(cur.buffer), tablesAt);
    readFully(fd, new Uint8Array(next.buffer), tablesAt + cur.byteLength);
    return { head, cur, next };
  } catch (e) {
    if (e instanceof GridbitsError) throw e.code === 'BAD_INPUT' && !e.message.includes(`'${file}'`) ? new GridbitsError('BAD_INPUT', `'${file}': ${e.message}`) : e;
    throw new GridbitsError('BAD_INPUT', `cannot read the checkpoint '${file}': ${fileErrorWords(e)}`);
  } finally {
    closeSync(fd);
  }
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length; ) {
    const n = readSync(fd, into, done, Math.min(CHUNK, into.length - done), position + done);
    if (n === 0) throw new GridbitsError('BAD_INPUT', 'the checkpoint is cut short');
    done += n;
  }
}

/** Writes a checkpoint's bytes to `file`: whole into a file beside it, then renamed over it (never half-written). */
export function saveCheckpoint(file: string, parts: Uint8Array[]): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      for (const p of parts) {
        for (let done = 0; done < p.length; ) done += writeSync(fd, p, done, Math.min(CHUNK, p.length - done));
      }
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new GridbitsError('BAD_ARGUMENT', `cannot write the checkpoint '${file}': ${fileErrorWords(e)}`);
  }
}

/** Removes a checkpoint once its count is finished. */
export function dropCheckpoint(file: string): void {
  rmSync(file, { force: true });
}
