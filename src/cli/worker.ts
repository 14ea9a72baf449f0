// CLI command `worker`: takes count shards (tour-count, fleet count) from the job queue and counts them, one thread per
// shard, until stopped; its flags and help (the work is worker-run.ts).
import type { Command } from './command.js';
import { LOCK_MS, QUEUE_ANSWER_MS, QUEUE_WAIT_MS, STALLED_CHECK_MS } from './constants.js';

export const workerCommand: Command = {
  name: 'worker',
  usage: 'worker --queue URL [--concurrency N] [--json]',
  summary:
    'Counts the shards of tour and fleet counts from a job queue (Redis), on as many cores as asked, until stopped.',
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
put on the queue, counts each in a worker thread of its own, and puts the count back; run workers on any number of machines, each with the same
URL. It runs until stopped, waiting for new shards when the queue is empty. It logs one line per shard on
standard error; when it stops, it prints how many shards it counted.

A worker that dies mid-shard (killed, or its machine lost) loses nothing: its shard goes back to the queue
within about ${Math.round((LOCK_MS + STALLED_CHECK_MS) / 1000)} s and another worker counts it. Ctrl-C takes no new shard and hands the
shards it is counting back to the queue at once (their work so far is dropped; a worker starts them again),
then exits with code 130.

A queue that cannot be reached, does not answer within ${QUEUE_ANSWER_MS / 1000} s or is not a Redis server is one line and exit 2.
A queue lost while the worker runs (its server stopped, its network down) is waited for, and the log says so; a
server back within ${QUEUE_WAIT_MS / 1000} s finds the worker serving. After ${QUEUE_WAIT_MS / 1000} s without an answer the worker stops: one line,
exit 2; the shards it was counting go back to the queue once it answers, for any worker.

A worker keeps the boundary tables of the tour count it has worked on, on each thread, so that its later
shards of that count cost only their part of the join; on 8×8 open tours, counted class by class of where
their ends lie, each thread keeps the last class's tables and up to 2 GiB of tables that other classes share,
and takes up to about 7 GB of memory in all (two threads fit a machine of 24 GB).

Examples:
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no
  gridbits worker --queue redis://127.0.0.1:6379
  gridbits worker --queue redis://10.0.0.5:6379 --concurrency 8
  gridbits tour-count 6x8 --closed --queue redis://127.0.0.1:6379
  gridbits fleet count 12x12 --fleet german --queue redis://127.0.0.1:6379`,
  load: async () => (await import('./worker-run.js')).worker,
};
