// A knight's random walk: the exact probability that it stays on an 8×8 board for 3 moves from a corner, and the
// rate at which that probability decays over far horizons (p ≈ c·λ^N).
import { Board } from 'gridbits/core';
import { decayRateSync, exactSurvivalSync, fractionText, graph, survivalAtHorizonSync } from 'gridbits/walk';

const board = Board.of(8, 8);
const g = graph(board, 'knight');
const a1 = board.parse('a1');

const exact = exactSurvivalSync(g, a1, 3);
if (exact.finished) console.log(`P(a knight from a1 stays on 8x8 for 3 moves) = ${fractionText(exact.value)}`);

const rate = decayRateSync(g, a1);
if (rate.finished) console.log(`decay rate per move: lambda = ${rate.value.lambda.toFixed(12)}`);

// A far horizon that underflows a double: read its base-10 logarithm.
const far = survivalAtHorizonSync(g, a1, 1_000_000_000);
if (far.finished) console.log(`after 10^9 moves: log10 P = ${far.value.log10.toFixed(3)} (method ${far.value.method})`);
