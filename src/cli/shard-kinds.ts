// The kinds of sharded counts the CLI runs on threads and job queues: how each is made again from its plain
// data (a worker checks a shard that way), named in ids and described in a worker's log.
import type { ShardedCount } from '../core/shards.js';
import {
  questionProblem,
  shardLayoutCount as fleetShards,
  type LayoutCountQuestion as FleetQuestion,
} from '../fleet/count-shards.js';
import { fleetInWords } from '../fleet/names.js';
import { shardTourCount as tourShards, type TourCountQuestion as TourQuestion } from '../tour/count-shards.js';

/** One kind of sharded count. */
interface ShardKind {
  /** The count made again from its question (throws where the question is malformed). */
  remake(question: unknown, shards: number): ShardedCount;
  /** A short readable name for job ids: letters, digits and '-' only. */
  idPart(question: unknown): string;
  /** The count in words, for logs: "8x6 closed knight tours". */
  words(question: unknown): string;
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A tour question's fields checked (they may come from anywhere). */
function tourQuestion(q: unknown): TourQuestion {
  const t = q as Partial<TourQuestion> | null;
  if (typeof t !== 'object' || t === null) throw new Error('its count has no question');
  if (!isInt(t.width, 1, 1000) || !isInt(t.height, 1, 1000))
    throw new Error('its board is not a width and a height from 1 to 1000');
  if (typeof t.piece !== 'string' || typeof t.closed !== 'boolean')
    throw new Error('its count names no piece or kind of tour');
  return { width: t.width, height: t.height, piece: t.piece, closed: t.closed };
}

function fleetQuestion(q: unknown): FleetQuestion {
  if (typeof q !== 'object' || q === null) throw new Error('its count has no question');
  return q as FleetQuestion;
}

const KINDS: Record<string, ShardKind> = {
  tour: {
    remake: (q, shards) => tourShards(tourQuestion(q), shards),
    idPart: (q) => {
      const t = tourQuestion(q);
      return `tour-count-${t.width}x${t.height}-${t.closed ? 'closed' : 'open'}`;
    },
    words: (q) => {
      const t = tourQuestion(q);
      return `${t.width}x${t.height} ${t.closed ? 'closed' : 'open'} ${t.piece} tours`;
    },
  },
  fleet: {
    remake: (q, shards) => fleetShards(fleetQuestion(q), shards),
    idPart: (q) => {
      const f = fleetQuestion(q);
      return `fleet-count-${f.width}x${f.height}`;
    },
    words: (q) => {
      const p = questionProblem(fleetQuestion(q));
      return `layouts of ${fleetInWords(p.kinds)} on ${p.width}x${p.height}`;
    },
  },
};

/** The kind of a sharded count ('tour' where it names none: counts queued before kinds were named). */
export function shardKind(sc: Pick<ShardedCount, 'kind'>): ShardKind | undefined {
  return KINDS[(sc.kind as string | undefined) ?? 'tour'];
}

/** The kinds' names, for messages. */
export const SHARD_KINDS = Object.keys(KINDS);
