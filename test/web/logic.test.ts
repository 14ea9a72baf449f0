// The playground's logic without a browser: hash routes, the Moves page state and its URL round trip,
// keyboard moves, and the worker job protocol over a MessageChannel (results, progress, errors, cancel).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/core/board.js';
import { GridbitsError } from '../../src/core/error.js';
import { finishedValue, job } from '../../src/core/job.js';
import { keyTarget } from '../../web/src/board/keys.js';
import {
  compute,
  describePiece,
  fitToBoard,
  glyphOf,
  parseSide,
  readState,
  toggle,
  writeState,
  type MovesState,
} from '../../web/src/pages/moves/state.js';
import { formatHash, parseHash } from '../../web/src/router.js';
import { JobRunner, type JobRegistry } from '../../web/src/worker/jobs.js';
import { fakeWorker, type FakeWorker } from './fake-worker.js';
import { eightWays, naiveAttacks, naiveName } from '../reference/naive.js';

describe('hash routes', () => {
  it('reads the page and its parameters', () => {
    expect(parseHash('')).toMatchObject({ page: '' });
    expect(parseHash('#/')).toMatchObject({ page: '' });
    const r = parseHash('#/moves?board=8x8&piece=1%2C2*&at=d4,e5');
    expect(r.page).toBe('moves');
    expect(r.params.get('piece')).toBe('1,2*');
    expect(r.params.get('at')).toBe('d4,e5');
  });

  it('writes links that read back the same, leaving out empty values', () => {
    const h = formatHash('moves', { board: '8x8', piece: 'knight+king', at: 'd4,e5', block: '', heat: undefined });
    expect(h).toBe('#/moves?board=8x8&piece=knight%2Bking&at=d4,e5');
    const r = parseHash(h);
    expect(Object.fromEntries(r.params)).toEqual({ board: '8x8', piece: 'knight+king', at: 'd4,e5' });
  });
});

describe('Moves page state', () => {
  const arbState = fc.record({
    width: fc.integer({ min: 1, max: 30 }),
    height: fc.integer({ min: 1, max: 30 }),
    spec: fc.constantFrom('knight', 'queen', '1,3', '2,3*+king', 'rook-end', '&?#=,'),
    pieces: fc.uniqueArray(fc.integer({ min: 0, max: 899 }), { maxLength: 6 }),
    blockers: fc.uniqueArray(fc.integer({ min: 0, max: 899 }), { maxLength: 6 }),
    heat: fc.boolean(),
  });

  it('round-trips through the URL', () => {
    fc.assert(
      fc.property(arbState, (a) => {
        const board = Board.of(a.width, a.height);
        const names = (xs: number[]): string[] => xs.filter((s) => s < board.cells).map((s) => board.name(s));
        const s: MovesState = fitToBoard({ ...a, pieces: names(a.pieces), blockers: names(a.blockers) });
        const back = readState(parseHash(formatHash('moves', writeState(s))).params);
        expect(back).toEqual(s);
      }),
    );
  });

  it('falls back to defaults for unreadable links and drops squares off the board', () => {
    const s = readState(new URLSearchParams('board=0x9&piece=&at=d4,zz99,D4,e5&block=e5,c3,!!'));
    expect(s).toEqual({ width: 8, height: 8, spec: 'knight', pieces: ['d4', 'e5'], blockers: ['c3'], heat: false });
    expect(readState(new URLSearchParams('board=900x2')).width).toBe(8);
    expect(fitToBoard({ ...s, width: 4, height: 4 }).pieces).toEqual(['d4']);
  });

  it('refuses bad sides with a message', () => {
    expect(parseSide('12', 'width')).toBe(12);
    expect(parseSide('0', 'width')).toMatch(/from 1 to 512/);
    expect(parseSide('513', 'height')).toMatch(
      /height must be from 1 to 512 here: on larger boards a heat map takes over a minute/,
    );
    expect(parseSide('512', 'height')).toBe(512);
    expect(parseSide('8.5', 'width')).toMatch(/whole number/);
    expect(parseSide('', 'width')).toMatch(/whole number/);
  });

  it('toggles pieces and blockers, one kind per square', () => {
    let s = toggle(readState(new URLSearchParams()), 'd4', 'piece');
    expect(s.pieces).toEqual(['d4']);
    s = toggle(s, 'd4', 'blocker');
    expect([s.pieces, s.blockers]).toEqual([[], ['d4']]);
    s = toggle(s, 'd4', 'blocker');
    expect([s.pieces, s.blockers]).toEqual([[], []]);
  });

  it('computes the attacks of every piece at once, as a reference loop does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (w, h, ps, bs) => {
          const board = Board.of(w, h);
          const pieces = [...new Set(ps.map((p) => p % board.cells))];
          const blockers = [...new Set(bs.map((b) => b % board.cells))].filter((b) => !pieces.includes(b));
          const s: MovesState = {
            width: w,
            height: h,
            spec: 'knight+0,1*',
            pieces: pieces.map((p) => board.name(p)),
            blockers: blockers.map((b) => board.name(b)),
            heat: false,
          };
          const c = compute(s);
          const want = naiveAttacks(
            w,
            h,
            { leaps: eightWays(1, 2), rides: eightWays(0, 1), slides: [] },
            new Set(pieces),
            new Set(blockers),
          );
          expect(
            c
              .targets!.squares()
              .map((t) => board.name(t))
              .sort(),
          ).toEqual([...want].map((t) => naiveName(w, t)).sort());
        },
      ),
    );
  });

  it('says what a spec is made of', () => {
    const of = (spec: string): string => describePiece(compute({ ...readState(new URLSearchParams()), spec }).piece!);
    expect(of('knight')).toBe('8 leaps (1,2)');
    expect(of('queen')).toBe('8 rides (0,1 1,1)');
    expect(of('knight+king')).toBe('16 leaps (1,2 0,1 1,1)');
    expect(of('rook-end')).toBe('4 slides (0,1)');
    expect(of('wazir')).toBe('4 leaps (0,1)');
  });

  it('keeps the engine message of a bad spec', () => {
    const c = compute({ width: 8, height: 8, spec: '0,0', pieces: ['d4'], blockers: [], heat: false });
    expect(c.piece).toBeNull();
    expect(c.targets).toBeNull();
    expect(c.pieceError).toMatch(/0,0 does not move/);
    expect(glyphOf(null)).toBe('?');
    expect(glyphOf(compute({ ...readState(new URLSearchParams()), spec: 'camel' }).piece)).toBe('C');
  });
});

