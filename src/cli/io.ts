// What several commands share at the process edge: reading a file argument (or stdin), and Ctrl-C: it stops the
// running work (which then reports what it finished) or, when nothing is running, ends the command at once.
import { readFileSync, statSync } from 'node:fs';
import { GridbitsError } from '../core/error.js';
import type { Output } from './output.js';
import { fileErrorWords } from './sink.js';

/** Reads a file argument, or standard input for '-'; `what` names it in the error ("the mask"). */
export function readTextArg(file: string, what?: string): string {
  const name = `${what === undefined ? '' : `${what} `}${file === '-' ? 'standard input' : `'${file}'`}`;
  try {
    if (file !== '-' && statSync(file).isDirectory())
      throw new GridbitsError('BAD_INPUT', `cannot read ${name}: it is a directory`);
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    if (e instanceof GridbitsError) throw e;
    throw new GridbitsError('BAD_INPUT', `cannot read ${name}: ${fileErrorWords(e)}`);
  }
}

/** How long stopped work has to report what it finished before Ctrl-C ends the process anyway. */
export const INTERRUPT_DEADLINE_MS = 500;

let running: AbortController | null = null;
/** True while stopped work saves its state (a checkpoint): the deadline waits for it; a second Ctrl-C does not. */
let saving = false;

function onInterrupt(): void {
  if (running !== null && !running.signal.aborted) {
    running.abort();
    // The work stops at its next check and the command prints what it finished; past the deadline, exit anyway.
    const deadline = (): void => {
      if (saving) return void setTimeout(deadline, 50).unref();
      process.stderr.write('\ngridbits: interrupted\n');
      process.exit(130);
    };
    setTimeout(deadline, INTERRUPT_DEADLINE_MS).unref();
    return;
  }
  process.stderr.write('\ngridbits: interrupted\n');
  process.exit(130);
}

/**
 * Saves stopped work's state (`save` writes it whole, then renames it into place): Ctrl-C's deadline waits for
 * it, so a large checkpoint is not cut short; a second Ctrl-C ends the process at once, and the file written
 * last before stays as it was.
 */
export function whileSaving<T>(save: () => T): T {
  saving = true;
  try {
    return save();
  } finally {
    saving = false;
  }
}

/** Installs the Ctrl-C handler (main.ts, once). */
export function handleInterrupts(): void {
  process.on('SIGINT', onInterrupt);
}

/**
 * Runs work that yields to the event loop now and then (a job run with `run`, or one in a worker), with Ctrl-C
 * turned into its AbortSignal; clears the progress line at the end.
 */
export async function interruptible<T>(out: Output, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const outer = running;
  running = controller;
  try {
    return await work(controller.signal);
  } finally {
    running = outer;
    out.endProgress();
  }
}
