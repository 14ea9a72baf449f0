// CLI command `worker`: takes count shards (tour-count, fleet count) from the job queue and counts them, one thread per
// shard, until stopped; its flags and help (the work is worker-run.ts).
import type { Command } from './command.js';
import { QUEUE_WAIT_MS } from './constants.js';

export const workerCommand: Command = {
  name: 'worker',
  usage: 'worker --queue URL [--concurrency N] [--json]',
  summary: 'count the shards of tour and fleet counts from a job queue (Redis), until stopped',
  flags: {
    queue: {
      type: 'string',
      value: 'URL',
      help: 'the Redis server holding the queue: redis://HOST:PORT (also redis://USER:PASSWORD@HOST:PORT/DB, rediss:// for TLS)',
    },
    concurrency: {
      type: 'string',
      value: 'N',
      help: 'shards counted at once, each on its own thread (default: one per core)',
    },
  },
  details: `A worker takes the shards that \`gridbits tour-count ... --queue URL\` and \`gridbits fleet count ... --queue URL\`
put on the queue, counts each in a thread of its own and puts the count back; run workers on any number of machines,
each with the same URL. It logs one line per shard on standard error, and when it stops, prints how many shards it
counted. Ctrl-C hands the shards it is counting back to the queue, then exits 130; a queue lost for ${QUEUE_WAIT_MS / 1000} s
stops it (exit 2). More: gridbits help queue (shards of a worker that dies, lost queues, memory).

Examples:
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no
  gridbits worker --queue redis://127.0.0.1:6379
  gridbits worker --queue redis://10.0.0.5:6379 --concurrency 8
  gridbits tour-count 6x8 --closed --queue redis://127.0.0.1:6379
  gridbits fleet count 12x12 --fleet german --queue redis://127.0.0.1:6379`,
  load: async () => (await import('./worker-run.js')).worker,
};
