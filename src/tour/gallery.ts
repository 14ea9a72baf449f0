// Famous tours as data (numbered grids, top rank first), each with its source; verified in the tests.
import { GridbitsError } from '../core/error.js';
import { shown } from './check.js';
import { parseTour, type ParsedTour } from './parse.js';

/** A famous tour of the gallery. */
export interface GalleryTour {
  /** Its short name, as `galleryTour` takes it and the command line lists it. */
  name: string;
  /**
   * Other names `galleryTour` takes for it: `kumar-10x6` gives the board as width × height, as the title does,
   * where the name `kumar-6x10` (kept, as links and scripts use it) gives it height first.
   */
  aliases?: readonly string[];
  /** Its title. */
  title: string;
  /** Where the numbers come from. */
  source: string;
  /** What to look for. */
  note: string;
  /** The numbered grid, top rank first, as a tour-check input. */
  grid: string;
}

const rows = (...lines: string[]): string => lines.join('\n');

/** The gallery of famous tours, with their sources. */
export const GALLERY: readonly GalleryTour[] = [
  {
    name: 'janisch',
    title: "Janisch's semi-magic closed tour (8×8)",
    source: 'the knight\'s-tour article (Russian Wikipedia, "Маршрут Яниша"); C. F. de Jaenisch, 1862',
    note: 'every rank and file sums to 260 (semi-magic, not magic); a half-turn maps steps 1–32 onto 33–64',
    grid: rows(
      '50 11 24 63 14 37 26 35',
      '23 62 51 12 25 34 15 38',
      '10 49 64 21 40 13 36 27',
      '61 22  9 52 33 28 39 16',
      '48  7 60  1 20 41 54 29',
      '59  4 45  8 53 32 17 42',
      ' 6 47  2 57 44 19 30 55',
      ' 3 58  5 46 31 56 43 18',
    ),
  },
  {
    name: 'euler',
    title: "Euler's centrally symmetric closed tour (8×8, 1759)",
    source: 'OEIS A226697 (after M. Gardner, Mathematical Magic Show, fig. 86)',
    note: 'the lower half is covered first; a half-turn maps step k onto step k + 32',
    grid: rows(
      '37 62 43 56 35 60 41 50',
      '44 55 36 61 42 49 34 59',
      '63 38 53 46 57 40 51 48',
      '54 45 64 39 52 47 58 33',
      ' 1 26 15 20  7 32 13 22',
      '16 19  8 25 14 21  6 31',
      '27  2 17 10 29  4 23 12',
      '18  9 28  3 24 11 30  5',
    ),
  },
  {
    name: 'euler-60',
    title: "Euler's 60-square path, before he closed it (8×8, four squares left out)",
    source: "the knight's-tour article (Euler's method: the open path 1…60 with squares a, b, c, d unvisited)",
    note: "not a tour: squares d4, e2, g2, g1 are left out; closing it by Euler's method reverses steps 52–60, as Euler did",
    grid: rows(
      '55 58 29 40 27 44 19 22',
      '60 39 56 43 30 21 26 45',
      '57 54 59 28 41 18 23 20',
      '38 51 42 31  8 25 46 17',
      '53 32 37  a 47 16  9 24',
      '50  3 52 33 36  7 12 15',
      ' 1 34  5 48  b 14  c 10',
      ' 4 49  2 35  6 11  d 13',
    ),
  },
  {
    name: 'poem',
    title: 'The closed tour of the Russian mnemonic poem (8×8, from a1)',
    source:
      "the knight's-tour article (the poem whose words' first letters spell the squares: a consonant or vowel for the file, then a number word's letter for the rank)",
    note: 'a closed tour from a1 that one can recite blindfold; each stanza carries a hint to its place in the order',
    grid: rows(
      '30 55 46  9 28 57 40  7',
      '47 12 29 56 45  8 27 58',
      '54 31 10 13 18 41  6 39',
      '11 48 33 42 15 44 59 26',
      '32 53 14 17 34 19 38  5',
      '49 64 51 20 43 16 25 60',
      '52 21  2 35 62 23  4 37',
      ' 1 50 63 22  3 36 61 24',
    ),
  },
  {
    name: 'dudeney',
    title: 'The "most magic" semi-magic closed tour (8×8): diagonals 264 and 256',
    source:
      "H. E. Dudeney, Amusements in Mathematics (1917), 'The magic knight's tour' (as given at mathpuzzle.ca); MathWorld credits it to Francony, 1882",
    note: 'ranks and files all sum to 260; the long diagonals miss by 4 each way, so it is semi-magic, not magic',
    grid: rows(
      '46 55 44 19 58  9 22  7',
      '43 18 47 56 21  6 59 10',
      '54 45 20 41 12 57  8 23',
      '17 42 53 48  5 24 11 60',
      '52  3 32 13 40 61 34 25',
      '31 16 49  4 33 28 37 62',
      ' 2 51 14 29 64 39 26 35',
      '15 30  1 50 27 36 63 38',
    ),
  },
  {
    name: 'beverley',
    title: "Beverley's semi-magic open tour (8×8, 1848), the first magic knight's tour",
    source:
      'W. Beverley, Philosophical Magazine, 1848 (G. Jelliss, mayhematics.com); the same numbers, reflected in the a8–h1 diagonal, at johndcook.com/blog/magic_knight',
    note: 'ranks and files sum to 260, each quarter board to 520 and each 2×2 block of its quarters to 130; open, not closed',
    grid: rows(
      ' 1 30 47 52  5 28 43 54',
      '48 51  2 29 44 53  6 27',
      '31 46 49  4 25  8 55 42',
      '50  3 32 45 56 41 26  7',
      '33 62 15 20  9 24 39 58',
      '16 19 34 61 40 57 10 23',
      '63 14 17 36 21 12 59 38',
      '18 35 64 13 60 37 22 11',
    ),
  },
  {
    name: 'kumar-6x10',
    aliases: ['kumar-10x6'],
    title: "Kumar's near-magic open tour (10×6)",
    source: 'A. Kumar, OEIS A331483 (example), 2020',
    note: 'every file (6 squares) sums to 183; the ranks (10 squares) sum to 305 and 305 ± 6, so near-magic, not semi-magic',
    grid: rows(
      '29 50 53 14 27 16 55 38  3 20',
      '52 13 28 17 54 25  2 19 56 39',
      '49 30 51 26 15 18 37 60 21  4',
      '12  9 32 45 36 43 24  1 40 57',
      '31 48 11 34  7 46 59 42  5 22',
      '10 33  8 47 44 35  6 23 58 41',
    ),
  },
];

/** The gallery's names, in order. */
export function galleryNames(): string[] {
  return GALLERY.map((t) => t.name);
}

/** The gallery entry of a name or alias (any case, spaces around ignored); undefined for none. */
function galleryEntry(name: string): GalleryTour | undefined {
  const key = name.trim().toLowerCase();
  return GALLERY.find((t) => t.name === key || t.aliases?.includes(key) === true);
}

/** A gallery tour by name or alias, parsed; throws BAD_ARGUMENT listing the names. */
export function galleryTour(name: string): {
  /** The gallery entry. */
  entry: GalleryTour;
  /** Its tour, parsed. */
  tour: ParsedTour;
} {
  if (typeof name !== 'string')
    throw new GridbitsError('BAD_ARGUMENT', `name must be the name of a gallery tour, got ${shown(name)}`);
  const entry = galleryEntry(name);
  if (entry === undefined)
    throw new GridbitsError('BAD_ARGUMENT', `no gallery tour '${name}' (known names: ${galleryNames().join(', ')})`);
  return { entry, tour: parseTour(entry.grid) };
}
