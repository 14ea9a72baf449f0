// The speed slider of the playground's animations, on the logarithmic scale of speed.ts, saying what the speed means.
import { posOf, speedAt, speedWords } from './speed.js';

/**
 * The speed slider, from 1 step a second to `max`, saying what the speed means in its unit (and, given `total`
 * steps, how long the whole run takes at it).
 */
export function SpeedControl({
  id,
  speed,
  max,
  unit,
  total,
  onChange,
}: {
  id: string;
  speed: number;
  max: number;
  unit: string;
  total?: number;
  onChange: (speed: number) => void;
}) {
  const words = speedWords(speed, unit, total);
  return (
    <div class="speed">
      <label for={id}>Speed</label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={posOf(speed, max)}
        aria-valuetext={words}
        data-max={max}
        onInput={(ev) => onChange(speedAt(Number((ev.currentTarget as HTMLInputElement).value), max))}
      />
      <output for={id} id={`${id}-words`}>
        {words}
      </output>
    </div>
  );
}
