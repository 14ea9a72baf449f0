// Legends for board colours, for BoardView's `legend` slot: a colour ramp between two ends and what it measures,
// and keys of single colours (a path's line, its ends).
import type { ComponentChildren } from 'preact';

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
  /** More keys after the ramp (e.g. `<LegendKey>`s for a path's ends). */
  children?: ComponentChildren;
}

/** A ramp of colours with its two ends named, e.g. a tour's visit order from green (early) to blue (late). */
export function LegendRamp({ colours, from, to, what, label, children }: LegendRampProps) {
  return (
    <div class="legend board-legend" role="group" aria-label={label ?? 'Colour legend'}>
      <span class="legend-from">{from}</span>
      <span class="ramp" aria-hidden="true" style={{ background: `linear-gradient(90deg, ${colours.join(', ')})` }} />
      <span class="legend-to">{to}</span>
      <span class="muted">{what}</span>
      {children}
    </div>
  );
}

export interface LegendKeysProps {
  /** Accessible name of the legend; "Colour legend" by default. */
  label?: string;
  /** The keys, e.g. `<LegendKey>`s. */
  children?: ComponentChildren;
}

/** A legend of keys without a ramp, laid out as LegendRamp's. */
export function LegendKeys({ label, children }: LegendKeysProps) {
  return (
    <div class="legend board-legend" role="group" aria-label={label ?? 'Colour legend'}>
      {children}
    </div>
  );
}

export interface LegendKeyProps {
  /** A CSS colour. */
  colour: string;
  /** A white-rimmed disc (a square's mark) or a short thick line (a path); a disc by default. */
  shape?: 'dot' | 'line';
  /** What the colour means. */
  children?: ComponentChildren;
}

/** One colour and what it means, kept on one line. */
export function LegendKey({ colour, shape = 'dot', children }: LegendKeyProps) {
  const mark =
    shape === 'line'
      ? { display: 'inline-block', width: '1.6rem', height: '3px', background: colour, verticalAlign: 'middle' }
      : {
          display: 'inline-block',
          width: '0.8em',
          height: '0.8em',
          borderRadius: '50%',
          verticalAlign: '-0.05em',
          background: colour,
          border: '2px solid #fff',
          boxShadow: '0 0 0 1px #9a9996',
        };
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden="true" style={mark} /> {children}
    </span>
  );
}
