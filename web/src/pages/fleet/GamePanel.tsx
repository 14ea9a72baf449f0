// Sea Battle against the computer: it places its fleet (uniformly, or by rails) in a worker, you
// fire at its waters by clicking, it hunts yours with the engine's AI in a worker; turns alternate. Both sides'
// ships afloat are drawn, sunk ships named, the water their touch rule implies marked; both fleets shown at the end.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Board } from '../../../../src/core/board.js';
import type { HunterStrategy } from '../../../../src/fleet/ai.js';
import { FleetGame } from '../../../../src/fleet/game.js';
import type { FleetLayout, FleetProblem } from '../../../../src/fleet/index.js';
import { BoardView } from '../../board/Board.js';
import type { SquareView } from '../../board/types.js';
import { JobStatus, useJob } from '../../worker/useJob.js';
import { Choice } from '../../controls/Choice.js';
import { fleetTask, type FleetResult } from './tasks.js';
import { afloat, cellMarks, outcomeText, replyText, roster, type CellMark } from './game-view.js';
import { MarksOverlay, ShipPicture } from './pictures.js';
import { canonicalOrientation, countWord, kindNames, shipsWord } from './shapes.js';
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
  ['uniform', 'Every layout equally likely'],
  ['rails', 'Along shuffled rails (quick)'],
];
/** The computer's hunters (src/fleet/ai.ts), strongest first: the drop-down's label and how the page says it aims. */
const HUNTERS: ReadonlyArray<readonly [HunterStrategy, string, string]> = [
  [
    'lattice',
    'Lattice (strongest)',
    "where ships are densest given every reply so far, sweeping the smallest ship's lattice while it has no ship in sight",
  ],
  ['density', 'Density (published)', 'where ship placements are densest given every reply so far'],
  [
    'posterior',
    'Sampled odds',
    'at the cell most likely to hold a ship under uniform layouts that fit every reply so far',
  ],
  ['random', 'Random firing', 'at random'],
];
const HUNTER_CHOICES = HUNTERS.map(([value, label]) => [value, label] as const);

