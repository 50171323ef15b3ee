/**
 * The resident app's home-screen icons, drawn at build time (no binary in the repository, nothing
 * fetched): a Vite plugin that emits `icons/icon-192.png`, `icons/icon-512.png` and
 * `icons/maskable-512.png` into the resident build, which the web manifest names
 * (vite.resident.config.ts). The picture: a white ring and dot (an alarm button) on the app's red.
 */
import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The icons the manifest lists: file (under the build's base), size in pixels, purpose. */
export const RESIDENT_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  // Maskable: the picture stays inside the central 80 % safe zone the launcher may crop to.
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** Background and foreground colours, RGB. */
const RED = [201, 42, 42] as const;
const WHITE = [255, 255, 255] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A `size`×`size` RGB PNG of the icon. `inset` (0–1): the share of the radius the picture keeps
 * (1 for 'any', 0.8 for 'maskable'). Pure: the same arguments give the same bytes.
 */
export function iconPng(size: number, inset = 1): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  const r = (size / 2) * inset;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0 (none), then RGB
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c) / r;
      const white = (d > 0.62 && d < 0.78) || d < 0.34;
      row.set(white ? WHITE : RED, 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** The Vite plugin (build only): emits every icon of {@link RESIDENT_ICONS} into the bundle. */
export function residentIcons(): Plugin {
  return {
    name: 'society-desk:resident-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of RESIDENT_ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.file, source: iconPng(icon.size, icon.purpose === 'maskable' ? 0.8 : 1) });
      }
    },
  };
}
