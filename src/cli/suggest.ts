// "Did you mean": the one way the CLI finds the name a user meant, for commands, subcommands, help topics, flags and
// the values of flags with a closed set of names (pieces, fleets, hunters, …).

/** The closest of `names` to a mistyped `word` (at most a third of its letters off), or undefined. */
export function suggest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const n of names) {
    const d = editDistance(word.toLowerCase(), n.toLowerCase());
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}

/** " (did you mean knight?)" for a close name, else the empty string: the tail of a one-line message. */
export function didYouMean(word: string, names: readonly string[]): string {
  const close = suggest(word, names);
  return close === undefined ? '' : ` (did you mean ${close}?)`;
}

/** Levenshtein distance with transpositions (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
