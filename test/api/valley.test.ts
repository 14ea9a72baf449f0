// gridbits/valley answers nonsense with a GridbitsError naming the argument, at once: the text parsers and the
// move notation. (Every export is not covered yet: see the list of calls below.)
import { describe, it } from 'vitest';
import type { Board } from '../../src/core/board.js';
import * as valley from '../../src/valley/index.js';
import { checkJunk, type Call } from './junk.js';

const CALLS: Call[] = [
  {
    name: 'parsePosition',
    call: (t) => valley.parsePosition(t as string),
    args: () => [valley.START],
    params: ['position'],
  },
  {
    name: 'parseMove',
    call: (t, b) => valley.parseMove(t as string, b as Board),
    args: () => ['b1e4', valley.BOARD],
    params: ['move', 'board'],
  },
  {
    name: 'formatMove',
    call: (m, b) => valley.formatMove(m as valley.Move, b as Board),
    args: () => [valley.makeMove(1, 19), valley.BOARD],
    params: ['move', 'board'],
  },
  { name: 'parsePlayer', call: (t) => valley.parsePlayer(t as string), args: () => ['ai:3'], params: ['player'] },
  { name: 'findVariant', call: (t) => valley.findVariant(t as string), args: () => ['labyrinth'], params: ['variant'] },
  {
    name: 'parseVariantPosition',
    call: (v, t) => valley.parseVariantPosition(v as valley.VariantName, t as string),
    args: () => ['labyrinth', valley.VARIANTS.labyrinth.start],
    params: ['variant', 'position'],
  },
];

describe('gridbits/valley: junk in, one GridbitsError naming the argument', () => {
  for (const c of CALLS) it(c.name, () => checkJunk(c));
});