describe('keyboard moves', () => {
  it('step by one and stop at the edges', () => {
    const b = Board.of(5, 3);
    const c3 = b.parse('c2');
    const go = (sq: number, key: string): string => b.name(keyTarget(b, sq, key)!);
    expect(
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].map((k) => go(c3, k)),
    ).toEqual(['b2', 'd2', 'c3', 'c1', 'a2', 'e2', 'c3', 'c1']);
    expect(go(b.parse('a1'), 'ArrowLeft')).toBe('a1');
    expect(go(b.parse('e3'), 'ArrowUp')).toBe('e3');
    expect(keyTarget(b, 0, 'x')).toBeNull();
  });
});

describe('worker jobs', () => {
  /** Jobs for the tests: one that doubles, one that fails, one that runs until stopped (3 s at most). */
  const JOBS = {
    double: (n: number) =>
      job(function* (ctl) {
        ctl.report({ share: 1, done: n });
        yield;
        return n * 2;
      }),
    fail: () => {
      throw new GridbitsError('BAD_PIECE', 'no such piece');
    },
    endless: (n: number) =>
      job(function* (ctl) {
        const end = performance.now() + 3000;
        while (performance.now() < end) if (ctl.spend()) yield;
        return n;
      }),
  } satisfies JobRegistry;
  type Jobs = typeof JOBS;

  const fakeJobWorker = (deaf = false): FakeWorker => fakeWorker(JOBS, deaf);

  it('answers a request with jobs run in turn, and forwards their progress', async () => {
    const seen: number[] = [];
    const runner = new JobRunner<number, number, Jobs>(
      () => fakeJobWorker().worker,
      async (n, run) => {
        const once = finishedValue(await run('double', [n]));
        return finishedValue(await run('double', [once]));
      },
    );
    expect(await runner.run(21, { onProgress: (p) => seen.push(p.done) })).toBe(84);
    expect(seen).toContain(21);
    expect(seen.at(-1)).toBe(42);
    expect(await runner.run(5)).toBe(20);
    runner.terminate();
  });

  it('keeps the code of engine errors', async () => {
    const runner = new JobRunner<number, number, Jobs>(
      () => fakeJobWorker().worker,
      async (_, run) => finishedValue(await run('fail', [])),
    );
    await expect(runner.run(1)).rejects.toMatchObject({ code: 'BAD_PIECE', message: 'no such piece' });
    runner.terminate();
  });

  it('cancels by asking the job to stop: the worker is kept, and a new request replaces a running one', async () => {
    const made: FakeWorker[] = [];
    const outcomes: boolean[] = [];
    const runner = new JobRunner<number, number, Jobs>(
      () => {
        made.push(fakeJobWorker());
        return made.at(-1)!.worker;
      },
      async (n, run) => {
        const out = await run(n < 0 ? 'endless' : 'double', [n]);
        outcomes.push(out.finished);
        return finishedValue(out);
      },
    );
    const slow = runner.run(-1);
    expect(runner.busy).toBe(true);
    const t0 = performance.now();
    runner.cancel();
    await expect(slow).rejects.toBeInstanceOf(GridbitsError);
    await expect(slow).rejects.toMatchObject({ code: 'ABORTED' });
    expect(runner.busy).toBe(false);
    expect(await runner.run(7)).toBe(14);
    // The endless job heard the stop (it would run 3 s): the worker answered the next request, and is the same one.
    expect(performance.now() - t0).toBeLessThan(2500);
    expect(made.length).toBe(1);
    expect(made[0].ended()).toBe(false);
    const first = runner.run(-1);
    const second = runner.run(3);
    await expect(first).rejects.toMatchObject({ code: 'ABORTED' });
    expect(await second).toBe(6);
    runner.terminate();
    expect(made[0].ended()).toBe(true);
  });

  it('answers quick jobs on the page itself, with no worker; the rest of a long request goes to the worker', async () => {
    const made: FakeWorker[] = [];
    const spins: string[] = [];
    const here = {
      ...JOBS,
      /** Runs `ms` milliseconds on whichever side runs it, then answers `n`. */
      spin: (ms: number, n: number) =>
        job(function* (ctl) {
          spins.push(`here ${ms}`);
          const end = performance.now() + ms;
          while (performance.now() < end) if (ctl.spend()) yield;
          return n;
        }),
    } satisfies JobRegistry;
    const onWorker = {
      ...here,
      spin: (ms: number, n: number) => {
        spins.push(`worker ${ms}`);
        return JOBS.double(n / 2);
      },
    };
    const runner = new JobRunner<number[], number[], typeof here>(
      () => {
        made.push(fakeWorker(onWorker));
        return made.at(-1)!.worker;
      },
      async (ms, run) => {
        const out: number[] = [];
        for (const m of ms) out.push(finishedValue(await run('spin', [m, m + 1])));
        return out;
      },
      here,
    );
    // Two jobs of 2 ms: both here.
    expect(await runner.run([2, 2])).toEqual([3, 3]);
    expect(made.length).toBe(0);
    expect(spins).toEqual(['here 2', 'here 2']);
    // A job of 200 ms runs here until the page's share is spent, then again on the worker, as does the one after it.
    spins.length = 0;
    expect(await runner.run([1, 200, 1])).toEqual([2, 201, 2]);
    expect(spins).toEqual(['here 1', 'here 200', 'worker 200', 'worker 1']);
    expect(made.length).toBe(1);
    // A job stopped here by its own node budget answers so, as it would on the worker.
    const budget = new JobRunner<number, boolean, typeof here>(
      () => {
        made.push(fakeWorker(onWorker));
        return made.at(-1)!.worker;
      },
      async (n, run) => (await run('endless', [n], { maxNodes: 1000 })).finished,
      here,
    );
    expect(await budget.run(1)).toBe(false);
    expect(made.length).toBe(1);
    // An engine error here keeps its code, as from the worker.
    const failing = new JobRunner<number, number, typeof here>(
      () => fakeJobWorker().worker,
      async (_, run) => finishedValue(await run('fail', [])),
      here,
    );
    await expect(failing.run(1)).rejects.toMatchObject({ code: 'BAD_PIECE', message: 'no such piece' });
    runner.terminate();
  });

  it('ends a worker that does not stop within a second of being asked, and the next request gets a fresh one', async () => {
    const made: FakeWorker[] = [];
    const runner = new JobRunner<number, number, Jobs>(
      () => {
        made.push(fakeJobWorker(made.length === 0));
        return made.at(-1)!.worker;
      },
      async (n, run) => finishedValue(await run(n < 0 ? 'endless' : 'double', [n])),
    );
    const slow = runner.run(-1);
    runner.cancel();
    await expect(slow).rejects.toMatchObject({ code: 'ABORTED' });
    expect(made[0].ended()).toBe(false);
    await new Promise((r) => setTimeout(r, 1300));
    expect(made[0].ended()).toBe(true);
    expect(await runner.run(4)).toBe(8);
    expect(made.length).toBe(2);
    runner.terminate();
  });
});
