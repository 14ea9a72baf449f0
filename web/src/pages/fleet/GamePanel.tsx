// Sea Battle against the computer: it places its fleet (uniformly, or by rails) in a worker, you
// fire at its waters by clicking, it hunts yours with the engine's AI in a worker; turns alternate.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../../../../src/core/board.js';
import type { HunterStrategy } from '../../../../src/fleet/ai.js';
import { FleetGame, HIT, MISS, SUNK, type ShotResult } from '../../../../src/fleet/game.js';
import type { FleetLayout, FleetProblem } from '../../../../src/fleet/index.js';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { Choice } from '../../controls/Choice.js';
import type { FleetRequest, FleetResult } from './fleet.worker.js';
import type { Method, ProblemSpec } from './state.js';

function makeWorker(): Worker {
  return new Worker(new URL('./fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet-game' });
}

type Place = Extract<FleetResult, { kind: 'place' }>;

interface Match {
  /** Your fleet, the computer's target. */
  mine: FleetGame;
  /** The computer's fleet, your target. */
  theirs: FleetGame;
  turn: 'you' | 'computer';
  winner: 'you' | 'computer' | null;
  log: string[];
  /** The computer's last shot. */
  lastShot: number | null;
}

const DEAL: readonly (readonly [Method, string])[] = [
  ['uniform', 'uniformly (every layout equally likely)'],
  ['rails', 'along shuffled rails (quick, not uniform)'],
];
/** The computer's hunters (src/fleet/ai.ts), strongest first: the drop-down's label and how the page says it aims. */
const HUNTERS: ReadonlyArray<readonly [HunterStrategy, string, string]> = [
  ['lattice', 'lattice (the strongest)', "where ships are densest given every reply so far, sweeping the smallest ship's lattice while it has no ship in sight"],
  ['density', 'density (the published method)', 'where ship placements are densest given every reply so far'],
  ['posterior', 'posterior (sampled odds)', 'at the cell most likely to hold a ship under uniform layouts that fit every reply so far'],
  ['random', 'random firing', 'at random'],
];
const HUNTER_CHOICES = HUNTERS.map(([value, label]) => [value, label] as const);

