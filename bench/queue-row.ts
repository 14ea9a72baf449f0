// A benchmark row for a count through a job queue: redis-server on loopback, one worker (a thread per core), the
// coordinator's wall time against the same count on the local cores, both as CLI processes started cold.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { localCores } from '../src/cli/shard-threads.js';
import { freePort } from '../test/cli/free-port.js';
import { fmtMs, measureProcess } from './harness.js';
import type { BenchRow } from './types.js';

/** What to count: its name in the row, the CLI's words for it, the count it must give. */
export interface QueuedCount {
  label: string;
  /** The command's arguments, without --queue and --json. */
  args: string[];
  /** Arguments added for the local run (e.g. the same number of shards). */
  local?: (shards: number) => string[];
  want: string;
}

/** Measures the count on a queue, then again (every shard done), then locally; pushes one row (or a note why not). */
export async function queueRow(rows: BenchRow[], notes: string[], c: QueuedCount): Promise<void> {
  const cli = join(process.cwd(), 'dist', 'cli', 'main.js');
  if (!existsSync('/usr/bin/redis-server') || !existsSync(cli)) {
    notes.push('Queue row skipped: needs /usr/bin/redis-server and a built dist/ (npm run build).');
    return;
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const redis = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const worker = spawn(process.execPath, [cli, 'worker', '--queue', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    for (
      let i = 0;
      i < 50 && spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG';
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const first = measureProcess(process.execPath, [cli, ...c.args, '--queue', url, '--json']);
    const again = measureProcess(process.execPath, [cli, ...c.args, '--queue', url, '--json']);
    const j = JSON.parse(first.stdout) as { count: string; shards: number };
    if (j.count !== c.want) throw new Error(`queued ${c.label}: counted ${j.count}`);
    const local = measureProcess(process.execPath, [cli, ...c.args, ...(c.local?.(j.shards) ?? []), '--json']);
    const perShard = (first.ms - local.ms) / j.shards;
    rows.push({
      name: `${c.label}, ${j.shards} shards on a job queue (one worker, ${localCores()} threads), coordinator's wall time`,
      medianMs: first.ms,
      baseline: { name: 'the same count on the local cores (CLI)', medianMs: local.ms },
      target: 'queue adds < 1 s per shard',
      met: perShard < 1000,
      note: `${fmtMs(Math.max(0, perShard))} added per shard; enqueued again (every shard done): ${fmtMs(again.ms)}; one run each, processes started cold`,
    });
  } finally {
    worker.kill('SIGKILL');
    redis.kill('SIGKILL');
  }
}
