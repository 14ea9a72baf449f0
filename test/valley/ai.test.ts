import { describe, expect, it } from 'vitest';
import { finishedValue } from '../../src/core/job.js';
import { createRng } from '../../src/core/prng.js';
import {
  AI_CONTEMPT,
  AI_LEVELS,
  Game,
  START,
  Searcher,
  createEngine,
  createPlayer,
  formatMove,
  formatPlayer,
  greedyPlayer,
  levelBudget,
  match,
  parseEngineMove,
  parsePlayer,
  parsePosition,
  playGame,
  playGameJob,
  playGameSync,
  randomPlayer,
  searchAnswer,
  type MatchOptions,
  type MatchTally,
  type Player,
} from '../../src/valley/index.js';
import { refWinsWithin } from './brute.js';
import { refMoves, refParse } from './reference.js';

const engineOf = (text: string) => createEngine(parsePosition(text));
/** A match that must finish (no limit is given). */
const played = async (opts: MatchOptions): Promise<MatchTally> => finishedValue(await match(opts));
const turn = (text: string) => ({ engine: engineOf(text), history: [], drawRule: true });

describe('valley players', () => {
  it('parses player names and levels', () => {
    expect(parsePlayer('random')).toEqual({ kind: 'random' });
    expect(parsePlayer('GREEDY')).toEqual({ kind: 'greedy' });
    expect(parsePlayer('ai')).toEqual({ kind: 'ai' });
    expect(parsePlayer('ai:3')).toEqual({ kind: 'ai', level: 3 });
    expect(levelBudget({ kind: 'ai' })).toEqual({ timeoutMs: 100 });
    expect(AI_LEVELS[4]).toMatchObject({ level: 5, timeoutMs: 100 });
    expect(levelBudget({ kind: 'ai', level: 2 })).toEqual({ depth: 2 });
    expect(levelBudget({ kind: 'ai', level: 6, timeoutMs: 40 })).toEqual({ timeoutMs: 40 });
    expect(formatPlayer({ kind: 'ai', timeoutMs: 40 })).toBe('ai@40ms');
    expect(() => parsePlayer('ai:9')).toThrow(/AI level must be 1 to 6/);
    expect(() => parsePlayer('human')).toThrow(/unknown player 'human'/);
  });

  it('random, greedy and ai players move legally', () => {
    const text = '1s2s/4S/3Sk/2ssS/2K1S w 8';
    for (const p of [randomPlayer(4), greedyPlayer(), createPlayer({ kind: 'ai', level: 3 })]) {
      const t = turn(text);
      const m = p.choose(t);
      expect(refMoves(refParse(text))).toContain(formatMove(m, t.engine.board));
      expect(t.engine.toString()).toBe(text);
    }
  });

  it('greedy and every AI level take a win in 1 and stop one the opponent threatens', () => {
    const win = 'k4/3s1/5/5/K3S w 4';
    for (const p of [greedyPlayer(), ...[1, 2, 3, 4].map((level) => createPlayer({ kind: 'ai', level }))]) {
      const t = turn(win);
      expect(formatMove(p.choose(t), t.engine.board)).toBe('a1c3');
    }
    // Black threatens a5c3 (d2 stops it): White must not leave that open. Checked by the brute force.
    const threat = 'k4/5/5/3S1/K3s w 6';
    for (const p of [greedyPlayer(), createPlayer({ kind: 'ai', level: 2 })]) {
      const t = turn(threat);
      const move = formatMove(p.choose(t), t.engine.board);
      const ref = refParse(threat);
      const after = refParse(t.engine.toString());
      expect(refMoves(ref)).toContain(move);
      const e = t.engine;
      e.make(parseEngineMove(e, move));
      expect(refWinsWithin(refParse(e.toString()), false, 1)).toBe(false);
      expect(after).toEqual(ref);
    }
  });

  it('plays a match: tallies add up, colours alternate, seeds repeat', async () => {
    const opts = { games: 6, a: { kind: 'greedy' as const }, b: { kind: 'random' as const }, seed: 9 };
    const one = await played({ ...opts, alternate: true });
    expect(one.games).toBe(6);
    expect(one.white + one.black + one.draws).toBe(6);
    expect(one.aWins + one.bWins + one.draws).toBe(6);
    expect(await played({ ...opts, alternate: true })).toEqual(one);
    const colours: string[] = [];
    await played({ ...opts, games: 4, alternate: true, onGame: (g) => colours.push(g.whitePlayer) });
    expect(colours).toEqual(['a', 'b', 'a', 'b']);
    const capped = await played({ ...opts, plyCap: 2 });
    expect(capped).toMatchObject({ draws: 6, capped: 6 });
    expect(() => match({ ...opts, games: 0 })).toThrow(/games must be a whole number/);
  });

  it('ends a game on the third occurrence of a position under the draw rule, and not without it', async () => {
    // Each side shuttles its King along its edge; the start comes back every 4 plies.
    const shuttle = (moves: string[]): Player => {
      let i = 0;
      return { name: 'shuttle', choose: ({ engine }) => parseEngineMove(engine, moves[i++ % 2]) };
    };
    const start = 'k4/5/5/5/4K w 10';
    const game = async (drawRule: boolean) =>
      finishedValue(
        await playGameJob(
          new Game({ position: start, drawRule }),
          shuttle(['e1a1', 'a1e1']),
          shuttle(['a5e5', 'e5a5']),
          createRng(1),
          { openingPlies: 0, plyCap: 40 },
        ).run(),
      );
    expect(await game(true)).toMatchObject({ result: null, end: 'repetition', plies: 8 });
    expect(await game(false)).toMatchObject({ result: null, end: 'cap', plies: 40 });
  });

  it('plays a game async and sync alike (playGame, playGameSync), and stops one on its limits with its moves', async () => {
    const players = () => [createPlayer({ kind: 'greedy' }, 3), createPlayer({ kind: 'random' }, 4)] as const;
    const [w1, b1] = players();
    const played = await playGame(new Game(), w1, b1, createRng(2), { plyCap: 60 });
    const [w2, b2] = players();
    const sync = playGameSync(new Game(), w2, b2, createRng(2), { plyCap: 60 });
    expect(played.finished && sync.finished).toBe(true);
    expect(played.finished && played.value).toEqual(sync.finished && sync.value);
    // The moves replay on a fresh game to the same end.
    const replay = new Game();
    const moves = sync.finished ? sync.value.moves : [];
    for (const m of moves) replay.play(formatMove(m, replay.engine.board));
    expect(moves.length).toBeGreaterThan(0);
    expect(replay.result()?.winner ?? null).toBe(sync.finished ? sync.value.result : 'unfinished');
    const [w3, b3] = players();
    const cut = playGameSync(new Game(), w3, b3, createRng(2), { plyCap: 60 }, { maxNodes: 3 });
    expect(cut).toMatchObject({ finished: false, stopped: 'nodes' });
    expect(cut.finished ? [] : cut.partial).toEqual(moves.slice(0, 3));
  });

  it('stops on a signal', async () => {
    const ctl = new AbortController();
    ctl.abort();
    expect(
      await match(
        { games: 50, a: { kind: 'ai', level: 1 }, b: { kind: 'ai', level: 1 }, plyCap: 100000, drawRule: false },
        { signal: ctl.signal },
      ),
    ).toMatchObject({ finished: false, stopped: 'signal' });
  });

  it('plays the other variants through the game layer', async () => {
    for (const variant of ['retrieve', 'labyrinth'] as const) {
      const t = await played({
        games: 2,
        a: { kind: 'ai', level: 2 },
        b: { kind: 'random' },
        alternate: true,
        variant,
        plyCap: 120,
      });
      expect(t.games).toBe(2);
      expect(t.aWins + t.bWins + t.draws).toBe(2);
    }
  });
});

