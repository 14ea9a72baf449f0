// Where a command's result goes: standard output (a reader that goes away, as `| head` does, ends the writing
// quietly), or a file named by --out. A regular file is written beside its target and renamed over it when the
// command succeeds, so it is never left half-written; a symlink is written through (its target replaced, the
// link kept); a device, FIFO or socket is written in place. A directory or an empty name is refused.
import {
  chmodSync,
  closeSync,
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
      off += writeSync(fd, b, off, n - off);
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

/** Standard output as a sink. */
function stdoutSink(): Sink {
  let closed = false;
  const close = (): void => {
    closed = true;
  };
  return {
    text(s) {
      if (closed) return;
      const b = Buffer.from(s);
      writeAll(1, b, b.length, close);
    },
    bytes(b, n = b.length) {
      if (!closed) writeAll(1, b, n, close);
    },
    get closed() {
      return closed;
    },
    commit: () => undefined,
    abandon: () => undefined,
  };
}

/**
 * The sink for `--out FILE` (`what` names the flag in errors), or standard output for undefined or '-'. Checks
 * the name before any work starts: a directory or an empty name is a user's mistake (BAD_ARGUMENT).
 */
export function openSink(file: string | undefined, what = '--out'): Sink {
  if (file === undefined || file === '-') return stdoutSink();
  if (file.trim() === '') throw new GridbitsError('BAD_ARGUMENT', `${what} needs a file name`);
  const fail = (e: unknown): never => {
    throw new GridbitsError('BAD_ARGUMENT', `cannot write '${file}': ${fileErrorWords(e)}`);
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
  if (st !== null && !st.isFile()) {
    // A device, FIFO or socket: written in place, never replaced.
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
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  let fd = -1;
  try {
    fd = openSync(tmp, 'w');
    if (st !== null) chmodSync(tmp, st.mode & 0o7777);
  } catch (e) {
    if (fd >= 0) closeSync(fd);
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
