// Benchmarks of a Sea Battle count run as shards (by where the largest ship lies): the work the split adds (all
// shards on one thread against the unsplit count, alternating rounds in one process), the wall time on the local
// cores, each process's peak memory, and the job queue's cost per shard (redis-server on loopback).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { countShardsLocally, localCores } from '../src/cli/shard-threads.js';
import { shardsTotal } from '../src/core/shards.js';
import { countLayoutsJob } from '../src/fleet/count.js';
import { layoutCountQuestion, shardLayoutCount } from '../src/fleet/count-shards.js';
import { fleetProblem, type FleetSpec } from '../src/fleet/fleets.js';
import { measureProcess } from './harness.js';
import { queueRow } from './queue-row.js';
import type { BenchRow, BenchSection } from './types.js';

interface Case {
  name: string;
  spec: FleetSpec;
  want: bigint;
  cli: string[];
  rounds: number;
}

const CASES: Case[] = [
  // The published count of the classic fleet on 10×10.
  {
    name: '10×10 classic',
    spec: { width: 10, height: 10, fleet: 'classic' },
    want: 1_855_545_978_831_780n,
    cli: ['10x10', '--fleet', 'classic'],
    rounds: 3,
  },
  // The example of a count that outgrew one process (now half a minute in one).
  {
    name: '12×12 german',
    spec: { width: 12, height: 12, fleet: 'german' },
    want: 318_338_967_249_681_104n,
    cli: ['12x12', '--fleet', 'german'],
    rounds: 1,
  },
];

const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function unsplit(c: Case): Promise<number> {
  const t0 = performance.now();
  const o = await countLayoutsJob(fleetProblem(c.spec)).run();
  const ms = performance.now() - t0;
  if (!o.finished || o.value !== c.want)
    throw new Error(`${c.name}: the unsplit count gave ${o.finished ? o.value : 'no answer'}`);
  return ms;
}

async function sharded(c: Case, threads: number): Promise<{ ms: number; shards: number }> {
  const sc = shardLayoutCount(layoutCountQuestion(fleetProblem(c.spec)));
  const t0 = performance.now();
  const r = await countShardsLocally(sc, { threads, eager: true });
  const ms = performance.now() - t0;
  const total = shardsTotal(sc, r.counts);
  if (total !== c.want) throw new Error(`${c.name} as ${sc.shards} shards on ${threads} threads: counted ${total}`);
  return { ms, shards: sc.shards };
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const cores = localCores();
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  for (const c of CASES) {
    const one: number[] = [],
      split: number[] = [],
      wide: number[] = [];
    let shards = 0;
    for (let i = 0; i < c.rounds; i++) {
      one.push(await unsplit(c));
      const s = await sharded(c, 1);
      split.push(s.ms);
      shards = s.shards;
      wide.push((await sharded(c, cores)).ms);
    }
    const a = med(one),
      b = med(split),
      w = med(wide);
    rows.push({
      name: `${c.name} (${c.want.toLocaleString('en-US')}), ${shards} shards on 1 thread: the work of the split`,
      medianMs: b,
      baseline: { name: 'the unsplit count', medianMs: a },
      note: `${c.rounds} alternating round${c.rounds > 1 ? 's' : ''}; each shard counts the rest of the fleet around its places of the largest ship, one per class of the square's 8 symmetries`,
    });
    rows.push({
      name: `${c.name}, ${shards} shards on ${cores} threads, wall time`,
      medianMs: w,
      baseline: { name: 'the unsplit count', medianMs: a },
      note: 'every thread from the start (the shards share no work)',
    });
    if (existsSync(cli)) {
      const whole = measureProcess(process.execPath, [cli, 'fleet', 'count', ...c.cli, '--json']);
      const parts = measureProcess(process.execPath, [cli, 'fleet', 'count', ...c.cli, '--shards', '64', '--json']);
      const fmt = (m: number | null): string => (m === null ? '?' : `${Math.round(m)} MiB`);
      rows.push({
        name: `${c.name}: the CLI, ${shards} shards on ${cores} threads (peak memory of the process, all its threads)`,
        medianMs: parts.ms,
        baseline: { name: 'the unsplit count (CLI)', medianMs: whole.ms },
        note: `peak RSS ${fmt(parts.peakMiB)} against ${fmt(whole.peakMiB)} unsplit; one run each`,
      });
    }
  }
  notes.push(
    'A layout count is one dynamic program over the cells, which does not split without more work: the shards fix the largest ship in each class of its places and count the rest of the fleet around it, each a count of its own. So the shards do about twice the unsplit work in all (first rows: 1.8–1.9×), and pay on two or more machines, or where one process would not hold the whole count; each shard holds less at once than the whole count.',
    'Reproduce: npm run bench -- fleet-shards (builds and uses dist/ for the CLI rows; the queue row needs /usr/bin/redis-server).',
  );
  await queueRow(rows, notes, {
    label: CASES[0].name,
    args: ['fleet', 'count', ...CASES[0].cli],
    local: (shards) => ['--shards', String(shards)],
    want: CASES[0].want.toString(),
  });
  return { title: 'Sea Battle counts as shards: the split, the local cores and a job queue', rows, notes };
}
