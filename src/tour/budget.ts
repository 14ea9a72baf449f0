// The tour search's default budget: apart from the search, so that a help text can state it without loading it.

/**
 * The default budget of a tour search, in nodes (moves of the backtracking search): `findTour`'s whole search,
 * each start square of a table (`table`, `openTourStarts`), and the CLI's `tour` and `tour-table`. Large enough
 * to prove that the zebra has no open tour of 8×8 from any square (about 5,000,000 nodes in all, at most 146,000
 * from one square), a few seconds of search.
 */
export const SEARCH_BUDGET = 10_000_000;
