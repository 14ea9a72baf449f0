// The suite's two sizes: \`npm test\` runs each check at a size that keeps the whole suite within minutes;
// \`npm run test:long\` (GRIDBITS_LONG=1) runs the same checks larger, and the cases that take minutes.
/** True under \`npm run test:long\`. */
export const LONG = Boolean(process.env.GRIDBITS_LONG);

/** A property's number of runs: \`quick\` in \`npm test\`, \`long\` in \`npm run test:long\`. */
export function runs(quick: number, long: number): number {
  return LONG ? long : quick;
}
