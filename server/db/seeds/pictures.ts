/**
 * Demo photos for installation requests: small deterministic PNG pictures (a façade with windows
 * under the sky, and the spot for the sensor) drawn from a PRNG and encoded here with node:zlib —
 * no image files in the repository, no image library. Each picture differs in colours and layout.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Prng } from '../prng';

const WIDTH = 240;
const HEIGHT = 180;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `rgb` (WIDTH × HEIGHT × 3 bytes). */
export function encodePng(rgb: Uint8Array, width = WIDTH, height = HEIGHT): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, deflate, no filter method, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];

function picture(r: Prng): Buffer {
  const px = new Uint8Array(WIDTH * HEIGHT * 3);
  const set = (x: number, y: number, [cr, cg, cb]: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 3;
    px[i] = cr;
    px[i + 1] = cg;
    px[i + 2] = cb;
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, c);
  };
  // Sky: a vertical gradient, clear or overcast.
  const overcast = r.chance(0.35);
  for (let y = 0; y < HEIGHT; y++) {
    const t = y / HEIGHT;
    const sky: Rgb = overcast
      ? [Math.round(170 + 40 * t), Math.round(178 + 36 * t), Math.round(188 + 30 * t)]
      : [Math.round(90 + 90 * t), Math.round(150 + 60 * t), Math.round(225 + 20 * t)];
    rect(0, y, WIDTH, 1, sky);
  }
  // A façade with a grid of windows.
  const walls: Rgb[] = [
    [214, 196, 168],
    [190, 120, 96],
    [228, 228, 220],
    [160, 170, 178],
    [236, 210, 150],
  ];
  const wall = r.pick(walls);
  const left = r.int(0, 40);
  const top = r.int(30, 70);
  rect(left, top, WIDTH - left - r.int(0, 40), HEIGHT - top, wall);
  const glass: Rgb = [60 + r.int(0, 30), 84 + r.int(0, 30), 110 + r.int(0, 40)];
  const cols = r.int(3, 5);
  const gap = Math.floor((WIDTH - left) / cols);
  for (let row = top + 14; row < HEIGHT - 20; row += 42)
    for (let c = 0; c < cols; c++) rect(left + 12 + c * gap, row, Math.floor(gap * 0.45), 24, glass);
  // A balcony rail or a roof edge, and the sensor: a white box with a dark stripe.
  rect(left, top - 4, WIDTH, 4, [90, 90, 96]);
  const sx = r.int(left + 20, WIDTH - 50);
  const sy = r.int(top + 8, HEIGHT - 50);
  rect(sx, sy, 26, 34, [248, 248, 246]);
  rect(sx + 4, sy + 6, 18, 4, [40, 48, 56]);
  rect(sx + 11, sy + 34, 4, 12, [120, 120, 124]);
  return encodePng(px);
}

export interface DemoPicture {
  key: string;
  bytes: Buffer;
  sha256: string;
}

/** `count` different demo pictures stored as kind `image`. */
export function demoPictures(r: Prng, count: number): DemoPicture[] {
  return Array.from({ length: count }, () => {
    const bytes = picture(r);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    return { key: `image/${sha256}`, bytes, sha256 };
  });
}
