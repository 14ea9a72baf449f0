// An independent Sea Battle reference for the tests: a layout checker, shape turning and a brute-force
// layout enumerator for tiny boards, in plain coordinates, sharing no code with src/fleet.

/** The parts of a FleetProblem the reference reads (structurally the same type, declared here on purpose). */
export interface RefProblem {
  width: number;
  height: number;
  forbidden?: ArrayLike<number>;
  required?: ArrayLike<number>;
  kinds: ReadonlyArray<{ orientations: ReadonlyArray<ReadonlyArray<readonly [number, number]>>; count: number }>;
  touch: 'none' | 'corner' | 'any';
}

export interface RefLayout {
  ships: ReadonlyArray<{ kind: number; cells: ReadonlyArray<number> }>;
}

type Pt = [number, number];

function canon(cells: Pt[]): string {
  let mx = Infinity,
    my = Infinity;
  for (const [x, y] of cells) {
    mx = Math.min(mx, x);
    my = Math.min(my, y);
  }
  return cells
    .map(([x, y]) => [x - mx, y - my])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0])
    .map(([x, y]) => `${x},${y}`)
    .join(' ');
}

function uncanon(key: string): Pt[] {
  return key.split(' ').map((p) => p.split(',').map(Number) as Pt);
}

/** The cells of an ASCII shape (rows top to bottom joined by '/', '#' a ship cell), y growing upwards. */
export function refShapeCells(text: string): Pt[] {
  if (/^[0-9]+$/.test(text)) return Array.from({ length: Number(text) }, (_, i) => [i, 0] as Pt);
  const rows = text.split('/');
  const out: Pt[] = [];
  rows.forEach((row, r) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '#') out.push([x, rows.length - 1 - r]);
  });
  return out;
}

/** Every distinct orientation (4 quarter turns, and their mirror images when `mirror`), as sorted keys. */
export function refOrientationKeys(cells: Pt[], mirror: boolean): string[] {
  const keys = new Set<string>();
  let cur = cells.map(([x, y]) => [x, y] as Pt);
  for (let t = 0; t < 4; t++) {
    cur = cur.map(([x, y]) => [-y, x] as Pt);
    keys.add(canon(cur));
    if (mirror) keys.add(canon(cur.map(([x, y]) => [-x, y] as Pt)));
  }
  return [...keys].sort();
}

/** A problem built from plain ship descriptions ('4' or an ASCII shape per ship), equal shapes merged. */
export function refProblem(
  width: number,
  height: number,
  ships: string[],
  touch: RefProblem['touch'],
  options: { mirror?: boolean; forbidden?: number[]; required?: number[] } = {},
): RefProblem {
  const byKey = new Map<string, { orientations: Pt[][]; count: number }>();
  for (const s of ships) {
    const keys = refOrientationKeys(refShapeCells(s), options.mirror ?? false);
    const id = keys[0];
    const k = byKey.get(id);
    if (k) k.count++;
    else byKey.set(id, { orientations: keys.map(uncanon), count: 1 });
  }
  const mask = (list: number[] | undefined): Uint8Array => {
    const m = new Uint8Array(width * height);
    for (const s of list ?? []) m[s] = 1;
    return m;
  };
  return {
    width,
    height,
    touch,
    forbidden: mask(options.forbidden),
    required: mask(options.required),
    kinds: [...byKey.values()],
  };
}

/** null when the layout is valid for the problem, else the first reason found. */
export function checkLayout(p: RefProblem, layout: RefLayout): string | null {
  const { width: w, height: h } = p;
  const owner = new Map<number, number>();
  const perKind = new Array<number>(p.kinds.length).fill(0);
  for (let i = 0; i < layout.ships.length; i++) {
    const { kind, cells } = layout.ships[i];
    if (!(kind >= 0 && kind < p.kinds.length)) return `ship ${i} has unknown kind ${kind}`;
    perKind[kind]++;
    const pts: Pt[] = [];
    for (const c of cells) {
      if (!Number.isInteger(c) || c < 0 || c >= w * h) return `ship ${i}: cell ${c} off the board`;
      if (p.forbidden && p.forbidden[c]) return `ship ${i}: cell ${c} is forbidden`;
      if (owner.has(c)) return `ships ${owner.get(c)} and ${i} overlap at ${c}`;
      owner.set(c, i);
      pts.push([c % w, Math.floor(c / w)]);
    }
    const key = canon(pts);
    const fits = p.kinds[kind].orientations.some((o) => canon(o.map(([x, y]) => [x, y] as Pt)) === key);
    if (!fits) return `ship ${i} (${key}) is not a shape of kind ${kind}`;
  }
  for (let k = 0; k < p.kinds.length; k++)
    if (perKind[k] !== p.kinds[k].count) return `kind ${k}: ${perKind[k]} ships, want ${p.kinds[k].count}`;
  if (p.required)
    for (let s = 0; s < w * h; s++) if (p.required[s] && !owner.has(s)) return `required cell ${s} not covered`;
  if (p.touch !== 'any') {
    const reach = p.touch === 'none' ? 1 : 0;
    for (const [c, i] of owner) {
      const x = c % w,
        y = Math.floor(c / w);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (Math.abs(dx) + Math.abs(dy) > 1 + reach || (dx === 0 && dy === 0)) continue;
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = owner.get(ny * w + nx);
          if (j !== undefined && j !== i) return `ships ${i} and ${j} touch at ${c}`;
        }
      }
    }
  }
  return null;
}

