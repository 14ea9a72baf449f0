// The CLI's one way of writing numbers in text: thousands with commas, plural forms, seconds.

/** 1234567 → "1,234,567": the one thousands style of the CLI's text (JSON numbers stay plain). */
export function thousands(n: number | bigint): string {
  return n.toLocaleString('en-US');
}

/** "1 rank", "2 ranks", "1,000 games". */
export function plural(n: number | bigint, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 || n === 1n ? one : many}`;
}

/** Seconds since t0 (performance.now()), to the millisecond: the `seconds` field of the JSON. */
export function secondsSince(t0: number): number {
  return Number(((performance.now() - t0) / 1000).toFixed(3));
}
