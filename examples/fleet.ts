// Sea Battle from code: place the classic fleet, count the layouts of a small fleet exactly, and hunt a layout.
import { Board, createRng } from 'gridbits/core';
import {
  FleetGame,
  countLayoutsSync,
  createHunter,
  fleetProblem,
  isTooLarge,
  uniformLayoutsSync,
  type FleetLayout,
  type FleetProblem,
} from 'gridbits/fleet';

/** The field, top row first: '#' a ship cell, '.' water. */
function draw(p: FleetProblem, layout: FleetLayout): string {
  const ship = new Set(layout.ships.flatMap((s) => s.cells));
  const rows: string[] = [];
  for (let y = p.height - 1; y >= 0; y--)
    rows.push(Array.from({ length: p.width }, (_, x) => (ship.has(y * p.width + x) ? '#' : '.')).join(''));
  return rows.join('\n');
}

// Place: one layout of the classic fleet (4,3,3,2,2,2,1,1,1,1, no touching), every layout equally likely.
const classic = fleetProblem({ width: 10, height: 10, fleet: 'classic' });
const seed = 2026;
const placed = uniformLayoutsSync(classic, createRng(seed), 1);
if (!placed.finished || isTooLarge(placed.value)) throw new Error('placing took too long');
const layout = placed.value.layouts[0];
console.log(`classic fleet on 10x10, seed ${seed}:`);
console.log(draw(classic, layout));

// Count: every layout of ships 3, 2, 2 on 5x5 without touching, exactly.
const small = fleetProblem({ width: 5, height: 5, fleet: '3,2,2', touch: 'none' });
const count = countLayoutsSync(small, { timeoutMs: 60_000 });
console.log(`layouts of ships 3,2,2 on 5x5 (touch none): ${count.finished ? count.value : 'not finished'}`);

// Hunt: the default hunter against the layout placed above, until every ship is sunk.
const hunter = createHunter(classic);
const game = new FleetGame(classic, layout);
const rng = createRng(seed);
const board = Board.of(10, 10);
const shots: string[] = [];
while (!game.over) {
  const square = hunter.choose(game.knowledge, rng);
  game.shoot(square);
  shots.push(board.name(square));
}
console.log(`the ${hunter.strategy} hunter sank the fleet in ${shots.length} shots: ${shots.join(' ')}`);
