// Pieces on a board: the squares a knight attacks from d4, and the knight's mobility (moves from every square) on 8×8.
import { Bitboard, Board } from 'gridbits/core';
import { attacks, mobilitySync, parsePiece } from 'gridbits/pieces';

const board = Board.of(8, 8);
const knight = parsePiece('knight');

const from = Bitboard.fromSquares(board, [board.parse('d4')]);
const targets = attacks(knight, from)
  .squares()
  .map((s) => board.name(s));
console.log(`knight targets from d4: ${targets.join(' ')}`);

const m = mobilitySync(board, knight);
if (m.finished)
  console.log(
    `knight mobility on 8x8: total ${m.value.total}, from a1 ${m.value.counts[board.parse('a1')]}, from d4 ${m.value.counts[board.parse('d4')]}`,
  );
