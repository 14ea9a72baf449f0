// What several commands share at the process edge: reading a file argument (or stdin), and Ctrl-C: it stops the
// running work (which then reports what it finished) or, when nothing is running, ends the command at once.
import { constants as buffers } from 'node:buffer';
import { constants, createReadStream, openSync, statSync, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { GridbitsError } from '../core/error.js';
import { yieldToEventLoop } from '../core/job.js';
import { EXIT } from './exit.js';
import type { Output } from './output.js';
import { fileErrorWords } from './sink.js';

/**
 * The most a command reads from a file argument or standard input: 256 MiB, about seven times the largest tour
 * `tour-check` reads in a quarter of a minute here (2000x2000 as JSON, 36 MB), and half the longest text
 * JavaScript holds. An endless input (/dev/zero) is refused in about a second.
 */
const MAX_INPUT_BYTES = Math.min(256 * 2 ** 20, buffers.MAX_STRING_LENGTH);

/**
 * Reads a file argument, or standard input for '-'; `what` names it in the error ("the mask"). Read as it comes,
 * without stopping the event loop (Ctrl-C works while a pipe or a FIFO waits), and refused past `MAX_INPUT_BYTES`
 * (an endless input like /dev/zero is refused at once, not read into memory for ever).
 */
export async function readTextArg(file: string, what?: string): Promise<string> {
  const name = `${what === undefined ? '' : `${what} `}${file === '-' ? 'standard input' : `'${file}'`}`;
  const tooLong = (): GridbitsError =>
    new GridbitsError(
      'BAD_INPUT',
      `${name} is longer than ${Math.floor(MAX_INPUT_BYTES / 2 ** 20)} MiB, the most a command reads`,
    );
  const st = file === '-' ? null : statOrNull(file);
  if ((st?.size ?? 0) > MAX_INPUT_BYTES) throw tooLong();
  let stream: Readable;
  try {
    stream = inputStream(file, st);
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `cannot read ${name}: ${fileErrorWords(e)}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) throw tooLong();
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof GridbitsError) throw e;
    throw new GridbitsError('BAD_INPUT', `cannot read ${name}: ${fileErrorWords(e)}`);
  } finally {
    if (stream !== process.stdin) stream.destroy();
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * The input as a stream. A FIFO is opened without waiting for its writer and read as a pipe is (its wait is the
 * event loop's, so Ctrl-C ends it: a file's read in a helper thread that waits for a writer would hold the
 * process at its exit).
 */
function inputStream(file: string, st: Stats | null): Readable {
  if (file === '-') return process.stdin;
  if (st?.isFIFO())
    return new Socket({
      fd: openSync(file, constants.O_RDONLY | constants.O_NONBLOCK),
      readable: true,
      writable: false,
    });
  return createReadStream(file, { highWaterMark: 1 << 20 });
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
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
      process.stderr.write('\ngridbits: interrupted before the work could say what it had finished\n');
      process.exit(EXIT.interrupted);
    };
    setTimeout(deadline, INTERRUPT_DEADLINE_MS).unref();
    return;
  }
  process.stderr.write('\ngridbits: interrupted\n');
  process.exit(EXIT.interrupted);
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

/** How long output loops run between two turns of the event loop (ms). */
const TURN_MS = 20;
let lastTurn = 0;

/**
 * Gives the event loop a turn once TURN_MS have passed since the last: loops that write long output call it
 * between pieces, so Ctrl-C is heard while they write (after the work is done, it ends the process at once).
 */
export async function outputTurn(): Promise<void> {
  const t = performance.now();
  if (t - lastTurn < TURN_MS) return;
  await yieldToEventLoop();
  lastTurn = performance.now();
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
