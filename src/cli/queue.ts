// The job queue shared by `tour-count --queue`, `fleet count --queue` and `gridbits worker`: reaching its Redis
// server (once, failing fast, in words), the queue's name, the shard jobs' ids and data, and checks of both.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { GridbitsError } from '../core/error.js';
import type { ShardedCount } from '../core/shards.js';
import type { QueueAddress } from './queue-address.js';
import { QUEUE_ANSWER_MS, QUEUE_WAIT_MS } from './constants.js';
import { shardKind, SHARD_KINDS } from './shard-kinds.js';
import { durationWords } from './words.js';

/** The BullMQ queue every gridbits shard goes through. */
export const QUEUE_NAME = 'gridbits-shards';

/** A shard whose workers died this many times in a row is failed rather than retried for ever. */
export const MAX_STALLED = 20;

/**
 * Loads the queue's libraries, bullmq and ioredis: optional packages, installed beside gridbits by those who
 * count on a queue (only --queue and `gridbits worker` need them). Throws BAD_INPUT in one line saying what to
 * install when they are missing.
 */
export async function queueLibraries() {
  try {
    const [bullmq, ioredis] = await Promise.all([import('bullmq'), import('ioredis')]);
    return { bullmq, ioredis };
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    throw new GridbitsError(
      'BAD_INPUT',
      'the job queue needs the packages bullmq and ioredis, installed where gridbits is: npm install bullmq@6 ioredis@6',
    );
  }
}

function redisOptions(a: QueueAddress) {
  return {
    host: a.host,
    port: a.port,
    db: a.db,
    username: a.username,
    password: a.password,
    ...(a.tls ? { tls: {} } : {}),
  };
}

const answerWords = `it did not answer within ${QUEUE_ANSWER_MS / 1000} s`;

const NOT_REDIS = 'what answers there is not a Redis server';

/** A connection error in words: "connection refused", "no such host", … */
function connectWords(e: unknown): string {
  const err = e as NodeJS.ErrnoException & { message?: string };
  const code = err?.code ?? '';
  const message = String(err?.message ?? e);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(message)) return 'no such host';
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return answerWords;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'no route to the host';
  if (code === 'ECONNRESET' || /ECONNRESET/.test(message)) return 'the connection was reset';
  if (/NOAUTH|WRONGPASS|invalid password|AUTH/i.test(message)) return 'it refused the user name or password';
  // The client's words for bytes that are not Redis's protocol (an HTTP server's answer, say).
  if (/Unknown RESP type|Protocol error/i.test(message)) return NOT_REDIS;
  if (code === 'EPIPE' || /EPIPE/.test(message)) return 'the server closed the connection';
  return message.split('\n')[0];
}

/**
 * Reaches the server once (within 10 s, no retries) and checks that it answers; throws BAD_INPUT in one line
 * ("cannot reach the job queue at redis://127.0.0.1:1: connection refused") otherwise, or when the queue's
 * libraries are missing. A server that takes the connection and never answers meets the same 10 s. The signal
 * ends the wait at once: then it answers false (true once the server answered).
 */
