// The Sea Battle problem every fleet engine reads: board, forbidden and known-ship cells, ship kinds, touch rule.

/** How ships may meet: not at all (not even corners), at corners only, or anywhere short of overlapping. */
export type Touch = 'none' | 'corner' | 'any';

/**
 * One kind of ship: a shape and how many of it the fleet has. Ships of one kind are interchangeable, so
 * layouts that only swap two of them are one layout.
 */
export interface ShipKind {
  /** A short human name: "4" for a straight 4-ship, or the shape's ASCII drawing ("###/.#./.#."). */
  name: string;
  /**
   * Every distinct orientation the ship may take (turns, and mirror images when allowed), each a list of
   * cell offsets [dx, dy] normalised so the smallest dx and the smallest dy are 0; dy grows upwards
   * (towards higher ranks). Deduplicated: a 1-ship has one orientation, a straight n-ship two.
   */
  orientations: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** How many ships of this kind the fleet has. */
  count: number;
}

/** A Sea Battle problem: the field, its forbidden and required cells, the ship kinds and the touch rule. */
export interface FleetProblem {
  /** Files of the board (cells per row). */
  width: number;
  /** Ranks of the board (rows). */
  height: number;
  /**
   * forbidden[sq] = 1: no ship may cover sq (a forbidden cell of the field, or a known miss). sq = rank * width + file.
   */
  forbidden: Uint8Array;
  /** required[sq] = 1: some ship must cover sq (a known hit). Optional: none required. */
  required?: Uint8Array;
  /** The fleet's ship kinds; a layout's ships name their kind by its index here. */
  kinds: readonly ShipKind[];
  /** How ships may meet. */
  touch: Touch;
}

/** One ship of a layout: its kind and the squares it covers. */
export interface PlacedShip {
  /** The ship's kind: an index into the problem's {@link FleetProblem.kinds}. */
  kind: number;
  /** The squares the ship covers (sq = rank * width + file). */
  cells: number[];
}

/** One arrangement: each ship's kind (an index into kinds) and its cells as square indices. */
export interface FleetLayout {
  /** Every ship of the fleet, once each. */
  ships: PlacedShip[];
}
