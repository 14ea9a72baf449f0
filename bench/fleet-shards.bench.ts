// Benchmarks of a Sea Battle count run as shards (by where the largest ship lies): the work the split adds (all
// shards on one thread against the unsplit count, alternating rounds in one process), the wall time on the local
// cores, each process's peak memory, and the job queue's cost per shard (redis-server on loopback).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { countShardsLocally, localCores } from '../src/cli/shard-threads.js';
import { shardsTotal } from '../src/core/shards.js';
import { countLayoutsJob } from '../src/fleet/count.js';
import { countQuestion, shardCount } from '../src/fleet/count-shards.js';
import { fleetProblem, type FleetSpec } from '../src/fleet/fleets.js';
import { fmtMs, measureProcess } from './harness.js';
import type { BenchRow, BenchSection } from './types.js';
import { freePort } from '../test/cli/free-port.js';

interface Case {
  name: string;
  spec: FleetSpec;
  want: bigint;
  cli: string[];
  rounds: number;
}

const CASES: Case[] = [
  // The published count of the classic fleet on 10×10.
  { name: '10×10 classic', spec: { width: 10, height: 10, fleet: 'classic' }, want: 1_855_545_978_831_780n, cli: ['10x10', '--fleet', 'classic'], rounds: 3 },
  // The example of a count that outgrew one process (now half a minute in one).
  { name: '12×12 german', spec: { width: 12, height: 12, fleet: 'german' }, want: 318_338_967_249_681_104n, cli: ['12x12', '--fleet', 'german'], rounds: 1 },
];

const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function unsplit(c: Case): Promise<number> {
  const t0 = performance.now();
  const o = await countLayoutsJob(fleetProblem(c.spec)).run();
  const ms = performance.now() - t0;
  if (!o.finished || o.value !== c.want) throw new Error(`${c.name}: the unsplit count gave ${o.finished ? o.value : 'no answer'}`);
  return ms;
}

async function sharded(c: Case, threads: number): Promise<{ ms: number; shards: number }> {
  const sc = shardCount(countQuestion(fleetProblem(c.spec)));
  const t0 = performance.now();
  const r = await countShardsLocally(sc, { threads, eager: true });
  const ms = performance.now() - t0;
  const total = shardsTotal(sc, r.counts);
  if (total !== c.want) throw new Error(`${c.name} as ${sc.shards} shards on ${threads} threads: counted ${total}`);
  return { ms, shards: sc.shards };
}

/** The count through a queue: redis-server, one worker (one thread per core), the coordinator's wall time. */
async function queued(rows: BenchRow[], notes: string[]): Promise<void> {
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  if (!existsSync('/usr/bin/redis-server') || !existsSync(cli)) {
    notes.push('Queue row skipped: needs /usr/bin/redis-server and a built dist/ (npm run build).');
    return;
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const worker = spawn(process.execPath, [cli, 'worker', '--queue', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    for (let i = 0; i < 50 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG'; i++) await new Promise((r) => setTimeout(r, 100));
    const args = ['fleet', 'count', ...CASES[0].cli, '--json'];
    const first = measureProcess(process.execPath, [cli, ...args, '--queue', url]);
    const again = measureProcess(process.execPath, [cli, ...args, '--queue', url]);
    const j = JSON.parse(first.stdout) as { count: string; shards: number };
    if (j.count !== CASES[0].want.toString()) throw new Error(`queued ${CASES[0].name}: counted ${j.count}`);
    const local = measureProcess(process.execPath, [cli, ...args, '--shards', String(j.shards)]);
    const perShard = (first.ms - local.ms) / j.shards;
    rows.push({
      name: `${CASES[0].name}, ${j.shards} shards on a job queue (one worker, ${localCores()} threads), coordinator's wall time`,
      medianMs: first.ms,
      baseline: { name: 'the same shards on the local cores (CLI)', medianMs: local.ms },
      target: 'queue adds < 1 s per shard',
      met: perShard < 1000,
      note: `${fmtMs(Math.max(0, perShard))} added per shard; enqueued again (every shard done): ${fmtMs(again.ms)}; one run each, processes started cold`,
    });
  } finally {
    worker.kill('SIGKILL');
    redis.kill('SIGKILL');
  }
}

export async function run(): Promise<BenchSection> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const cores = localCores();
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  for (const c of CASES) {
    const one: number[] = [], split: number[] = [], wide: number[] = [];
    let shards = 0;
    for (let i = 0; i < c.rounds; i++) {
      one.push(await unsplit(c));
      const s = await sharded(c, 1);
      split.push(s.ms);
      shards = s.shards;
      wide.push((await sharded(c, cores)).ms);
    }
    const a = med(one), b = med(split), w = med(wide);
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
    'A layout count is one dynamic program over the cells, which does not split without more work: the shards fix the largest ship in each class of its places and count the rest of the fleet around it, each a count of its own. So the shards do about 2 to 3 times the unsplit work in all (first rows), and pay on two or more machines, or where one process would not hold the whole count; each shard holds less at once than the whole count.',
    'Reproduce: npm run bench -- fleet-shards (builds and uses dist/ for the CLI rows; the queue row needs /usr/bin/redis-server).',
  );
  await queued(rows, notes);
  return { title: 'Sea Battle counts as shards: the split, the local cores and a job queue', rows, notes };
}
