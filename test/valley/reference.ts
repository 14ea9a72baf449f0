// A plain King's Valley move generator on a 5×5 array of letters, coordinate loops only; shares no engine code.

export interface RefPosition {
  /** grid[rank][file], rank 0 = rank 1: 'K' 'S' 'k' 's' or '.' */
  grid: string[][];
  white: boolean;
  ply: number;
}

export function refParse(text: string): RefPosition {
  const [board, side, ply] = text.split(' ');
  const grid: string[][] = [];
  for (const row of board.split('/').reverse()) {
    const cells: string[] = [];
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') for (let i = 0; i < Number(ch); i++) cells.push('.');
      else cells.push(ch);
    }
    grid.push(cells);
  }
  return { grid, white: side === 'w', ply: Number(ply) };
}

export function refFormat(p: RefPosition): string {
  const rows: string[] = [];
  for (let r = 4; r >= 0; r--) rows.push(p.grid[r].join('').replace(/\.+/g, (m) => String(m.length)));
  return `${rows.join('/')} ${p.white ? 'w' : 'b'} ${p.ply}`;
}

const NAMES = 'abcde';

function findKing(p: RefPosition, k: string): [number, number] {
  for (let r = 0; r < 5; r++) for (let f = 0; f < 5; f++) if (p.grid[r][f] === k) return [f, r];
  throw new Error('no king');
}

/** Moves like "b1e4", sorted; none when a King is on c3 or the mover's King has no empty neighbour. */
export function refMoves(p: RefPosition): string[] {
  if (p.grid[2][2] === 'K' || p.grid[2][2] === 'k') return [];
  const [kf, kr] = findKing(p, p.white ? 'K' : 'k');
  let free = false;
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      const f = kf + df, r = kr + dr;
      if ((df !== 0 || dr !== 0) && f >= 0 && f < 5 && r >= 0 && r < 5 && p.grid[r][f] === '.') free = true;
    }
  }
  if (!free) return [];
  const moves: string[] = [];
  for (let r = 0; r < 5; r++) {
    for (let f = 0; f < 5; f++) {
      const c = p.grid[r][f];
      const mine = p.white ? c === 'K' || c === 'S' : c === 'k' || c === 's';
      if (!mine) continue;
      const king = c === 'K' || c === 'k';
      if (king && p.ply === 0) continue;
      for (let df = -1; df <= 1; df++) {
        for (let dr = -1; dr <= 1; dr++) {
          if (df === 0 && dr === 0) continue;
          let tf = f, tr = r;
          while (tf + df >= 0 && tf + df < 5 && tr + dr >= 0 && tr + dr < 5 && p.grid[tr + dr][tf + df] === '.') {
            tf += df;
            tr += dr;
          }
          if (tf === f && tr === r) continue;
          if (!king && tf === 2 && tr === 2) continue;
          moves.push(`${NAMES[f]}${r + 1}${NAMES[tf]}${tr + 1}`);
        }
      }
    }
  }
  return moves.sort();
}

export function refPlay(p: RefPosition, move: string): RefPosition {
  const grid = p.grid.map((row) => [...row]);
  const f1 = NAMES.indexOf(move[0]), r1 = Number(move[1]) - 1, f2 = NAMES.indexOf(move[2]), r2 = Number(move[3]) - 1;
  grid[r2][f2] = grid[r1][f1];
  grid[r1][f1] = '.';
  return { grid, white: !p.white, ply: p.ply + 1 };
}

export function refPerft(p: RefPosition, depth: number): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const m of refMoves(p)) n += refPerft(refPlay(p, m), depth - 1);
  return n;
}
