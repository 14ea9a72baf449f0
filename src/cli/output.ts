// Where a command writes: stdout text or JSON, colours only on a TTY without NO_COLOR, progress on stderr.
import pc from 'picocolors';

export interface Output {
  /** True when --json was given. */
  json: boolean;
  /** True when colours may be used. */
  color: boolean;
  /** True when stderr is a terminal (progress bars are drawn there). */
  tty: boolean;
  print(text: string): void;
  printJson(value: unknown): void;
  /** Progress line on a TTY (overwritten in place); nothing elsewhere. */
  progress(text: string): void;
  endProgress(): void;
  paint: ReturnType<typeof pc.createColors>;
}

export function createOutput(json: boolean): Output {
  const env = process.env;
  const color = !json && process.stdout.isTTY === true && env.NO_COLOR === undefined && env.TERM !== 'dumb';
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    json,
    color,
    tty,
    print(text: string) {
      process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    },
    printJson(value: unknown) {
      process.stdout.write(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) + '\n');
    },
    progress(text: string) {
      if (!tty) return;
      process.stderr.write('\r\x1b[2K' + text);
      shown = true;
    },
    endProgress() {
      if (shown) process.stderr.write('\r\x1b[2K');
      shown = false;
    },
    paint: pc.createColors(color),
  };
}
