// Foundation benchmarks: knight attacks from one square and from sets of knights, on 8x8 and 64x64, against
// chessops' attack table (8x8) and a naive per-square coordinate loop; attacks on a 16384x16384 board.
import { knightAttacks } from 'chessops/attacks';
import { SquareSet } from 'chessops/squareSet';
import { Bitboard, Board } from '../src/core/index.js';
import { AttackGen, attackGen, attacks, mobilitySync, parsePiece } from '../src/pieces/index.js';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs, keep, measureProcess, median, medianAuto, medianPair } from './harness.js';
import { attacksByShifts } from '../src/pieces/attacks.js';
import { naiveKnightTargets, randomSquares } from './knights64.js';
import type { BenchRow, BenchSection } from './types.js';

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const knight = parsePiece('knight');

  // 8x8, one square: our table lookup vs chessops' table lookup, over all 64 squares.
  const b8 = Board.of(8, 8);
  const gen8 = attackGen(b8, knight);
  const table8 = gen8.attackTable()!;
  let sq = 0,
    sqc = 0;
  const { f: ours1, baseline: chess1 } = medianPair(
    () => {
      sq = (sq + 1) & 63;
      return table8[sq];
    },
    () => {
      sqc = (sqc + 1) & 63;
      return knightAttacks(sqc);
    },
  );
  rows.push({
    name: 'knight attacks, one square, 8x8 (attackTable()[square])',
    medianMs: ours1,
    baseline: { name: 'chessops knightAttacks', medianMs: chess1 },
    target: '≤ 1.5× chessops',
    met: ours1 <= 1.5 * chess1,
  });

  // 8x8, one square computed set-wise by shifts (no table), vs chessops' table.
  const singles = Array.from({ length: 64 }, (_, i) => Bitboard.fromSquares(b8, [i]));
  const oursShift = medianAuto(() => {
    sq = (sq + 1) & 63;
    return gen8.attacks(singles[sq]);
  });
  rows.push({
    name: 'knight attacks, one square, 8x8, set-wise by shifts (no table)',
    medianMs: oursShift,
    baseline: { name: 'chessops knightAttacks', medianMs: chess1 },
    note: 'the generic (lo, hi) shift path',
  });

  // 8x8, 8 knights at once: one set-wise call vs chessops' table per knight, unioned.
  const eight = randomSquares(64, 8, 1);
  const eightSet = Bitboard.fromSquares(b8, eight);
  const ours8 = medianAuto(() => gen8.attacks(eightSet));
  const chess8 = medianAuto(() => {
    let s = SquareSet.empty();
    for (const q of eight) s = s.union(knightAttacks(q));
    return s;
  });
  const naiveOut8 = new Uint8Array(64);
  const naive8 = medianAuto(() => naiveKnightTargets(8, 8, eight, naiveOut8));
  rows.push({
    name: '8 knights at once, 8x8 (set-wise)',
    medianMs: ours8,
    baseline: { name: 'chessops table per knight, unioned', medianMs: chess8 },
  });
  rows.push({
    name: '8 knights at once, 8x8 (set-wise)',
    medianMs: ours8,
    baseline: { name: 'naive per-square loop', medianMs: naive8 },
  });

  // 64x64: one square, and 1000 knights at once.
  const b64 = Board.of(64, 64);
  const gen64 = attackGen(b64, knight);
  const naiveOut64 = new Uint8Array(4096);
  let s64 = 0;
  const one64 = medianAuto(() => {
    s64 = (s64 + 37) & 4095;
    return gen64.attacksFrom(s64);
  });
  const one64naive = medianAuto(() => {
    s64 = (s64 + 37) & 4095;
    return naiveKnightTargets(64, 64, [s64], naiveOut64);
  });
  rows.push({
    name: 'knight attacks, one square, 64x64 (table lookup)',
    medianMs: one64,
    baseline: { name: 'naive loop into a board array', medianMs: one64naive },
  });

  // 1,000 knights on 64x64, measured in a child process of its own (see bench/knights64.ts).
  const child = spawnSync(process.execPath, [fileURLToPath(new URL('./knights64.js', import.meta.url))], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench/knights64 failed: ${child.stderr}`);
  const { f: many, baseline: manyNaive } = JSON.parse(child.stdout) as { f: number; baseline: number };
  rows.push({
    name: '1,000 knights at once, 64x64 (set-wise)',
    medianMs: many,
    baseline: { name: 'naive per-square loop', medianMs: manyNaive },
    target: '≥ 20× faster than naive',
    met: manyNaive / many >= 20,
    note: 'own process, after a warm-up of each alone (as JMH forks and warms up); both ways checked to agree',
  });
  // The same inside this process, after the rows above have trained the JIT on other boards.
  const thousand = randomSquares(4096, 1000, 2);
  const thousandSet = Bitboard.fromSquares(b64, thousand);
  const mixed = medianPair(
    () => gen64.attacks(thousandSet),
    () => naiveKnightTargets(64, 64, thousand, naiveOut64),
  );
  rows.push({
    name: '1,000 knights at once, 64x64, in the shared bench process',
    medianMs: mixed.f,
    baseline: { name: 'naive per-square loop', medianMs: mixed.baseline },
    note: 'after the other rows: a JIT profile mixed with 8x8 boards',
  });

  // Larger: 256x256 queen attacks from 100 queens with 5,000 blockers, and knight mobility of the whole board.
  const b256 = Board.of(256, 256);
  const queens = Bitboard.fromSquares(b256, randomSquares(65536, 100, 3));
  const blockers = Bitboard.fromSquares(b256, randomSquares(65536, 5000, 4));
  const queenGen = attackGen(b256, parsePiece('queen'));
  rows.push({
    name: '100 queens with 5,000 blockers, 256x256 (Kogge-Stone)',
    medianMs: medianAuto(() => queenGen.attacks(queens, blockers), 7),
  });
  rows.push({
    name: 'knight mobility of every square, 256x256',
    medianMs: medianAuto(() => mobilitySync(b256, knight), 7),
  });
  // 16384x16384 (2^28 cells): few pieces go by steps, many by ranks; the whole-board shifts (the path before)
  // built one file mask of the board's 8 Mi words per leap's file distance first.
  const huge = Board.of(16384, 16384);
  const three = Bitboard.fromSquares(
    huge,
    ['a1', 'h8', 'p5'].map((s) => huge.parse(s)),
  );
  const stepsMs = medianAuto(() => attacks(knight, three), 7);
  const shiftsMs = median(() => attacksByShifts(new AttackGen(huge, knight), three), { samples: 1, warmup: 0 });
  if (!attacks(knight, three).equals(new AttackGen(huge, knight).attacks(three)))
    throw new Error('huge-board attacks disagree');
  rows.push({
    name: '3 knights (a1, h8, p5), 16384x16384, attacks() by steps',
    medianMs: stepsMs,
    baseline: { name: 'whole-board shifts with file masks (the path before), one run', medianMs: shiftsMs },
    note: 'the time is in scanning the 8 Mi words of the set (and allocating the answer), not in the 24 steps',
  });
  const ranks = (n: number): number[] => Array.from({ length: n * 16384 }, (_, i) => i);
  const fourRanks = Bitboard.fromSquares(huge, ranks(4));
  rows.push({
    name: '65,536 knights (ranks 1-4), 16384x16384, by ranks',
    medianMs: median(() => attacks(knight, fourRanks), { samples: 5, warmup: 1 }),
    note: 'one pass up the ranks; ranks far from every knight are skipped',
  });
  const queenRank = Bitboard.fromSquares(huge, ranks(1)),
    blockRank = Bitboard.fromSquares(huge, ranks(3).slice(2 * 16384));
  rows.push({
    name: '16,384 queens (rank 1), blockers on rank 3, 16384x16384, by ranks',
    medianMs: median(() => attacks(parsePiece('queen'), queenRank, blockRank), { samples: 5, warmup: 1 }),
    note: 'a pass down the ranks, then one up; rays along the ranks by a fill inside each word',
  });
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  if (existsSync(cli)) {
    const m = measureProcess(process.execPath, [cli, 'moves', 'knight', 'a1,h8,p5', '--board', '16384x16384']);
    rows.push({
      name: 'gridbits moves knight a1,h8,p5 --board 16384x16384 (CLI child, wall)',
      medianMs: m.ms,
      note:
        m.peakMiB === null
          ? 'peak RSS n/a'
          : `peak RSS ${m.peakMiB.toFixed(0)} MiB; ${fmtMs(m.ms)} wall, node start-up included`,
    });
  }
  keep(rows);
  return {
    title: 'Foundation: knight attacks (issue 2)',
    rows,
    notes: [
      'One-square lookups return a prebuilt immutable Bitboard from a table made once per board and piece (as chessops builds its tables at load).',
      'Set-wise generation shifts the whole set once per leap vector and masks the files that would wrap: one pass for any number of pieces.',
      'chessops is GPL and is used here only as a benchmark devDependency; no code of it is in gridbits.',
      'Rows with a target are timed in alternating batches with their baseline (medianPair), so both see the same load on this shared 2-core machine.',
      'Boards over 2^20 cells build no whole-board masks: attacks (and attackSetJob, its form as a job with limits and progress) step each vector from each piece when the steps are fewer than the words of the board times the vectors, and otherwise sweep the ranks over row bitsets, a few rows of memory per vector.',
    ],
  };
}