function random(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

function layoutOf(board: Board, r: Place): FleetLayout {
  return { ships: r.layout.map((ship, i) => ({ kind: r.shipKinds[i], cells: ship.map((n) => board.parse(n)) })) };
}

const MARK_WORDS: Record<CellMark, string> = {
  unknown: 'not shot',
  miss: 'miss',
  hit: 'hit',
  sunk: 'sunk',
  water: 'water next to a sunk ship',
};

/** The cells of a layout's ships, 1 where a ship stands. */
function shipMask(game: FleetGame): Uint8Array {
  const m = new Uint8Array(game.problem.width * game.problem.height);
  for (const ship of game.layout.ships) for (const c of ship.cells) m[c] = 1;
  return m;
}

/** One side's fleet: every ship drawn, the sunk ones crossed out, and how many are still afloat. */
function Roster({
  side,
  title,
  game,
  names,
}: {
  side: 'theirs' | 'mine';
  title: string;
  game: FleetGame;
  names: readonly string[];
}) {
  const lines = roster(game.problem, game.knowledge);
  const left = afloat(game.problem, game.knowledge);
  const total = lines.reduce((n, l) => n + l.count, 0);
  return (
    <div class="fleet-roster" data-side={side} data-afloat={left}>
      <h3>
        {title}: {left === 0 ? 'none' : countWord(left)} of {total} ship{total === 1 ? '' : 's'} afloat
      </h3>
      <ul>
        {lines.map((l) => (
          <li
            key={l.kind}
            data-kind-name={names[l.kind]}
            data-count={l.count}
            data-sunk={l.sunk}
            aria-label={`${names[l.kind]}: ${l.count - l.sunk} of ${l.count} afloat`}
          >
            <span class="roster-ships">
              {Array.from({ length: l.count }, (_, i) => (
                <ShipPicture
                  key={i}
                  shape={canonicalOrientation(game.problem.kinds[l.kind].orientations)}
                  sunk={i < l.sunk}
                />
              ))}
            </span>
            <span class="roster-name">
              {shipsWord(names[l.kind], l.count)}
              {l.sunk > 0 ? ` (${l.sunk === l.count ? (l.count === 1 ? 'sunk' : 'all sunk') : `${l.sunk} sunk`})` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FleetGamePanel({
  problem,
  spec,
  mine,
  mineKinds,
}: {
  problem: FleetProblem;
  spec: ProblemSpec;
  mine: string[][] | null;
  mineKinds: number[] | null;
}) {
  const board = useMemo(() => Board.of(problem.width, problem.height), [problem]);
  const names = useMemo(() => kindNames(problem.kinds), [problem]);
  const [deal, setDeal] = useState<Method>('uniform');
  const [strategy, setStrategy] = useState<HunterStrategy>('lattice');
  const [match, setMatch] = useState<Match | null>(null);
  const [, setVersion] = useState(0);
  const dealJob = useJob(makeWorker, fleetTask);
  const myJob = useJob(makeWorker, fleetTask);
  const huntJob = useJob(makeWorker, fleetTask);
  const hunted = useRef<Match | null>(null);
  const [showOdds, setShowOdds] = useState(false);
  const oddsJob = useJob(makeWorker, fleetTask);

  const newGame = (): void => {
    setMatch(null);
    hunted.current = null;
    huntJob.reset();
    dealJob.start({ kind: 'place', spec, method: deal, seed: random() }, 'The computer is placing its fleet');
    if (mine === null) myJob.start({ kind: 'place', spec, method: 'rails', seed: random() }, 'Placing your fleet');
    else myJob.reset();
  };
  // Both fleets placed: the game starts, you fire first.
  useEffect(() => {
    if (dealJob.state.status !== 'done' || match !== null) return;
    const theirs = dealJob.state.result as Place;
    const own =
      mine !== null && mineKinds !== null
        ? { exists: true, layout: mine, shipKinds: mineKinds }
        : myJob.state.status === 'done'
          ? (myJob.state.result as Place)
          : null;
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

  const theirMarks = match ? cellMarks(problem, match.theirs.knowledge) : [];
  const myMarks = match ? cellMarks(problem, match.mine.knowledge) : [];

  const bump = (): void => setVersion((v) => v + 1);
  const fire = (s: number): void => {
    // Water a sunk ship implies is no target: the touch rule has answered it already.
    if (!match || match.turn !== 'you' || match.winner || !match.theirs.canShoot(s) || theirMarks[s] !== 'unknown')
      return;
    const r = match.theirs.shoot(s);
    match.log.unshift(replyText('You fired at', board, r, problem, names));
    if (match.theirs.over) match.winner = 'you';
    else {
      match.turn = 'computer';
      hunted.current = match;
      const k = match.mine.knowledge;
      huntJob.start(
        { kind: 'hunt', spec, strategy, marks: Array.from(k.marks), sunk: k.sunk, seed: random() },
        'The computer is aiming',
      );
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
    m.log.unshift(replyText('The computer fired at', board, r, problem, names));
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
    oddsJob.start(
      { kind: 'odds', spec, marks: Array.from(k.marks), sunk: k.sunk, seed: random() },
      'Estimating the odds',
    );
  }, [showOdds, match, yourShots]);
  const odds =
    showOdds && oddsJob.state.status === 'done'
      ? (oddsJob.state.result as Extract<FleetResult, { kind: 'odds' }>)
      : null;
  const oddsMax = odds ? Math.max(...odds.probability) : 0;

  const failed = dealJob.state.status === 'done' && !(dealJob.state.result as Place).exists;
  const over = match?.winner ?? null;
  const theirShips = useMemo(() => (match ? shipMask(match.theirs) : null), [match]);
  return (
    <div class="fleet-game">
      <div class="row game-setup">
        <Choice id="fleet-deal" label="The computer places its fleet" value={deal} options={DEAL} onChange={setDeal} />
        <Choice
          id="fleet-hunter"
          label="The computer aims"
          value={strategy}
          options={HUNTER_CHOICES}
          onChange={setStrategy}
        />
        <div class="buttons">
          <button type="button" class="primary" onClick={newGame}>
            New game
          </button>
        </div>
      </div>
      <p class="help">
        {mine ? 'You play the layout from the editor.' : 'No valid layout in the editor: your fleet is placed for you.'}{' '}
        You fire first; turns alternate. The computer aims {HUNTERS.find(([value]) => value === strategy)![2]}.
      </p>
      <JobStatus state={dealJob.state} onCancel={() => dealJob.cancel()} />
      <JobStatus state={myJob.state} onCancel={() => myJob.cancel()} />
      {huntJob.state.status === 'error' && <JobStatus state={huntJob.state} onCancel={() => undefined} />}
      {failed && <p class="error">No layout of this fleet fits the board: change the fleet first.</p>}
      {match && (
        <>
          <div class="fleet-status-row">
            <p
              id="fleet-game-status"
              class={`fleet-status${over === 'you' ? ' win' : over === 'computer' ? ' loss' : ''}`}
              role="status"
              data-winner={over ?? undefined}
            >
              {over
                ? outcomeText(over, over === 'you' ? match.theirs.shots : match.mine.shots)
                : match.turn === 'you'
                  ? 'Your turn: click a square of the computer’s waters.'
                  : 'The computer is aiming…'}
            </p>
            {over && (
              <button type="button" class="primary" id="fleet-rematch" onClick={newGame}>
                Rematch
              </button>
            )}
          </div>
          <div class="fleet-games">
            <div>
              <h2>The computer’s waters ({match.theirs.shots} shots)</h2>
              <label class="check">
                <input
                  type="checkbox"
                  checked={showOdds}
                  onChange={(ev) => setShowOdds((ev.currentTarget as HTMLInputElement).checked)}
                />
                Show the odds (%) of a ship on each cell, given your shots
              </label>
              <div class="fleet-board target-board game-board">
                <BoardView
                  board={board}
                  label="The computer's waters: fire here"
                  view={(s) => {
                    const v: SquareView = {};
                    if (problem.forbidden[s]) v.kind = 'blocker';
                    else if (odds && theirMarks[s] === 'unknown' && !over) {
                      v.heat = oddsMax > 0 ? odds.probability[s] / oddsMax : 0;
                      v.text = (odds.probability[s] * 100).toFixed(0);
                    }
                    return v;
                  }}
                  describe={(s) =>
                    `${board.name(s)}, ${MARK_WORDS[theirMarks[s]]}${over && theirMarks[s] === 'unknown' && theirShips?.[s] ? ', a ship never found' : ''}${odds && theirMarks[s] === 'unknown' && !over ? `, ship chance about ${(odds.probability[s] * 100).toFixed(1)} %` : ''}`
                  }
                  onActivate={fire}
                  overlay={
                    <MarksOverlay board={board} marks={theirMarks} last={null} hidden={over ? theirShips : null} />
                  }
                />
              </div>
              <Roster side="theirs" title="The computer’s fleet" game={match.theirs} names={names} />
            </div>
            <div>
              <h2>Your waters ({match.mine.shots} shots)</h2>
              <div class="fleet-board game-board own-board">
                <BoardView
                  board={board}
                  label="Your waters"
                  view={(s) =>
                    problem.forbidden[s]
                      ? { kind: 'blocker' }
                      : match.mine.layout.ships.some((sh) => sh.cells.includes(s))
                        ? { kind: 'piece' }
                        : {}
                  }
                  describe={(s) =>
                    `${board.name(s)}, ${match.mine.layout.ships.some((sh) => sh.cells.includes(s)) ? 'your ship' : 'water'}, ${MARK_WORDS[myMarks[s]]}${s === match.lastShot ? ', the computer’s latest shot' : ''}`
                  }
                  onActivate={() => undefined}
                  overlay={<MarksOverlay board={board} marks={myMarks} last={match.lastShot} />}
                />
              </div>
              <Roster side="mine" title="Your fleet" game={match.mine} names={names} />
            </div>
          </div>
          <h3 class="log-title">Shots, newest first</h3>
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
