// CLI command `walk`: the probability that a leaper's random walk stays on the board — one square, every
// square (heat map, JSON grid, SVG), where it stands after N moves, exact fractions, far horizons, simulation;
// its flags and help (the work is walk-run.ts).
import { HORIZON_MAX_STEPS } from '../walk/horizon-steps.js';
import { BOARD_FLAG, seedFlag, type Command } from './command.js';
import { LEAPER_NAMES, WALK_FORMATS } from './constants.js';
import { thousands } from '../core/text.js';

export const walkCommand: Command = {
  name: 'walk',
  usage:
    'walk [WxH] --from SQ --steps N [--piece P] [--exact] [--all] [--distribution] [--format grid|svg] [--simulate K --seed S] [--json]',
  summary: 'the chance that a leaper is still on the board after N random moves',
  flags: {
    board: BOARD_FLAG,
    from: {
      type: 'string',
      value: 'SQ',
      help: 'start square (not with --all)',
      conflicts: { all: '--all starts from every square' },
    },
    steps: { type: 'string', value: 'N', help: `number of moves, 0 to ${thousands(HORIZON_MAX_STEPS)}` },
    piece: {
      type: 'string',
      value: 'P',
      help: 'any leaper or compound of leapers (default knight)',
      choices: LEAPER_NAMES,
    },
    exact: {
      type: 'boolean',
      help: 'also the exact fraction in lowest terms (up to about 100x100 with 2000 steps, 25x25 with 10000)',
      conflicts: { distribution: 'the fraction is of staying on the board, from --from or every square' },
    },
    all: {
      type: 'boolean',
      help: 'the probability from every start square: heat map, JSON grid or SVG',
      conflicts: { distribution: 'give one' },
    },
    distribution: { type: 'boolean', help: 'where the piece stands after N moves from --from' },
    format: {
      type: 'string',
      value: 'F',
      help: 'grid (default) or svg, for --all and --distribution',
      needs: ['all', 'distribution'],
      conflicts: { json: 'JSON has its own form' },
      choices: WALK_FORMATS,
    },
    simulate: {
      type: 'string',
      value: 'K',
      help: 'also estimate by K simulated walks, with a 95% Wilson interval (from --from)',
      conflicts: {
        all: 'it estimates the walks from one square',
        distribution: 'it estimates the walks from one square',
      },
    },
    seed: { ...seedFlag('the simulated walks'), needs: ['simulate'] },
  },
  details: `Far horizons (N up to 10^9) use the board's symmetries and repeated squaring; the answer states its
method, its relative error, the decay rate λ (p ≈ c·λ^N) and log10 p where a double underflows. Maps show
per cent, or log10 P when the smallest value would read 0 in per cent (the legend says which).

Long work shows a progress bar (on a terminal, or with --progress). Ctrl-C stops it: what is finished is
printed (the float answer before the exact fraction, the walks simulated so far), then exit 130.

Examples:
  gridbits walk 8x8 --from a1 --steps 10 --exact
  gridbits walk 8x8 --from a1 --steps 1000000000 --json
  gridbits walk 8x8 --steps 5 --all
  gridbits walk --board 8x8 --steps 100 --all            (log10 P: the values are below 0.005 %)
  gridbits walk 8x8 --from a1 --steps 3 --distribution
  gridbits walk 25x25 --from m13 --steps 100 --piece camel --distribution --format svg
  gridbits walk 8x8 --from d4 --steps 20 --simulate 100000 --seed 7`,
  load: async () => (await import('./walk-run.js')).walk,
};
