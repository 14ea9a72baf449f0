// Exports of a tour: the library's SVG picture (boardSvg) and a PNG drawn from it on a canvas.
import type { Board } from '../../../../src/core/board.js';
import { boardSvg } from '../../../../src/render/svg.js';

/**
 * Boards past this many squares are not exported here: the SVG is written on the page's thread, 11 MB in 1.2 s
 * for 400×400 and 71 MB in 6 s for 1000×1000 ("tours export" rows in bench/results/web-caps.md).
 */
export const EXPORT_MAX_CELLS = 160_000;

/** The SVG document of a tour: numbered squares where they fit, the path with its start and end marked. */
export function tourSvg(board: Board, path: Int32Array, closed: boolean, title: string): string {
  const at = new Int32Array(board.cells);
  path.forEach((s, i) => (at[s] = i + 1));
  return boardSvg(board, { path, closed, title, label: board.cells <= 400 ? (s) => String(at[s]) : undefined });
}

/** A PNG of an SVG document: drawn on a canvas at `scale` times its size (sharp on high-density screens). */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(img.naturalWidth * scale);
    canvas.height = Math.round(img.naturalHeight * scale);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not encode the PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