/** A canonical text for a layout: ships as sorted cell lists, kind first, the ships sorted. */
export function layoutKey(layout: RefLayout): string {
  return layout.ships
    .map((s) => `${s.kind}:${[...s.cells].sort((a, b) => a - b).join(',')}`)
    .sort()
    .join('|');
}

/** Every placement of every kind as cell lists (no board rules beyond fitting and forbidden cells). */
function placementsOf(p: RefProblem): number[][][] {
  return p.kinds.map((k) => {
    const seen = new Set<string>();
    const out: number[][] = [];
    for (const o of k.orientations) {
      for (let y = 0; y < p.height; y++) {
        for (let x = 0; x < p.width; x++) {
          const cells = o.map(([dx, dy]) => [x + dx, y + dy]);
          if (cells.some(([cx, cy]) => cx >= p.width || cy >= p.height)) continue;
          const idx = cells.map(([cx, cy]) => cy * p.width + cx).sort((a, b) => a - b);
          if (p.forbidden && idx.some((c) => p.forbidden![c])) continue;
          const key = idx.join(',');
          if (!seen.has(key)) {
            seen.add(key);
            out.push(idx);
          }
        }
      }
    }
    return out;
  });
}

/**
 * Visits every distinct layout (ships of one kind unordered) by plain recursion; `visit` returns false to
 * stop. Tiny boards only.
 */
export function bruteEnumerate(p: RefProblem, visit: (layout: RefLayout) => boolean | void): void {
  const w = p.width;
  const places = placementsOf(p);
  const owner = new Int32Array(p.width * p.height).fill(-1);
  const ships: Array<{ kind: number; cells: number[] }> = [];
  const reach = p.touch === 'none' ? 2 : p.touch === 'corner' ? 1 : 0;
  const free = (cells: number[], id: number): boolean => {
    for (const c of cells) {
      if (owner[c] !== -1) return false;
      const x = c % w,
        y = Math.floor(c / w);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const d = Math.abs(dx) + Math.abs(dy);
          if (d === 0 || d > reach) continue;
          const nx = x + dx,
            ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= p.width || ny >= p.height) continue;
          const o = owner[ny * w + nx];
          if (o !== -1 && o !== id) return false;
        }
      }
    }
    return true;
  };
  let stop = false;
  const go = (kind: number, left: number, from: number): void => {
    if (stop) return;
    if (kind === p.kinds.length) {
      if (p.required) for (let s = 0; s < owner.length; s++) if (p.required[s] && owner[s] === -1) return;
      if (visit({ ships: ships.map((s) => ({ kind: s.kind, cells: [...s.cells] })) }) === false) stop = true;
      return;
    }
    if (left === 0) {
      go(kind + 1, kind + 1 < p.kinds.length ? p.kinds[kind + 1].count : 0, 0);
      return;
    }
    const list = places[kind];
    for (let i = from; i < list.length && !stop; i++) {
      const id = ships.length;
      if (!free(list[i], id)) continue;
      for (const c of list[i]) owner[c] = id;
      ships.push({ kind, cells: list[i] });
      go(kind, left - 1, i + 1);
      ships.pop();
      for (const c of list[i]) owner[c] = -1;
    }
  };
  go(0, p.kinds.length > 0 ? p.kinds[0].count : 0, 0);
}

/** The number of distinct layouts, by brute force. */
export function bruteCount(p: RefProblem): number {
  let n = 0;
  bruteEnumerate(p, () => {
    n++;
  });
  return n;
}

/** Whether some layout exists, by brute force. */
export function bruteExists(p: RefProblem): boolean {
  let found = false;
  bruteEnumerate(p, () => {
    found = true;
    return false;
  });
  return found;
}

/** How many layouts cover each cell (the exact heat numerators), by brute force. */
export function bruteCellCounts(p: RefProblem): { total: number; counts: number[] } {
  const counts = new Array<number>(p.width * p.height).fill(0);
  let total = 0;
  bruteEnumerate(p, (l) => {
    total++;
    for (const s of l.ships) for (const c of s.cells) counts[c]++;
  });
  return { total, counts };
}
