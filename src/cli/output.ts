// Where a command writes: its result (text or JSON) to standard output or the --out file, colours only where
// they are wanted, progress on standard error through the one display (progress.ts).
import pc from 'picocolors';
import type { Progress } from '../core/run.js';
import { ProgressDisplay } from './progress.js';
import { openSink, type Sink } from './sink.js';

export interface Output {
  /** True when --json was given. */
  json: boolean;
  /** True when colours may be used. */
  color: boolean;
  /** True when progress is shown (standard error is a terminal, or --progress). */
  tty: boolean;
  /** Where the result goes, for commands that stream bytes. */
  sink: Sink;
  /** True once the reader of standard output has gone away: the command may stop early. */
  readonly closed: boolean;
  print(text: string): void;
  printJson(value: unknown): void;
  /**
   * Progress of the running work: a job's report (drawn as a bar with the time left), or a status line.
   * `label` names the work ("tour-count 6x6"); a report with another label than the last is drawn at once.
   */
  progress(report: Progress | string, label?: string): void;
  endProgress(): void;
  /** Puts the --out file in place (main.ts calls it when the command succeeds). */
  commit(): void;
  /** Throws a half-written --out file away (on an error). */
  abandon(): void;
  paint: ReturnType<typeof pc.createColors>;
}

export interface OutputOptions {
  json?: boolean;
  /** The --out file ('-' or undefined for standard output). */
  out?: string;
  /** Show progress even when standard error is not a terminal. */
  progress?: boolean;
  /** The label of progress reports that come without one (the command's name). */
  label?: string;
}

/**
 * Colours as force-color.org and no-color.org say, FORCE_COLOR first (it overrides NO_COLOR there, as in Node):
 * FORCE_COLOR non-empty turns them on, except 0 or false, which turn them off (Node's own reading, and what a
 * user who writes FORCE_COLOR=0 means); else NO_COLOR non-empty turns them off; else a terminal has them.
 */
export function wantColor(env: NodeJS.ProcessEnv, tty: boolean): boolean {
  const force = (env.FORCE_COLOR ?? '').trim().toLowerCase();
  if (force !== '') return force !== '0' && force !== 'false';
  if ((env.NO_COLOR ?? '') !== '') return false;
  return tty && env.TERM !== 'dumb';
}

const jsonText = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) + '\n';

export function createOutput(options: OutputOptions | boolean = {}): Output {
  const o: OutputOptions = typeof options === 'boolean' ? { json: options } : options;
  const json = o.json === true;
  const sink = openSink(o.out);
  const toFile = o.out !== undefined && o.out !== '-';
  const color = !json && !toFile && wantColor(process.env, process.stdout.isTTY === true);
  const errTty = process.stderr.isTTY === true;
  const shown = errTty || o.progress === true;
  let display: ProgressDisplay | null = null;
  let statusShown = false;
  const err = (s: string): void => {
    process.stderr.write(s);
  };
  return {
    json,
    color,
    tty: shown,
    sink,
    get closed() {
      return sink.closed;
    },
    print(text: string) {
      sink.text(text.endsWith('\n') ? text : text + '\n');
    },
    printJson(value: unknown) {
      sink.text(jsonText(value));
    },
    progress(report, label) {
      if (!shown) return;
      if (typeof report === 'string') {
        if (!errTty) return;
        err('\r\x1b[2K' + report);
        statusShown = report !== '';
        return;
      }
      display ??= new ProgressDisplay(label ?? o.label ?? 'working', err, errTty);
      display.update(report, label);
    },
    endProgress() {
      display?.end();
      display = null;
      if (statusShown) err('\r\x1b[2K');
      statusShown = false;
    },
    commit: () => sink.commit(),
    abandon: () => sink.abandon(),
    paint: pc.createColors(color),
  };
}
