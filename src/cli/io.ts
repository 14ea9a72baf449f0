// What several commands share at the process edge: reading a file argument (or stdin) and Ctrl-C as an AbortSignal.
import { readFileSync } from 'node:fs';
import { GridbitsError } from '../core/error.js';
import type { Output } from './output.js';

/** Reads a file argument, or standard input for '-'; `what` names it in the error ("the mask"). */
export function readTextArg(file: string, what?: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : ((e as Error).message.split('\n')[0] ?? 'unreadable');
    throw new GridbitsError('BAD_INPUT', `cannot read ${what === undefined ? '' : `${what} `}${file === '-' ? 'standard input' : `'${file}'`}: ${why}`);
  }
}

/**
 * Runs work that yields to the event loop now and then, with Ctrl-C turned into an AbortSignal (main.ts also
 * exits 130 on it); clears the progress line at the end.
 */
export async function interruptible<T>(out: Output, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInt = (): void => controller.abort();
  process.once('SIGINT', onInt);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onInt);
    out.endProgress();
  }
}