function random(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

function layoutOf(board: Board, r: Place): FleetLayout {
  return { ships: r.layout.map((ship, i) => ({ kind: r.shipKinds[i], cells: ship.map((n) => board.parse(n)) })) };
}

function replyText(who: string, board: Board, r: ShotResult, problem: FleetProblem): string {
  const at = board.name(r.square);
  if (r.reply === 'sunk') return `${who} ${at}: sunk a ${problem.kinds[r.ship!.kind].name}`;
  return `${who} ${at}: ${r.reply}`;
}

/** A square of a target board: misses as dots, hits as crosses, sunk ships drawn; hidden ships shown when revealed. */
function markView(game: FleetGame, s: number, ownShips: boolean): SquareView {
  const m = game.knowledge.marks[s];
  const v: SquareView = {};
  if (game.problem.forbidden[s]) v.kind = 'blocker';
  else if (m === SUNK || (ownShips && game.layout.ships.some((ship) => ship.cells.includes(s)))) v.kind = 'piece';
  if (m === MISS) v.text = '•';
  if (m === HIT || m === SUNK) v.glyph = '✕';
  return v;
}

function markWord(m: number): string {
  return m === MISS ? 'miss' : m === HIT ? 'hit' : m === SUNK ? 'sunk' : 'not shot';
}

export function FleetGamePanel({ problem, spec, mine, mineKinds }: { problem: FleetProblem; spec: ProblemSpec; mine: string[][] | null; mineKinds: number[] | null }) {
  const board = useMemo(() => Board.of(problem.width, problem.height), [problem]);
  const [deal, setDeal] = useState<Method>('uniform');
  const [strategy, setStrategy] = useState<HunterStrategy>('lattice');
  const [match, setMatch] = useState<Match | null>(null);
  const [, setVersion] = useState(0);
  const dealJob = useJob<FleetRequest, FleetResult>(makeWorker);
  const myJob = useJob<FleetRequest, FleetResult>(makeWorker);
  const huntJob = useJob<FleetRequest, FleetResult>(makeWorker);
  const hunted = useRef<Match | null>(null);
  const [showOdds, setShowOdds] = useState(false);
  const oddsJob = useJob<FleetRequest, FleetResult>(makeWorker);

  const newGame = (): void => {
    setMatch(null);
    dealJob.start({ kind: 'place', spec, method: deal, seed: random() }, "The computer is placing its fleet");
    if (mine === null) myJob.start({ kind: 'place', spec, method: 'rails', seed: random() }, 'Placing your fleet');
    else myJob.reset();
  };
  // Both fleets placed: the game starts, you fire first.
  useEffect(() => {
    if (dealJob.state.status !== 'done' || match !== null) return;
    const theirs = dealJob.state.result as Place;
    const own = mine !== null && mineKinds !== null ? { exists: true, layout: mine, shipKinds: mineKinds } : myJob.state.status === 'done' ? (myJob.state.result as Place) : null;
    if (own === null) return;
    if (!theirs.exists || !own.exists) {
      setMatch(null);
      return;
    }
    setMatch({
      mine: new FleetGame(problem, layoutOf(board, own as Place)),
      theirs: new FleetGame(problem, layoutOf(board, theirs)),
      turn: 'you',
      winner: null,
      log: [],
      lastShot: null,
    });
  }, [dealJob.state, myJob.state]);

  const bump = (): void => setVersion((v) => v + 1);
  const fire = (s: number): void => {
    if (!match || match.turn !== 'you' || match.winner || !match.theirs.canShoot(s)) return;
    const r = match.theirs.shoot(s);
    match.log.unshift(replyText('You fired at', board, r, problem));
    if (match.theirs.over) match.winner = 'you';
    else {
      match.turn = 'computer';
      hunted.current = match;
      const k = match.mine.knowledge;
      huntJob.start({ kind: 'hunt', spec, strategy, marks: Array.from(k.marks), sunk: k.sunk, seed: random() }, 'The computer is aiming');
    }
    bump();
  };
  useEffect(() => {
    const m = hunted.current;
    if (huntJob.state.status !== 'done' || !m || m !== match || m.turn !== 'computer') return;
    hunted.current = null;
    const { square } = huntJob.state.result as Extract<FleetResult, { kind: 'hunt' }>;
    const r = m.mine.shoot(square);
    m.lastShot = square;
    m.log.unshift(replyText('The computer fired at', board, r, problem));
    if (m.mine.over) m.winner = 'computer';
    else m.turn = 'you';
    bump();
  }, [huntJob.state]);

  // The odds on the computer's waters, re-estimated after each of your shots while they are shown.
  const yourShots = match ? match.theirs.shots : -1;
  useEffect(() => {
    if (!showOdds || !match || match.winner) {
      oddsJob.reset();
      return;
    }
    const k = match.theirs.knowledge;
    oddsJob.start({ kind: 'odds', spec, marks: Array.from(k.marks), sunk: k.sunk, seed: random() }, 'Estimating the odds');
  }, [showOdds, match, yourShots]);
  const odds = showOdds && oddsJob.state.status === 'done' ? (oddsJob.state.result as Extract<FleetResult, { kind: 'odds' }>) : null;
  const oddsMax = odds ? Math.max(...odds.probability) : 0;

  const failed = dealJob.state.status === 'done' && !(dealJob.state.result as Place).exists;
  return (
    <div class="fleet-game">
      <div class="row game-setup">
        <Choice id="fleet-deal" label="The computer places its fleet" value={deal} options={DEAL} onChange={setDeal} />
        <Choice id="fleet-hunter" label="The computer aims" value={strategy} options={HUNTER_CHOICES} onChange={setStrategy} />
        <div class="buttons">
          <button type="button" class="primary" onClick={newGame}>
            New game
          </button>
        </div>
      </div>
      <p class="help">
        {mine ? 'You play the layout from the editor.' : 'No valid layout in the editor: your fleet is placed for you.'} You fire first; turns
        alternate. The computer aims {HUNTERS.find(([value]) => value === strategy)![2]}.
      </p>
      <JobStatus state={dealJob.state} onCancel={() => dealJob.cancel()} />
      <JobStatus state={myJob.state} onCancel={() => myJob.cancel()} />
      {huntJob.state.status === 'error' && <JobStatus state={huntJob.state} onCancel={() => undefined} />}
      {failed && <p class="error">No layout of this fleet fits the board: change the fleet first.</p>}
      {match && (
        <>
          <p id="fleet-game-status" class="fleet-status" role="status" data-winner={match.winner ?? undefined}>
            {match.winner === 'you'
              ? `You win in ${match.theirs.shots} shots!`
              : match.winner === 'computer'
                ? `The computer wins in ${match.mine.shots} shots.`
                : match.turn === 'you'
                  ? 'Your turn: click a square of the computer’s waters.'
                  : 'The computer is aiming…'}
          </p>
          <div class="fleet-games">
            <div>
              <h2>The computer’s waters ({match.theirs.shots} shots)</h2>
              <label class="check">
                <input type="checkbox" checked={showOdds} onChange={(ev) => setShowOdds((ev.currentTarget as HTMLInputElement).checked)} />
                Show the odds (%) of a ship on each cell, given your shots
              </label>
              <div class="fleet-board target-board">
                <BoardView
                  board={board}
                  label="The computer's waters: fire here"
                  view={(s) => {
                    const v = markView(match.theirs, s, match.winner !== null);
                    if (odds && match.theirs.knowledge.marks[s] === 0 && !v.kind) {
                      v.heat = oddsMax > 0 ? odds.probability[s] / oddsMax : 0;
                      v.text = (odds.probability[s] * 100).toFixed(0);
                    }
                    return v;
                  }}
                  describe={(s) => `${board.name(s)}, ${markWord(match.theirs.knowledge.marks[s])}${odds && match.theirs.knowledge.marks[s] === 0 ? `, ship chance about ${(odds.probability[s] * 100).toFixed(1)} %` : ''}`}
                  onActivate={fire}
                />
              </div>
            </div>
            <div>
              <h2>Your waters ({match.mine.shots} shots)</h2>
              <div class="fleet-board">
                <BoardView
                  board={board}
                  label="Your waters"
                  view={(s) => ({ ...markView(match.mine, s, true), target: s === match.lastShot })}
                  describe={(s) => `${board.name(s)}, ${match.mine.layout.ships.some((sh) => sh.cells.includes(s)) ? 'your ship' : 'water'}, ${markWord(match.mine.knowledge.marks[s])}`}
                  onActivate={() => undefined}
                />
              </div>
            </div>
          </div>
          <ol class="fleet-log" id="fleet-log" aria-label="Shots, newest first">
            {match.log.slice(0, 12).map((l, i) => (
              <li key={match.log.length - i}>{l}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