export async function reachQueue(a: QueueAddress, signal?: AbortSignal): Promise<boolean> {
  // No retries, and a short wait for the socket's end (the default 2 s would hold the process after a refusal).
  const options = {
    lazyConnect: true,
    connectTimeout: QUEUE_ANSWER_MS,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    disconnectTimeout: 100,
    // One command before the answer (no CLIENT SETINFO after it): a server that is not Redis and hangs up on the
    // first one has its answer read, not lost to a failed second write.
    disableClientInfo: true,
  };
  const { Redis } = (await queueLibraries()).ioredis;
  if (signal?.aborted) return false;
  const client = new Redis({ ...redisOptions(a), ...options });
  const errors: unknown[] = [];
  client.on('error', (e) => errors.push(e));
  // The client's own time-out covers the connection only: a silent server's first answer is waited for here.
  const silent = new Error(answerWords);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(silent), QUEUE_ANSWER_MS)));
  let stop = (): void => undefined;
  const stopped = new Promise<false>((resolve) => {
    stop = () => resolve(false);
    signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([
      client
        .connect()
        .then(() => client.ping())
        .then(() => true),
      deadline,
      stopped,
    ]);
  } catch (e) {
    // The socket's errors name the cause (the promise's says only that the connection closed): the first, or an
    // answer that is not Redis's, which a server that then hangs up may come after a failed write.
    const words = [...errors, e].map(connectWords);
    const why = e === silent ? answerWords : (words.find((w) => w === NOT_REDIS) ?? words[0]);
    throw new GridbitsError('BAD_INPUT', `cannot reach the job queue at ${a.shown}: ${why}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
    client.disconnect();
  }
}

/**
 * How long a count or a worker waits for a queue that stopped answering: QUEUE_WAIT_MS, or the milliseconds in
 * GRIDBITS_QUEUE_WAIT_MS (for the tests, which cannot wait a minute).
 */
export function queueWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.GRIDBITS_QUEUE_WAIT_MS ?? '');
  return Number.isInteger(ms) && ms > 0 ? ms : QUEUE_WAIT_MS;
}

/** How often a connection to the queue is pinged while work waits on it. */
const PING_MS = 500;
/** A queue silent this long is said to be waited for (its answers normally take milliseconds). */
export const QUIET_MS = 2000;

/** What a watched queue's connection says: how long it has gone without an answer, and why, where it knows. */
export interface QueueSilence {
  silentMs: number;
  why: string;
}

/**
 * Watches a connection to the queue while a count or a worker waits on it: pings it (one ping at a time, so a
 * silent server is seen as well as a lost one) and calls `tick` twice a second with how long it has gone without
 * an answer. Returns the function that stops watching.
 */
export function watchQueue(client: Redis, tick: (s: QueueSilence) => void): () => void {
  let answeredAt = performance.now();
  let why = 'no reply to a ping';
  let pinging = false;
  const onError = (e: Error): void => void (why = connectWords(e));
  client.on('error', onError);
  const timer = setInterval(() => {
    if (!pinging) {
      pinging = true;
      client.ping().then(
        () => ((answeredAt = performance.now()), (why = 'no reply to a ping'), (pinging = false)),
        (e: unknown) => ((why = connectWords(e)), (pinging = false)),
      );
    }
    tick({ silentMs: performance.now() - answeredAt, why });
  }, PING_MS);
  return () => {
    clearInterval(timer);
    client.off('error', onError);
  };
}

/** The queue's silence in words: "the job queue at redis://… has not answered for 60 s (connection refused)". */
export function silenceWords(a: QueueAddress, s: QueueSilence, waitMs: number): string {
  return `the job queue at ${a.shown} has not answered for ${durationWords(waitMs)} (${s.why})`;
}

/**
 * The connection a queued count or a worker works through once the server was reached: commands wait while it
 * reconnects (a server restart does not lose a worker), retrying every 0.2 to 2 s. Its own, given to BullMQ, so
 * that it can be dropped when the server is lost for good (BullMQ's own close waits for the server's answer).
 */
export async function queueClient(a: QueueAddress): Promise<Redis> {
  const { Redis } = (await queueLibraries()).ioredis;
  return new Redis({
    ...redisOptions(a),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  });
}

/** A shard job's data: the count it belongs to and its index. */
export interface ShardJobData {
  sharded: ShardedCount;
  index: number;
}

/** A finished shard job's result, as JSON (the count as a decimal string). */
export interface ShardJobResult {
  index: number;
  key: string;
  count: string;
  nodes: number;
  /** The most states the shard held at once, where the shard says. */
  peakStates?: number;
}

/**
 * The id of shard `index` of a count: the same count's shards have the same ids, so enqueuing it again finds
 * the shards already done. The key is hashed (BullMQ ids may not hold ':') and kept readable in front.
 */
export function shardJobId(sc: ShardedCount, index: number): string {
  const hash = createHash('sha256').update(sc.key).digest('hex').slice(0, 16);
  return `${shardKind(sc)?.idPart(sc.question) ?? sc.kind}-${hash}-${index}`;
}

/** The BullMQ job name of a shard. */
export const SHARD_JOB = 'count shard';

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Checks a shard job's data as a worker receives it (it may come from anywhere): the count must be one that
 * its kind's engine makes (`shardTourCount`, `shardLayoutCount`), with this key, and the index one of its
 * shards. Returns the data, or the reason it is malformed.
 */
export function checkShardData(data: unknown): ShardJobData | string {
  const d = data as Partial<ShardJobData> | null;
  if (typeof d !== 'object' || d === null) return 'its data is not an object';
  const sc = d.sharded as Partial<ShardedCount> | undefined;
  if (typeof sc !== 'object' || sc === null) return 'its data names no count (no "sharded")';
  const kind = shardKind({ kind: sc.kind ?? 'tour' });
  if (kind === undefined)
    return `its count is of no kind gridbits counts ('${String(sc.kind)}'; known: ${SHARD_KINDS.join(', ')})`;
  if (typeof sc.question !== 'object' || sc.question === null) return 'its count has no question';
  if (!isInt(sc.shards, 1, 1_000_000)) return 'its number of shards is not a whole number from 1';
  if (typeof sc.key !== 'string') return 'its count has no key';
  let made: ShardedCount;
  try {
    made = kind.remake(sc.question, sc.shards);
  } catch (e) {
    return `its count cannot be made: ${(e as Error).message}`;
  }
  if (made.key !== sc.key || made.method !== sc.method || made.shards !== sc.shards)
    return `its key '${sc.key}' is not the key of its question ('${made.key}')`;
  if (!isInt(d.index, 0, made.shards - 1))
    return `its index ${String(d.index)} is not one of the count's ${made.shards} shards`;
  return { sharded: made, index: d.index };
}

/** Checks a shard's result against the shard asked for; returns its count, or throws naming the mismatch. */
export function shardResult(
  sc: ShardedCount,
  index: number,
  value: unknown,
): { count: bigint; nodes: number; peakStates?: number } {
  const r = value as Partial<ShardJobResult> | null;
  const wrong = (why: string): GridbitsError =>
    new GridbitsError(
      'BAD_INPUT',
      `shard ${index + 1} of ${sc.shards} came back from the job queue with ${why}; the count stopped`,
    );
  if (typeof r !== 'object' || r === null) throw wrong('no result');
  if (r.key !== sc.key) throw wrong(`the key of another count ('${String(r.key)}')`);
  if (r.index !== index) throw wrong(`the index of another shard (${String(r.index)})`);
  if (typeof r.count !== 'string' || !/^[0-9]+$/.test(r.count))
    throw wrong(`a count that is not a whole number ('${String(r.count)}')`);
  const peak = typeof r.peakStates === 'number' && r.peakStates >= 0 ? { peakStates: r.peakStates } : {};
  return { count: BigInt(r.count), nodes: typeof r.nodes === 'number' && r.nodes >= 0 ? r.nodes : 0, ...peak };
}
