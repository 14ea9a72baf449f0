// HTTP's rules `serve` answers by, read from a request's headers: which content coding to send, whether the
// client's copy is still current (304), and which bytes a Range asks for; and the files it keeps in memory. No
// files touched here.

export type Coding = 'br' | 'gzip' | 'identity';

/**
 * The coding to send for an Accept-Encoding header: brotli when it is acceptable and weighted at least as high as
 * gzip, else gzip, else the bytes as they are. `q=0` refuses a coding, `*` stands for any coding not named, and an
 * `identity` the client weights above both wins. No header (or an empty one) means identity.
 */
export function chooseCoding(header: string | undefined): Coding {
  if (header === undefined || header.trim() === '') return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*([0-9.]+)$/.exec(p);
      // A weight that is not a number refuses the coding rather than guessing.
      if (p.startsWith('q')) q = m ? Number(m[1]) : 0;
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const any = weights.get('*') ?? 0;
  const br = weights.get('br') ?? any;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? any;
  const best: Coding = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : 'identity';
  const identity = weights.get('identity');
  if (best !== 'identity' && identity !== undefined && identity > Math.max(br, gzip)) return 'identity';
  return best;
}

/** The entity tags an If-None-Match (or If-Range) header lists, W/ dropped: If-None-Match compares weakly. */
function tagsOf(header: string): string[] {
  return (header.match(/(?:W\/)?"[^"]*"|\*/g) ?? []).map((t) => (t.startsWith('W/') ? t.slice(2) : t));
}

/** The Last-Modified date a time gives (HTTP dates count whole seconds). */
export function httpDate(mtimeMs: number): string {
  return new Date(Math.floor(mtimeMs / 1000) * 1000).toUTCString();
}

/**
 * Whether the client's copy is current, so a 304 answers: If-None-Match lists the tag (or `*`); only without it,
 * If-Modified-Since is no earlier than the file's time (whole seconds).
 */
export function notModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  mtimeMs: number,
): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) return tagsOf(inm).some((t) => t === '*' || t === etag);
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * Whether a Range request may be answered with part of the file: no If-Range, or one naming this very file by its
 * (strong) tag or its exact Last-Modified date. Otherwise the client's part belongs to another version: send all.
 */
export function rangeStillApplies(ifRange: string | string[] | undefined, etag: string, mtimeMs: number): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  const v = ifRange.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return v === etag;
  return Date.parse(v) === Math.floor(mtimeMs / 1000) * 1000;
}

/**
 * The bytes one Range header asks for in a file of `size` bytes (`bytes=a-b`, `a-`, `-n`; the end clipped to the
 * file), 'unsatisfiable' when none of them exist (416), or null to send the whole file: no header, a header that
 * does not parse, another unit, or several ranges (which a 200 with everything answers correctly).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (m === null || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

/**
 * Files kept in memory up to a number of bytes, the least recently used dropped first: a file asked for (`get`)
 * or kept again (`set`) becomes the most recently used.
 */
export class KeptFiles<E extends { version: { size: number } }> {
  private readonly kept = new Map<string, E>();
  private held = 0;

  constructor(readonly maxBytes: number) {}

  get(file: string): E | undefined {
    const e = this.kept.get(file);
    if (e !== undefined) {
      this.kept.delete(file);
      this.kept.set(file, e);
    }
    return e;
  }

  set(file: string, entry: E): void {
    const old = this.kept.get(file);
    if (old !== undefined) {
      this.kept.delete(file);
      this.held -= old.version.size;
    }
    this.kept.set(file, entry);
    this.held += entry.version.size;
    for (const [f, e] of this.kept) {
      if (this.held <= this.maxBytes || f === file) break;
      this.kept.delete(f);
      this.held -= e.version.size;
    }
  }

  /** The bytes of the files kept. */
  get bytes(): number {
    return this.held;
  }

  /** The files kept, the least recently used first. */
  files(): string[] {
    return [...this.kept.keys()];
  }
}
