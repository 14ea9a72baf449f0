// A legend for board colours, for BoardView's `legend` slot: a colour ramp between two ends and what it measures.

export interface LegendRampProps {
  /** CSS colours from the low end to the high end (two or more). */
  colours: readonly string[];
  /** Words at the low and the high end, e.g. "move 1" and "move 160,000". */
  from: string;
  to: string;
  /** What the colours measure, e.g. "visit order". */
  what: string;
  /** Accessible name of the legend; "Colour legend" by default. */
  label?: string;
}

/** A ramp of colours with its two ends named, e.g. a tour's visit order from green (early) to blue (late). */
export function LegendRamp({ colours, from, to, what, label }: LegendRampProps) {
  return (
    <div class="legend board-legend" role="group" aria-label={label ?? 'Colour legend'}>
      <span>{from}</span>
      <span class="ramp" aria-hidden="true" style={{ background: `linear-gradient(90deg, ${colours.join(', ')})` }} />
      <span>{to}</span>
      <span class="muted">{what}</span>
    </div>
  );
}
