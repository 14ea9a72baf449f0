// Heat maps: exact counts equal a brute-force replay of the shots against every layout (misses, hits, sunk
// ships, every touch rule, polyominoes, 1-ships); sampled maps hold the exact values within their intervals.
import { describe, expect, it } from 'vitest';
import { GridbitsError } from '../../src/core/error.js';
import { createRng } from '../../src/core/prng.js';
import { emptyKnowledge, FleetGame, MISS } from '../../src/fleet/game.js';
import { heatMap, type HeatMap, type HeatOptions, type Knowledge } from '../../src/fleet/index.js';
import { finishedValue } from '../../src/core/job.js';
import type { FleetProblem } from '../../src/fleet/problem.js';
import { parseShots } from '../../src/fleet/shots.js';
import { refProblem, type RefProblem } from '../reference/fleet.js';
import { allLayouts, posterior } from './replay.js';
import { exactly } from './count-problems.js';

const asProblem = (p: RefProblem): FleetProblem => p as unknown as FleetProblem;

/** A game on a random layout with `shots` shots: half at random, half next to hits (to build hit clusters). */
function playSome(p: RefProblem, seed: number, shots: number): { game: FleetGame; squares: number[] } {
  const layouts = allLayouts(p);
  const rng = createRng(seed);
  const game = new FleetGame(asProblem(p), layouts[rng.below(layouts.length)] as never);
  const squares: number[] = [];
  const n = p.width * p.height;
  while (squares.length < shots && !game.over) {
    let sq = rng.below(n);
    const hits = [...game.knowledge.marks.keys()].filter((c) => game.knowledge.marks[c] === 2);
    if (hits.length > 0 && rng.below(2) === 0) {
      const h = hits[rng.below(hits.length)];
      sq = h + [1, -1, p.width, -p.width][rng.below(4)];
    }
    if (!game.canShoot(sq)) continue;
    game.shoot(sq);
    squares.push(sq);
  }
  return { game, squares };
}

const CASES: Array<[string, RefProblem]> = [
  ['3,2,2 touching 5x5', refProblem(5, 5, ['3', '2', '2'], 'any')],
  ['3,2,1,1 no touching 5x5', refProblem(5, 5, ['3', '2', '1', '1'], 'none')],
  ['T,2,2 corners 5x4 with a forbidden cell', refProblem(5, 4, ['###/.#.', '2', '2'], 'corner', { forbidden: [7] })],
  ['L,2,1 touching 4x4, mirrored', refProblem(4, 4, ['#./#./##', '2', '1'], 'any', { mirror: true })],
];

/** A heat map that must finish (no limit is given). */
const heat = async (p: FleetProblem, k: Knowledge, options: HeatOptions = {}): Promise<HeatMap> =>
  exactly(finishedValue(await heatMap(p, k, options)));

describe('heatMap exact', () => {
  for (const [name, p] of CASES) {
    it(`equals the brute-force posterior: ${name}`, async () => {
      for (let seed = 1; seed <= 6; seed++) {
        const { game, squares } = playSome(p, seed, 2 + 2 * seed);
        const want = posterior(p, game.layout as never, squares);
        const h = await heat(asProblem(p), game.knowledge, { method: 'exact' });
        expect(h.method).toBe('exact');
        expect(h.total).toBe(BigInt(want.total));
        for (let sq = 0; sq < p.width * p.height; sq++) {
          if (game.knowledge.marks[sq] !== 0) continue;
          expect(h.counts![sq]).toBe(BigInt(want.counts[sq]));
          expect(h.probability[sq]).toBeCloseTo(want.counts[sq] / want.total, 12);
        }
      }
    });
  }

  it('says when no layout matches the record', async () => {
    const p = asProblem(refProblem(4, 4, ['3'], 'any'));
    const k = emptyKnowledge(p);
    // Only the d file is open: room for a vertical 3.
    for (let sq = 0; sq < 16; sq++) if (sq % 4 !== 3) k.marks[sq] = MISS;
    const ok = await heat(p, k);
    expect(ok).toMatchObject({ method: 'exact', consistent: true, total: 2n });
    k.marks[7] = MISS;
    k.marks[11] = MISS;
    const none = await heat(p, k);
    expect(none).toMatchObject({ method: 'exact', consistent: false, total: 0n });
  });
});

describe('heatMap sampled', () => {
  it('holds the exact probabilities within its 95% intervals (nearly every cell) and is seeded', async () => {
    let outside = 0,
      cells = 0;
    for (const [, p] of CASES) {
      for (let seed = 1; seed <= 2; seed++) {
        const { game } = playSome(p, seed, 3 + seed);
        const exact = await heat(asProblem(p), game.knowledge, { method: 'exact' });
        const s = await heat(asProblem(p), game.knowledge, { method: 'sampled', samples: 2000, seed });
        expect(s.method).toBe('sampled');
        expect(s.samples).toBe(2000);
        for (let sq = 0; sq < p.width * p.height; sq++) {
          if (game.knowledge.marks[sq] !== 0) continue;
          cells++;
          if (exact.probability[sq] < s.low![sq] - 1e-12 || exact.probability[sq] > s.high![sq] + 1e-12) outside++;
        }
        const again = await heat(asProblem(p), game.knowledge, { method: 'sampled', samples: 2000, seed });
        expect(again.probability).toEqual(s.probability);
      }
    }
    // 95% intervals: about 5% of cells outside on average; far more would mean a biased sampler.
    expect(outside / cells).toBeLessThan(0.12);
  });
});

describe('parseShots', () => {
  const p = asProblem(refProblem(5, 5, ['3', '2', '2'], 'any'));
  it('reads a grid and a list to the same record', () => {
    const grid = parseShots(p, ['.....', '..o..', '.x...', '.###.', 'o....'].join('\n'));
    const list = parseShots(
      p,
      ['// shots in order', 'a1 miss', 'c4 miss', 'b2 hit', 'c2 hit', 'b3 hit', 'd2 sunk b2 c2 d2'].join('\n'),
    );
    expect(grid.marks).toEqual(list.marks);
    expect(grid.sunk).toEqual(list.sunk);
    expect(parseShots(p, 'b2 hit\nc2 hit\nd2 sunk').sunk).toEqual([{ kind: 0, cells: [6, 7, 8] }]);
  });

  it('rejects malformed records with the line', () => {
    const bad: Array<[string, RegExp]> = [
      ['a1 miss\na1 hit', /line 2: a1 was shot before/],
      ['a1 boom', /line 1: expected/],
      ['a1 hit\nc1 sunk', /line 2: .*not one ship/],
      ['z9 miss', /line 1: .*off/],
      ['.....\n.....', /2 rows/],
      ['.....\n.....\n..?..\n.....\n.....', /unexpected '\?'/],
      ['#####\n.....\n.....\n.....\n.....', /not one ship/],
      ['b2 hit\nc2 sunk a1 b2 c2', /a1 .*not hit/],
    ];
    for (const [text, re] of bad) {
      expect(() => parseShots(p, text)).toThrow(GridbitsError);
      expect(() => parseShots(p, text)).toThrow(re);
    }
  });
});
