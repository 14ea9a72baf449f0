// The speed slider's scale: logarithmic, from 1 to 5000 steps a second.

const MAX_SPEED = 5000;

/** Slider position (0..100) to steps a second, and back. */
export function speedAt(pos: number): number {
  return Math.max(1, Math.round(Math.pow(MAX_SPEED, pos / 100)));
}

export function posOf(speed: number): number {
  return Math.round((100 * Math.log(Math.max(1, speed))) / Math.log(MAX_SPEED));
}
