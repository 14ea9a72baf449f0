// Draws the playground's app icons (web/public/icon-192.png, icon-512.png): a 4×4 board in the playground's board
// colours on its header's dark ground, a knight (blue) on b2 and the four squares it attacks (green). Plain RGBA
// written as PNG with node:zlib, each pixel sampled 4×4 times for smooth edges. Run: node scripts/icons.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const GROUND = [0x24, 0x1f, 0x31];
const LIGHT = [0xf0, 0xd9, 0xb5];
const DARK = [0xb5, 0x88, 0x63];
const PIECE = [0x1a, 0x5f, 0xb4];
const TARGET = [0x26, 0xa2, 0x69];
const KNIGHT = [1, 1];
const TARGETS = ['3,2', '2,3', '3,0', '0,3'];

/** The colour at a point (x, y in 0..1, y downwards) of the icon. */
function colour(x, y) {
  // The board fills the middle 56%: its corners lie inside the circle a round (maskable) icon keeps.
  const m = 0.22;
  if (x < m || x >= 1 - m || y < m || y >= 1 - m) return GROUND;
  const cell = (1 - 2 * m) / 4;
  const file = Math.floor((x - m) / cell);
  const rank = 3 - Math.floor((y - m) / cell);
  const cx = m + (file + 0.5) * cell;
  const cy = m + (3 - rank + 0.5) * cell;
  const r = Math.hypot(x - cx, y - cy) / cell;
  if (file === KNIGHT[0] && rank === KNIGHT[1] && r < 0.36) return PIECE;
  if (TARGETS.includes(`${file},${rank}`) && r < 0.2) return TARGET;
  return (file + rank) % 2 === 0 ? DARK : LIGHT;
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size) {
  const S = 4;
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4);
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0];
      for (let i = 0; i < S; i++)
        for (let j = 0; j < S; j++) {
          const c = colour((x + (i + 0.5) / S) / size, (y + (j + 0.5) / S) / size);
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      const p = row + 1 + x * 4;
      for (let k = 0; k < 3; k++) rows[p + k] = Math.round(sum[k] / (S * S));
      rows[p + 3] = 255;
    }
  }
  const head = Buffer.alloc(13);
  head.writeUInt32BE(size, 0);
  head.writeUInt32BE(size, 4);
  head[8] = 8; // bits per channel
  head[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(new URL(`../web/public/icon-${size}.png`, import.meta.url), png(size));
}
