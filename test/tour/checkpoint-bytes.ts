// The parts of a saved count joined into one buffer, as a caller writing them to a file and reading it back has.

/** The parts' bytes, one after another. */
export function joinParts(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
