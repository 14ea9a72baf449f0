// The Tours page's top speeds: the tour player's plays any tour in about TOUR_SECONDS, the search's is fixed.

/** Seconds the tour player takes over a whole tour at its top speed, whatever the tour's length. */
export const TOUR_SECONDS = 10;
/** Top speed of the step-by-step search, in steps a second. */
export const SEARCH_MAX_SPEED = 5000;

/** The tour player's top speed for a tour of `moves` squares: the whole tour in TOUR_SECONDS (at least 1 a second). */
export function tourTopSpeed(moves: number): number {
  return Math.max(1, Math.round(moves / TOUR_SECONDS));
}
