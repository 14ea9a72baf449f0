// The one progress display of the CLI: a job's progress (its share done, where known, and the work done in its
// unit) as a bar with the per cent, the rate and the time left, redrawn in place on a terminal; a line now and
// then elsewhere (with --progress).
import type { Progress } from '../core/run.js';
import { thousands } from '../core/text.js';

/** How often the display is redrawn at most: 10 times a second on a terminal, every 2 s on a pipe. */
const TTY_EVERY_MS = 100;
const PIPE_EVERY_MS = 2000;
/** The rate is taken over about this long a window, so it follows changes without jumping. */
const RATE_WINDOW_MS = 5000;
const BAR = 20;

/** 1234567 → "1.23 M"; small numbers as they are. */
export function compact(n: number): string {
  const a = Math.abs(n);
  if (a < 10_000) return Number.isInteger(n) ? thousands(n) : n.toFixed(1);
  for (const [v, s] of [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const) {
    if (a >= v) return `${(n / v).toFixed(a >= 100 * v ? 0 : a >= 10 * v ? 1 : 2)} ${s}`;
  }
  return String(n);
}

/** A time span for people: "0:07", "12:40", "3:05:12", "2 d 4 h". */
export function clock(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 2 * 86_400) return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
  const h = Math.floor(s / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** One line of progress: label, bar and per cent (where the share is known), work done, rate, time left. */
export function formatProgress(
  label: string,
  p: Progress,
  elapsedMs: number,
  rate: number | null,
  leftMs: number | null = null,
): string {
  const parts = [label];
  if (p.share !== undefined) {
    const f = Math.min(1, Math.max(0, p.share));
    const full = Math.floor(f * BAR);
    parts.push(`[${'#'.repeat(full)}${'-'.repeat(BAR - full)}]`, `${(f * 100).toFixed(f < 0.1 ? 1 : 0)} %`);
  }
  parts.push(`${compact(p.done)} ${p.unit}`);
  if (rate !== null && rate > 0) parts.push(`${compact(rate)} ${p.unit}/s`);
  parts.push(`${clock(elapsedMs)} spent`);
  if (leftMs !== null) parts.push(`${clock(leftMs)} left`);
  return parts.join('  ');
}

/** The display of one run: feed it progress reports; it draws at most every so often and clears itself at the end. */
export class ProgressDisplay {
  private readonly t0: number;
  private lastDraw = -Infinity;
  private shown = false;
  /** Recent reports: time, work done, share done (NaN where unknown). */
  private readonly samples: Array<[number, number, number]> = [];
  private latest: Progress | null = null;

  /**
   * @param label what is running, e.g. "tour-count 6x6"
   * @param write where the lines go (standard error)
   * @param tty true to redraw one line in place; false for a line now and then
   */
  constructor(
    private label: string,
    private readonly write: (s: string) => void,
    private readonly tty: boolean,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.t0 = now();
  }

  /**
   * Takes a report; draws when it is time. A new label is drawn at once, even on a pipe: it says that the work's
   * state changed (a count waiting for its job queue says so in its label).
   */
  update(p: Progress, label?: string): void {
    const t = this.now();
    this.latest = p;
    this.samples.push([t, p.done, p.share ?? NaN]);
    while (this.samples.length > 2 && t - this.samples[0][0] > RATE_WINDOW_MS) this.samples.shift();
    const relabelled = label !== undefined && label !== this.label;
    if (relabelled) this.label = label;
    if (!relabelled && t - this.lastDraw < (this.tty ? TTY_EVERY_MS : PIPE_EVERY_MS)) return;
    this.lastDraw = t;
    this.draw(t);
  }

  /** The rate over the window, in units a second (null until there are two reports apart in time). */
  rate(): number | null {
    if (this.samples.length < 2) return null;
    const [t0, d0] = this.samples[0];
    const [t1, d1] = this.samples[this.samples.length - 1];
    return t1 > t0 ? ((d1 - d0) / (t1 - t0)) * 1000 : null;
  }

  /** The time left at the rate the share grew over the window (null where it is not known or did not grow). */
  left(): number | null {
    if (this.samples.length < 2) return null;
    const [t0, , s0] = this.samples[0];
    const [t1, , s1] = this.samples[this.samples.length - 1];
    if (!(s1 > s0) || !(t1 > t0)) return null;
    return ((1 - s1) * (t1 - t0)) / (s1 - s0);
  }

  private draw(t: number): void {
    if (this.latest === null) return;
    const line = formatProgress(this.label, this.latest, t - this.t0, this.rate(), this.left());
    if (this.tty) {
      const cols = process.stderr.columns ?? 100;
      this.write('\r\x1b[2K' + (line.length >= cols ? line.slice(0, cols - 1) : line));
      this.shown = true;
    } else {
      this.write(line + '\n');
    }
  }

  /** Clears the line (on a terminal). */
  end(): void {
    if (this.shown) this.write('\r\x1b[2K');
    this.shown = false;
  }
}
