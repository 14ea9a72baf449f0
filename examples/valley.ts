// King's Valley from code: the standard start, two moves in notation, the legal moves, a short timed search.
import { BOARD, START, createEngine, formatMove, legalMoves, parsePosition, play, search } from 'gridbits/valley';

const start = parsePosition(START);
const position = play(play(start, 'b1b4'), 'd5d2');
console.log(
  `after b1b4 d5d2: ${legalMoves(position)
    .map((m) => formatMove(m, BOARD))
    .join(' ')}`,
);

const engine = createEngine(position);
const outcome = await search(engine, { timeoutMs: 200 });
const best = outcome.finished ? outcome.value : outcome.partial;
const how = outcome.finished ? `finished (${outcome.value.ended})` : `stopped by ${outcome.stopped}`;
if (best?.move != null)
  console.log(`best move: ${formatMove(best.move, engine.board)}, score ${best.score}, depth ${best.depth}, ${how}`);
