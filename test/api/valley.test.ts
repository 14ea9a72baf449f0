// gridbits/valley answers nonsense with a GridbitsError naming the argument, at once: the text parsers and the
// move notation. (Every export is not covered yet: see the list of calls below.)
import { describe, it } from 'vitest';
import * as valley from '../../src/valley/index.js';
import { checkJunk, type Call } from './junk.js';

const textOk = (i: number, v: unknown): boolean => i === 1 && v === undefined;

const CALLS: Call[] = [
  {
    name: 'parsePosition',
    call: (t) => valley.parsePosition(t as string),
    args: () => [valley.START],
    params: ['position'],
  },
  {
    name: 'parseMove',
    call: (t, s) => valley.parseMove(t as string, s as number),
    args: () => ['b1e4', 5],
    params: ['move', 'size'],
    optional: [1],
    accepts: textOk,
  },
  {
    name: 'formatMove',
    call: (m, s) => valley.formatMove(m as valley.Move, s as number),
    args: () => [valley.makeMove(1, 19), 5],
    params: ['move', 'size'],
    optional: [1],
  },
  { name: 'parsePlayer', call: (t) => valley.parsePlayer(t as string), args: () => ['ai:3'], params: ['player'] },
  { name: 'findVariant', call: (t) => valley.findVariant(t as string), args: () => ['labyrinth'], params: ['variant'] },
  {
    name: 'parseVariantPosition',
    call: (v, t) => valley.parseVariantPosition(v as valley.VariantName, t as string),
    args: () => ['labyrinth', valley.LABYRINTH_START],
    params: ['variant', 'position'],
  },
];

describe('gridbits/valley: junk in, one GridbitsError naming the argument', () => {
  for (const c of CALLS) it(c.name, () => checkJunk(c));
});
