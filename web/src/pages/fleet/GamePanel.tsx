// Sea Battle against the computer: it places its fleet (uniformly, or by rails) in a worker, you
// fire at its waters by clicking or tapping, it hunts yours with the engine's AI in a worker; turns alternate. Both
// sides' ships afloat are drawn, sunk ships named, the water their touch rule implies marked, each new mark shown as it
// lands, the score kept; both fleets shown at the end, and the game replayed shot by shot. The game lives in the
// address (game-record.ts), so a reload or a link brings it back.
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
import { ODDS_SAMPLES } from './page-jobs.js';
import { afloat, cellMarks, outcomeText, replyText, roster, type CellMark } from './game-view.js';
import { decodeGame, encodeGame, replayGame, scoreOf, type GameRecord, type Replayed } from './game-record.js';
import { MarksKey, MarksOverlay, ShipPicture } from './pictures.js';
import { pointWord, useTouch } from '../../controls/touch.js';
import { canonicalOrientation, countWord, kindNames, shipsWord } from './shapes.js';
import type { Method, ProblemSpec } from './state.js';
import { thousands } from '../../../../src/core/text.js';

function makeWorker(): Worker {
  return new Worker(new URL('./fleet.worker.ts', import.meta.url), { type: 'module', name: 'fleet-game' });
}

type Place = Extract<FleetResult, { kind: 'place' }>;

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
/** The layouts behind the odds shown to the player (page-jobs.ts draws this many). */
const ODDS_LAYOUTS = ODDS_SAMPLES;

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

