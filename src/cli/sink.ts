// Where a command's result goes: standard output (a reader that goes away, as `| head` does, ends the writing
// quietly), or a file named by --out. A regular file is written into a new file of its own beside its target
// (created exclusively, under a name no one can guess, never through a link) and renamed over the target when the
// command succeeds, so it is never left half-written; the target keeps its mode. A symlink is written through (its
// target replaced, the link kept); the command's own standard output or error named as a file (/dev/stdout) is
// written to directly, so it works into a pipe and appends under >>; a device is written in place. A directory,
// a FIFO, a socket or an empty name is refused before any work.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { GridbitsError } from '../core/error.js';

export interface Sink {
  /** Writes text (UTF-8). */
  text(s: string): void;
  /** Writes the first `n` bytes of `b`. */
  bytes(b: Uint8Array, n?: number): void;
  /** True once the reader of standard output has gone away: nothing more is written. */
  readonly closed: boolean;
  /** Puts the written file in place (a no-op for standard output and devices). */
  commit(): void;
  /** Throws the written part away (a file's target is left as it was). */
  abandon(): void;
}

/** The file error in words. */
export function fileErrorWords(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    ENOTDIR: 'a part of the path is not a directory',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'over the disk quota',
    EEXIST: 'it already exists',
    ELOOP: 'too many symbolic links',
    ENAMETOOLONG: 'the name is too long',
    EMFILE: 'too many open files',
    EIO: 'an input/output error',
    EFBIG: 'the file would be too large',
  };
  return (code !== undefined && words[code]) || ((e as Error).message ?? String(e)).split('\n')[0];
}

function writeAll(fd: number, b: Uint8Array, n: number, onPipeClosed: () => void): void {
  let off = 0;
  while (off < n) {
    try {
      // At most a GiB a call (a write call takes less than 2 GiB).
      off += writeSync(fd, b, off, Math.min(n - off, 1 << 30));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EPIPE') {
        onPipeClosed();
        return;
      }
      throw e;
    }
  }
}

/**
 * A new file beside `target` to write it whole in: created exclusively (never an existing file, never through a
 * link), readable by its owner only while written, under a name no one can guess; then given `mode` (the target's
 * own when it exists, else what a new file gets under the umask).
 */
