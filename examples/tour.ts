// Example: a closed knight's tour of 8×8, checked; the 1,728 directed open tours of 5×5; a budgeted search.
import { Board } from 'gridbits/core';
import { KNIGHT, parsePiece } from 'gridbits/pieces';
import { countTours, fault, findTour, searchTour } from 'gridbits/tour';

const board = Board.of(8, 8);
const found = await findTour({ board, piece: KNIGHT, closed: true });
if (found.finished && found.value.exists && found.value.path) {
  const path = found.value.path;
  console.log(
    `closed knight's tour of ${board} (${found.value.method}): ${Array.from(path, (s) => board.name(s)).join(' ')}`,
  );
  // fault() re-checks every step and square: null means a valid tour.
  console.log(`checked: ${fault(board, path, { piece: KNIGHT, closed: true }) ?? 'a valid closed tour'}`);
}

const counted = await countTours(Board.of(5, 5));
if (counted.finished) console.log(`directed open tours of 5x5: ${counted.value.count} (OEIS A165134)`);

// The zebra (2,3) has no open tour of 8×8 from a1, but proving it takes about 146,000 nodes: a budget of
// 10,000 stops the search first, and the outcome says so, with how far it got.
const zebra = await searchTour({ board, piece: parsePiece('zebra'), closed: false, from: 0 }, { maxNodes: 10_000 });
if (zebra.finished) console.log(`zebra from a1: ${zebra.value.status}`);
else
  console.log(
    `zebra search from a1: stopped (${zebra.stopped}) after ${zebra.nodes} nodes, ${zebra.partial?.backtracks} backtracks`,
  );
