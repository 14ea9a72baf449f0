// The work of `worker` (worker.ts has its flags and help): reads the flags, reaches the queue, then serves shards
// (worker-serve.ts) until stopped.
import { GridbitsError } from '../core/error.js';
import { bool, int, noMoreThan, str, type Run } from './command.js';
import { interruptible } from './io.js';
import { parseQueueAddress } from './queue-address.js';
import { reachQueue } from './queue.js';
import { localCores } from './shard-threads.js';
import { serve } from './worker-serve.js';
import { thousands } from '../core/text.js';
import { durationWords, plural, secondsSince } from './words.js';

export const worker: Run = async (args, out) => {
  noMoreThan(args.positionals, 0, 'worker');
  const given = str(args, 'queue');
  if (given === undefined)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      'worker: give the job queue, e.g. gridbits worker --queue redis://127.0.0.1:6379',
    );
  const address = parseQueueAddress(given, 'worker');
  const concurrency = int(args, 'concurrency', 1, 1024, localCores()) as number;
  await reachQueue(address);
  const t0 = performance.now();
  const tally = await interruptible(out, (signal) => serve(address, concurrency, signal));
  const seconds = secondsSince(t0);
  if (bool(args, 'json')) {
    out.printJson({
      queue: address.shown,
      concurrency,
      shards: tally.done,
      failed: tally.failed,
      handedBack: tally.handedBack,
      seconds,
      interrupted: true,
    });
  } else {
    const back = tally.handedBack > 0 ? `, handed ${plural(tally.handedBack, 'shard')} back to the queue` : '';
    out.print(
      `counted ${plural(tally.done, 'shard')} in ${durationWords(Math.round(seconds * 1000))}${tally.failed > 0 ? `, ${thousands(tally.failed)} failed` : ''}${back}`,
    );
  }
  return 130;
};