/** The squares whose marks are new: the shot's square, or every cell of the ship it sank. */
function freshOf(fired: Replayed['fired'][number] | undefined): Set<number> {
  if (!fired) return new Set();
  return new Set(fired.result.ship ? fired.result.ship.cells : [fired.result.square]);
}

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
  saved,
  save,
}: {
  problem: FleetProblem;
  spec: ProblemSpec;
  mine: string[][] | null;
  mineKinds: number[] | null;
  /** The game the address holds ('' for none). */
  saved: string;
  /** Keeps the game in the address. */
  save: (game: string) => void;
}) {
  const board = useMemo(() => Board.of(problem.width, problem.height), [problem]);
  const names = useMemo(() => kindNames(problem.kinds), [problem]);
  const touch = useTouch();
  const [deal, setDeal] = useState<Method>('uniform');
  const [strategy, setStrategy] = useState<HunterStrategy>('lattice');
  const [record, setRecord] = useState<GameRecord | null>(() => (saved ? decodeGame(problem, saved) : null));
  const dealJob = useJob(makeWorker, fleetTask);
  const myJob = useJob(makeWorker, fleetTask);
  const huntJob = useJob(makeWorker, fleetTask);
  /** The number of shots the computer's aim was asked after: its answer is the next shot only then. */
  const huntFor = useRef(-1);
  const [showOdds, setShowOdds] = useState(false);
  const oddsJob = useJob(makeWorker, fleetTask);
  /** The shot the review shows the game after, or null while the game is live. */
  const [step, setStep] = useState<number | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const live = useMemo(() => (record ? replayGame(problem, record) : null), [record, problem]);
  const keep = (r: GameRecord | null): void => {
    setRecord(r);
    save(r ? encodeGame(r) : '');
  };

  const newGame = (): void => {
    keep(null);
    setStep(null);
    huntFor.current = -1;
    huntJob.reset();
    dealJob.start({ kind: 'place', spec, method: deal, seed: random() }, 'The computer is placing its fleet');
    if (mine === null) myJob.start({ kind: 'place', spec, method: 'rails', seed: random() }, 'Placing your fleet');
    else myJob.reset();
  };
  // Both fleets placed: the game starts, you fire first; the boards come into view.
  useEffect(() => {
    if (dealJob.state.status !== 'done' || record !== null) return;
    const theirs = dealJob.state.result as Place;
    const own =
      mine !== null && mineKinds !== null
        ? { exists: true, layout: mine, shipKinds: mineKinds }
        : myJob.state.status === 'done'
          ? (myJob.state.result as Place)
          : null;
    if (own === null || !theirs.exists || !own.exists) return;
    keep({ mine: layoutOf(board, own as Place), theirs: layoutOf(board, theirs), shots: [] });
    dealJob.reset();
    requestAnimationFrame(() => top.current?.scrollIntoView({ block: 'start' }));
  }, [dealJob.state, myJob.state]);

  // The computer's turn: it aims in the worker (once per turn), and its shot joins the record.
  useEffect(() => {
    if (!live || !record || live.winner || live.turn !== 'computer' || huntFor.current === record.shots.length) return;
    huntFor.current = record.shots.length;
    const k = live.mine.knowledge;
    huntJob.start(
      { kind: 'hunt', spec, strategy, marks: Array.from(k.marks), sunk: k.sunk, seed: random() },
      'The computer is aiming',
    );
  }, [live]);
  useEffect(() => {
    if (huntJob.state.status !== 'done' || !record || huntFor.current !== record.shots.length) return;
    const { square } = huntJob.state.result as Extract<FleetResult, { kind: 'hunt' }>;
    huntFor.current = -1;
    keep({ ...record, shots: [...record.shots, square] });
  }, [huntJob.state]);

  const liveTheirMarks = live ? cellMarks(problem, live.theirs.knowledge) : [];
  const fire = (s: number): void => {
    // Water a sunk ship implies is no target: the touch rule has answered it already.
    if (!live || !record || step !== null || live.turn !== 'you' || live.winner) return;
    if (!live.theirs.canShoot(s) || liveTheirMarks[s] !== 'unknown') return;
    keep({ ...record, shots: [...record.shots, s] });
  };

  // The odds on the computer's waters, re-estimated after each of your shots while they are shown.
  const yourShots = live ? live.theirs.shots : -1;
  useEffect(() => {
    if (!showOdds || !live || live.winner) {
      oddsJob.reset();
      return;
    }
    const k = live.theirs.knowledge;
    oddsJob.start(
      { kind: 'odds', spec, marks: Array.from(k.marks), sunk: k.sunk, seed: random() },
      'Estimating the odds',
    );
  }, [showOdds, record === null, yourShots]);
  const odds =
    showOdds && oddsJob.state.status === 'done' && live && !live.winner
      ? (oddsJob.state.result as Extract<FleetResult, { kind: 'odds' }>)
      : null;
  const oddsMax = odds ? Math.max(...odds.probability) : 0;

  const failed = dealJob.state.status === 'done' && !(dealJob.state.result as Place).exists;
  const over = live?.winner ?? null;
  // What the boards show: the game as it stands, or (in the review) as it stood after `step` shots.
  const shown = useMemo(
    () => (record && live && step !== null && step < record.shots.length ? replayGame(problem, record, step) : live),
    [live, step],
  );
  const theirMarks = shown ? cellMarks(problem, shown.theirs.knowledge) : [];
  const myMarks = shown ? cellMarks(problem, shown.mine.knowledge) : [];
  const theirShips = useMemo(() => (live ? shipMask(live.theirs) : null), [record]);
  const lastBy = (who: 'you' | 'computer') =>
    shown ? [...shown.fired].reverse().find((f) => f.who === who) : undefined;
  const myLast = lastBy('computer');
  const newest = shown?.fired[shown.fired.length - 1];
  const log = live
    ? live.fired.map((f) =>
        replyText(f.who === 'you' ? 'You fired at' : 'The computer fired at', board, f.result, problem, names),
      )
    : [];
  const reviewing = step !== null;
  const yours = shown ? scoreOf(shown.theirs) : null,
    theirs = shown ? scoreOf(shown.mine) : null;
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
      {live && shown && record && (
        <div class="fleet-match" ref={top}>
          <div class="fleet-status-row">
            <p
              id="fleet-game-status"
              class={`fleet-status${over === 'you' ? ' win' : over === 'computer' ? ' loss' : ''}`}
              role="status"
              data-winner={over ?? undefined}
            >
              {over
                ? outcomeText(over, over === 'you' ? live.theirs.shots : live.mine.shots)
                : live.turn === 'you'
                  ? `Your turn: ${pointWord(touch)} a square of the computer’s waters.`
                  : 'The computer is aiming…'}
            </p>
            {over && (
              <button type="button" class="primary" id="fleet-rematch" onClick={newGame}>
                Rematch
              </button>
            )}
          </div>
          <p id="fleet-score" class="fleet-score" aria-live="off">
            <span data-side="you">
              You: {yours!.shots} shot{yours!.shots === 1 ? '' : 's'}, {yours!.hits} hit{yours!.hits === 1 ? '' : 's'},{' '}
              {yours!.accuracy} % on target
            </span>
            <span data-side="computer">
              The computer: {theirs!.shots} shot{theirs!.shots === 1 ? '' : 's'}, {theirs!.hits} hit
              {theirs!.hits === 1 ? '' : 's'}, {theirs!.accuracy} % on target
            </span>
          </p>
          {over && (
            <Review
              step={step ?? record.shots.length}
              total={record.shots.length}
              setStep={setStep}
              newest={newest}
              board={board}
              problem={problem}
              names={names}
            />
          )}
          <div class={`fleet-games${reviewing ? ' reviewing' : ''}`}>
            <section class="g-target" aria-label="The computer’s waters">
              <h2>The computer’s waters</h2>
              {!over && (
                <label class="check odds-check">
                  <input
                    type="checkbox"
                    checked={showOdds}
                    onChange={(ev) => setShowOdds((ev.currentTarget as HTMLInputElement).checked)}
                  />
                  Show the odds (%) of a ship on each cell, given your shots
                </label>
              )}
              <div class="fleet-board target-board game-board">
                <BoardView
                  board={board}
                  label={over ? 'The computer’s waters' : 'The computer’s waters: fire here'}
                  view={(s) => {
                    const v: SquareView = {};
                    if (problem.forbidden[s]) v.kind = 'blocker';
                    else if (odds && theirMarks[s] === 'unknown') {
                      v.heat = oddsMax > 0 ? odds.probability[s] / oddsMax : 0;
                      v.text = (odds.probability[s] * 100).toFixed(0);
                    }
                    return v;
                  }}
                  describe={(s) =>
                    `${board.name(s)}, ${MARK_WORDS[theirMarks[s]]}${over && theirMarks[s] === 'unknown' && theirShips?.[s] ? ', a ship never found' : ''}${odds && theirMarks[s] === 'unknown' ? `, ship chance about ${(odds.probability[s] * 100).toFixed(1)} %` : ''}`
                  }
                  onActivate={fire}
                  overlay={
                    <MarksOverlay
                      board={board}
                      marks={theirMarks}
                      last={null}
                      hidden={over ? theirShips : null}
                      fresh={newest?.who === 'you' ? freshOf(newest) : undefined}
                    />
                  }
                />
              </div>
              {odds && (
                <p class="help odds-note" id="fleet-odds-note">
                  The odds are an estimate from {thousands(ODDS_LAYOUTS)} random layouts that fit your shots (
                  {thousands(Math.round(odds.effective))} of them carry most of the weight).
                </p>
              )}
            </section>
            <section class="g-own" aria-label="Your waters">
              <h2>Your waters</h2>
              <div class="fleet-board game-board own-board">
                <BoardView
                  board={board}
                  label="Your waters"
                  view={(s) =>
                    problem.forbidden[s]
                      ? { kind: 'blocker' }
                      : shown.mine.layout.ships.some((sh) => sh.cells.includes(s))
                        ? { kind: 'piece' }
                        : {}
                  }
                  describe={(s) =>
                    `${board.name(s)}, ${shown.mine.layout.ships.some((sh) => sh.cells.includes(s)) ? 'your ship' : 'water'}, ${MARK_WORDS[myMarks[s]]}${s === myLast?.result.square ? ', the computer’s latest shot' : ''}`
                  }
                  onActivate={() => undefined}
                  overlay={
                    <MarksOverlay
                      board={board}
                      marks={myMarks}
                      last={myLast?.result.square ?? null}
                      fresh={newest?.who === 'computer' ? freshOf(newest) : undefined}
                    />
                  }
                />
              </div>
            </section>
            <div class="g-key">
              <MarksKey end={over !== null} odds={odds !== null} />
            </div>
            <div class="g-target-roster">
              <Roster side="theirs" title="The computer’s fleet" game={shown.theirs} names={names} />
            </div>
            <div class="g-own-roster">
              <Roster side="mine" title="Your fleet" game={shown.mine} names={names} />
            </div>
          </div>
          {!reviewing && (
            <>
              <h3 class="log-title">Shots, newest first</h3>
              <ol class="fleet-log" id="fleet-log" aria-label="Shots, newest first">
                {log
                  .slice(-12)
                  .reverse()
                  .map((l, i) => (
                    <li key={log.length - i}>{l}</li>
                  ))}
              </ol>
            </>
          )}
          {reviewing && (
            <>
              <h3 class="log-title">Every shot in order</h3>
              <ol class="fleet-review-shots" id="fleet-review-shots">
                {log.map((l, i) => (
                  <li key={i} class={i + 1 === step ? 'now' : i + 1 > step! ? 'later' : ''}>
                    <button
                      type="button"
                      class="link"
                      aria-current={i + 1 === step ? 'step' : undefined}
                      onClick={() => setStep(i + 1)}
                    >
                      {l}
                    </button>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The review of a finished game: the boards as they stood after any shot, stepped through with buttons or a slider. */
function Review({
  step,
  total,
  setStep,
  newest,
  board,
  problem,
  names,
}: {
  step: number;
  total: number;
  setStep: (step: number | null) => void;
  newest: Replayed['fired'][number] | undefined;
  board: Board;
  problem: FleetProblem;
  names: readonly string[];
}) {
  const go = (n: number): void => setStep(Math.max(0, Math.min(total, n)));
  return (
    <div class="fleet-review" id="fleet-review" role="group" aria-label="Review the game">
      <div class="review-buttons">
        <button type="button" class="small" disabled={step === 0} onClick={() => go(0)}>
          First
        </button>
        <button type="button" class="small" disabled={step === 0} onClick={() => go(step - 1)}>
          Back
        </button>
        <input
          type="range"
          min={0}
          max={total}
          value={step}
          aria-label="Shot of the game shown"
          onInput={(ev) => go(Number((ev.currentTarget as HTMLInputElement).value))}
        />
        <button type="button" class="small" disabled={step === total} onClick={() => go(step + 1)}>
          Next
        </button>
        <button type="button" class="small" disabled={step === total} onClick={() => go(total)}>
          Last
        </button>
      </div>
      <p class="help" id="fleet-review-step" aria-live="polite">
        {step === 0
          ? `Review: before the first shot (${total} shots in all); both fleets shown.`
          : `Review: shot ${step} of ${total}. ${newest ? replyText(newest.who === 'you' ? 'You fired at' : 'The computer fired at', board, newest.result, problem, names) : ''}.`}
      </p>
    </div>
  );
}
