// A plain King's Valley move generator for any square board with pillars, on an array of letters with coordinate loops;
// shares no engine code.

export interface GridRef {
  size: number;
  /** grid[rank][file], rank 0 = rank 1: 'K' 'S' 'k' 's' '#' (pillar) or '.' */
  grid: string[][];
  white: boolean;
  ply: number;
}

export function gridParse(text: string): GridRef {
  const [board, side, ply] = text.trim().split(/\s+/);
  const grid: string[][] = [];
  for (const row of board.split('/').reverse()) {
    const cells: string[] = [];
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') for (let i = 0; i < Number(ch); i++) cells.push('.');
      else cells.push(ch);
    }
    grid.push(cells);
  }
  return { size: grid.length, grid, white: side === 'w', ply: Number(ply) };
}

export function gridFormat(p: GridRef): string {
  const rows: string[] = [];
  for (let r = p.size - 1; r >= 0; r--) rows.push(p.grid[r].join('').replace(/\.+/g, (m) => String(m.length)));
  return `${rows.join('/')} ${p.white ? 'w' : 'b'} ${p.ply}`;
}

const LETTERS = 'abcdefghi';

function centre(p: GridRef): number {
  return (p.size - 1) / 2;
}

export function gridWinner(p: GridRef): 'white' | 'black' | null {
  const c = centre(p);
  if (p.grid[c][c] === 'K') return 'white';
  if (p.grid[c][c] === 'k') return 'black';
  const king = p.white ? 'K' : 'k';
  for (let r = 0; r < p.size; r++) {
    for (let f = 0; f < p.size; f++) {
      if (p.grid[r][f] !== king) continue;
      for (let df = -1; df <= 1; df++) {
        for (let dr = -1; dr <= 1; dr++) {
          const ff = f + df,
            rr = r + dr;
          if ((df !== 0 || dr !== 0) && ff >= 0 && ff < p.size && rr >= 0 && rr < p.size && p.grid[rr][ff] === '.')
            return null;
        }
      }
    }
  }
  return p.white ? 'black' : 'white';
}

/** Moves like "b1e4", sorted; none when the game is over. */
export function gridMoves(p: GridRef): string[] {
  if (gridWinner(p) !== null) return [];
  const c = centre(p),
    n = p.size;
  const moves: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let f = 0; f < n; f++) {
      const piece = p.grid[r][f];
      const mine = p.white ? piece === 'K' || piece === 'S' : piece === 'k' || piece === 's';
      if (!mine) continue;
      const king = piece === 'K' || piece === 'k';
      if (king && p.ply === 0) continue;
      for (let df = -1; df <= 1; df++) {
        for (let dr = -1; dr <= 1; dr++) {
          if (df === 0 && dr === 0) continue;
          let tf = f,
            tr = r;
          while (tf + df >= 0 && tf + df < n && tr + dr >= 0 && tr + dr < n && p.grid[tr + dr][tf + df] === '.') {
            tf += df;
            tr += dr;
          }
          if (tf === f && tr === r) continue;
          if (!king && tf === c && tr === c) continue;
          moves.push(`${LETTERS[f]}${r + 1}${LETTERS[tf]}${tr + 1}`);
        }
      }
    }
  }
  return moves.sort();
}

export function gridPlay(p: GridRef, move: string): GridRef {
  const grid = p.grid.map((row) => [...row]);
  const f1 = LETTERS.indexOf(move[0]),
    r1 = Number(move[1]) - 1,
    f2 = LETTERS.indexOf(move[2]),
    r2 = Number(move[3]) - 1;
  grid[r2][f2] = grid[r1][f1];
  grid[r1][f1] = '.';
  return { size: p.size, grid, white: !p.white, ply: p.ply + 1 };
}

export function gridPerft(p: GridRef, depth: number): number {
  if (depth === 0) return 1;
  const moves = gridMoves(p);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) total += gridPerft(gridPlay(p, m), depth - 1);
  return total;
}