describe('a searching player’s move as steps of a match', () => {
  it('plays the move its search finds, run in slices or not (the same searcher, the same positions)', () => {
    const rng = createRng(11);
    for (const level of [1, 2, 3]) {
      const player = createPlayer({ kind: 'ai', level }, 1);
      const reference = new Searcher(1 << 18);
      const depth = levelBudget({ kind: 'ai', level }).depth!;
      const game = new Game({ position: START });
      for (let ply = 0; ply < 30 && game.result() === null; ply++) {
        const turn = { engine: game.engine, history: game.historyKeys(), drawRule: true };
        const plain = searchAnswer(
          reference.searchSync(game.engine, { depth, contempt: AI_CONTEMPT, history: turn.history, drawRule: true }),
        )!.move!;
        // Alternately the one call and the job stepped through its slices.
        const chosen = ply % 2 === 0 ? player.choose(turn) : finishedValue(player.chooseJob!(turn).runSync());
        expect(formatMove(chosen, game.engine.board), `level ${level}, ply ${ply}`).toBe(
          formatMove(plain, game.engine.board),
        );
        // Random moves in between reach positions the players would not.
        const moves = game.legalMoves();
        game.play(ply % 3 === 2 ? moves[rng.below(moves.length)] : formatMove(chosen, game.engine.board));
      }
    }
  });

  it('a match stopped during a searching move stops there, with the tally of the games finished', async () => {
    // ai:6 thinks up to 1 s a move: the first look at the signal comes after one slice of its first move, so the
    // match stops before a ply is played (one ply was the least before the move was a job of its own).
    const ac = new AbortController();
    const outcome = await match(
      { games: 3, a: { kind: 'ai', level: 6 }, b: { kind: 'ai', level: 6 }, openingPlies: 0 },
      { signal: ac.signal, onProgress: () => ac.abort() },
    );
    // Its nodes are the positions its first move's search looked at (the search runs within the match).
    expect(outcome).toMatchObject({ finished: false, stopped: 'signal', partial: { games: 0, plies: 0 } });
    expect(outcome.nodes).toBeGreaterThan(0);
    // The same with opening plies: it stops inside the first random ply's checks.
    const bc = new AbortController();
    const opened = await match(
      { games: 3, a: { kind: 'random' }, b: { kind: 'random' }, openingPlies: 4 },
      { signal: bc.signal, onProgress: () => bc.abort() },
    );
    expect(opened).toMatchObject({ finished: false, stopped: 'signal', nodes: 0 });
  });
});
