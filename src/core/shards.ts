// A count split into shards: plain data that travels to threads, processes and machines, whose shards are
// counted anywhere and whose counts add up to the total. Each engine that shards a count fills in its question.
import { checkInt, checkString, isPlainObject, refuse } from './check.js';
import { GridbitsError } from './error.js';

/**
 * A count split into independent shards. Every field is plain data (it goes through job queues as JSON), and
 * the engine that made it can make it again from `question` and `shards` alone: a worker checks a shard's
 * data that way before it counts it.
 */
export interface ShardedCount<Q = unknown> {
  /** Which engine's count: the registry job `${kind}.countShard` counts one of its shards. */
  kind: string;
  /** What is counted, as the engine's plain data. */
  question: Q;
  /** How the count splits (the engine's word: 'halves', 'placements', 'whole'). */
  method: string;
  /** How many shards (1 when the count does not split). */
  shards: number;
  /**
   * The shards' counts add up to `divisor` times the count (absent: once). A count split by the place of one
   * of several interchangeable pieces counts each answer once per such piece; the sum is then divided.
   */
  divisor?: number;
  /**
   * Names the question, the method and the split: a shard's count belongs to this count only if its key is
   * the same (a queue or a checkpoint checks it).
   */
  key: string;
}

/** Shards a count splits into by default: enough for a few machines, each shard a small part of the work. */
export const DEFAULT_SHARDS = 64;

/** A shard's answer. */
export interface ShardCount {
  /** Which shard (0 … shards − 1). */
  index: number;
  /** The key of the count it belongs to. */
  key: string;
  /** Its part of the count. */
  count: bigint;
  /** Work done for it, in the engine's nodes. */
  nodes: number;
  /** The most states the shard's program held at once, where it says. */
  peakStates?: number;
}

/** The registry job that counts one shard of a count of this kind. */
export function shardJobName(sc: Pick<ShardedCount, 'kind'>): string {
  return `${sc.kind}.countShard`;
}

/**
 * The count from every shard's count: their sum, divided by the count's divisor. Throws when a shard is
 * missing or the sum does not divide (a shard from another count).
 */
export function shardsTotal(sc: ShardedCount, counts: ReadonlyMap<number, { count: bigint }>): bigint {
  if (!isPlainObject(sc)) refuse('sc', 'a sharded count (as shardTourCount or shardLayoutCount makes)', sc);
  checkString(sc.kind, 'sc.kind');
  checkString(sc.key, 'sc.key');
  checkInt(sc.shards, 'sc.shards', 1);
  if (sc.divisor !== undefined) checkInt(sc.divisor, 'sc.divisor', 1);
  if (!(counts instanceof Map)) refuse('counts', 'a Map from shard index to its count', counts);
  let sum = 0n;
  for (let i = 0; i < sc.shards; i++) {
    const c = counts.get(i) as unknown;
    if (c === undefined) {
      throw new GridbitsError('BAD_INPUT', `counts has no count for shard ${i + 1} of the ${sc.shards} shards of sc`);
    }
    const count = (c as { count?: unknown } | null)?.count;
    if (typeof count !== 'bigint' || count < 0n) refuse(`counts: shard ${i + 1}'s count`, 'a bigint ≥ 0n', count);
    sum += count;
  }
  const d = BigInt(sc.divisor ?? 1);
  if (sum % d !== 0n) {
    throw new GridbitsError(
      'BAD_INPUT',
      `counts add up to ${sum}, which sc.divisor ${d} does not divide: a shard's count is from another count`,
    );
  }
  return sum / d;
}
