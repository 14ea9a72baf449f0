import { thousands } from '../../../src/core/text.js';
// The speed sliders' scale: logarithmic, from 1 step a second up to a page's top speed, and a speed in words.

/** Slider position (0..100) to steps a second, on a scale from 1 to `max`. */
export function speedAt(pos: number, max: number): number {
  const p = Math.min(100, Math.max(0, pos));
  return Math.min(max, Math.max(1, Math.round(Math.pow(max, p / 100))));
}

/** Steps a second to the slider position (0..100) on a scale from 1 to `max`. */
export function posOf(speed: number, max: number): number {
  if (max <= 1) return 100;
  return Math.min(100, Math.max(0, Math.round((100 * Math.log(Math.max(1, speed))) / Math.log(max))));
}

/** Seconds, in words a person reads: "2.5 s", "10 s", "3 min 20 s", "11 h 7 min". */
export function secondsText(s: number): string {
  if (s < 9.95) return `${Math.round(s * 10) / 10} s`;
  const whole = Math.round(s);
  if (whole < 60) return `${whole} s`;
  if (whole >= 3600) {
    const h = Math.floor(whole / 3600),
      min = Math.round((whole - 3600 * h) / 60);
    return min === 0 ? `${h} h` : min === 60 ? `${h + 1} h` : `${h} h ${min} min`;
  }
  const m = Math.floor(whole / 60),
    r = whole - 60 * m;
  return r === 0 ? `${m} min` : `${m} min ${r} s`;
}

/** What a speed means in the user's units: "4,000 moves a second: the whole tour in 10 s". */
export function speedWords(speed: number, unit: string, total?: number, whole = 'the whole tour'): string {
  const rate = `${thousands(speed)} ${speed === 1 ? unit.replace(/s$/, '') : unit} a second`;
  if (total === undefined || total <= 1) return rate;
  return `${rate}: ${whole} in ${secondsText((total - 1) / speed)}`;
}