export function createTemp(target: string, mode: number | undefined): { fd: number; path: string } {
  const path = join(dirname(target), `.${basename(target).slice(0, 200)}.${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    fchmodSync(fd, mode ?? 0o666 & ~process.umask());
  } catch (e) {
    closeSync(fd);
    unlinkSync(path);
    throw e;
  }
  return { fd, path };
}

/** 1 or 2 when `file` is the command's own standard output or error (as /dev/stdout names it), else null. */
function ownStream(file: string): 1 | 2 | null {
  let st: Stats;
  try {
    st = statSync(file);
  } catch {
    return null;
  }
  for (const fd of [1, 2] as const) {
    try {
      const own = fstatSync(fd);
      if (own.dev === st.dev && own.ino === st.ino) return fd;
    } catch {
      // not open
    }
  }
  return null;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Follows symlinks to the path that is finally written (which may not exist yet). */
function throughLinks(path: string): string {
  let at = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const st = lstatOrNull(at);
    if (st === null || !st.isSymbolicLink()) return at;
    at = resolve(dirname(at), readlinkSync(at));
  }
  const e = new Error('too many symbolic links') as NodeJS.ErrnoException;
  e.code = 'ELOOP';
  throw e;
}

/** Standard output (or error, fd 2) as a sink; a write that fails (a full disk) is one line, exit 2. */
function stdoutSink(fd: 1 | 2 = 1): Sink {
  let closed = false;
  const close = (): void => {
    closed = true;
  };
  const write = (b: Uint8Array, n: number): void => {
    try {
      writeAll(fd, b, n, close);
    } catch (e) {
      closed = true;
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `cannot write standard ${fd === 1 ? 'output' : 'error'}: ${fileErrorWords(e)}`,
      );
    }
  };
  return {
    text(s) {
      if (closed) return;
      const b = Buffer.from(s);
      write(b, b.length);
    },
    bytes(b, n = b.length) {
      if (!closed) write(b, n);
    },
    get closed() {
      return closed;
    },
    commit: () => undefined,
    abandon: () => undefined,
  };
}

/**
 * The sink for `--out FILE` (`what` names the file in errors), or standard output for undefined or '-'. Checks
 * the name before any work starts: a directory, a FIFO or an empty name is a user's mistake (BAD_ARGUMENT). With
 * `fileOnly` (a checkpoint, which is read back) the target must be a regular file or a new one.
 */
export function openSink(file: string | undefined, what = '--out', fileOnly = false): Sink {
  if (!fileOnly && (file === undefined || file === '-')) return stdoutSink();
  if (file === undefined || file.trim() === '') throw new GridbitsError('BAD_ARGUMENT', `${what} needs a file name`);
  const own = ownStream(file);
  if (own !== null && !fileOnly) return stdoutSink(own);
  const notAFile = (kind: string): never => {
    throw new GridbitsError('BAD_ARGUMENT', `${what} '${file}' is ${kind}: give the name of a regular file`);
  };
  if (own !== null) notAFile("the command's own output");
  const fail = (e: unknown): never => {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `cannot write ${what.startsWith('-') ? '' : `${what} `}'${file}': ${fileErrorWords(e)}`,
    );
  };
  let target = '';
  let st: Stats | null = null;
  try {
    target = throughLinks(file);
    st = lstatOrNull(target);
  } catch (e) {
    fail(e);
  }
  if ((st !== null && st.isDirectory()) || /[/\\]$/.test(file))
    throw new GridbitsError('BAD_ARGUMENT', `${what} '${file}' is a directory: give a file name`);
  if (st !== null && (st.isFIFO() || st.isSocket()) && fileOnly)
    notAFile(st.isFIFO() ? 'a FIFO (named pipe)' : 'a socket');
  if (st !== null && (st.isFIFO() || st.isSocket()))
    throw new GridbitsError(
      'BAD_ARGUMENT',
      `${what} '${file}' is a ${st.isFIFO() ? 'FIFO (named pipe)' : 'socket'}: give a regular file (for a pipe, write to standard output)`,
    );
  if (st !== null && !st.isFile() && fileOnly) notAFile('a device');
  if (st !== null && !st.isFile()) {
    // A device: written in place, never replaced.
    let fd = -1;
    try {
      fd = openSync(target, 'w');
    } catch (e) {
      fail(e);
    }
    return deviceSink(fd, file);
  }
  let dirStat: Stats | null = null;
  try {
    dirStat = statSync(dirname(target));
  } catch (e) {
    fail(e);
  }
  if (!dirStat!.isDirectory()) fail(Object.assign(new Error(''), { code: 'ENOTDIR' }));
  let fd = -1;
  let tmp = '';
  try {
    ({ fd, path: tmp } = createTemp(target, st === null ? undefined : st.mode & 0o7777));
  } catch (e) {
    fail(e);
  }
  const cleanup = (): void => {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  };
  // Ctrl-C or an error exit leaves no temporary file behind.
  process.once('exit', cleanup);
  let open = true;
  const end = (): void => {
    if (open) closeSync(fd);
    open = false;
    process.removeListener('exit', cleanup);
  };
  const guard = (write: () => void): void => {
    try {
      write();
    } catch (e) {
      end();
      cleanup();
      fail(e);
    }
  };
  return {
    text(s) {
      const b = Buffer.from(s);
      guard(() => writeAll(fd, b, b.length, () => undefined));
    },
    bytes(b, n = b.length) {
      guard(() => writeAll(fd, b, n, () => undefined));
    },
    closed: false,
    commit() {
      end();
      try {
        renameSync(tmp, target);
      } catch (e) {
        cleanup();
        fail(e);
      }
    },
    abandon() {
      end();
      cleanup();
    },
  };
}

function deviceSink(fd: number, file: string): Sink {
  let open = true;
  const close = (): void => {
    if (open) closeSync(fd);
    open = false;
  };
  const write = (b: Uint8Array, n: number): void => {
    try {
      writeAll(fd, b, n, () => undefined);
    } catch (e) {
      close();
      throw new GridbitsError('BAD_ARGUMENT', `cannot write '${file}': ${fileErrorWords(e)}`);
    }
  };
  return {
    text: (s) => {
      const b = Buffer.from(s);
      write(b, b.length);
    },
    bytes: (b, n = b.length) => write(b, n),
    closed: false,
    commit: close,
    abandon: close,
  };
}
