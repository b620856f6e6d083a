import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Photos as an attacker sends them: each small on the wire, each a trap for whoever decodes it.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG header declaring width x height RGB pixels, followed by two rows of pixel data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 1 x 1 GIF89a (looping) with the given number of frames. */
export function gifWithFrames(frames: number, screen: { width: number; height: number } = { width: 1, height: 1 }): Buffer {
  const size = (value: number) => [value & 0xff, value >> 8];
  const parts: Buffer[] = [
    Buffer.from('GIF89a'),
    Buffer.from([...size(screen.width), ...size(screen.height), 0x80, 0, 0]),
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0]),
  ];
  const frame = Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  for (let index = 0; index < frames; index++) parts.push(frame);
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** The first half of a real 400 x 300 JPEG: it starts like one and stops mid-scan. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } } }).jpeg().toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** A JPEG whose frame header (SOF0) claims 65,000 x 65,000 pixels. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } }).jpeg().toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

export const svgDocument = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
export const htmlDocument = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export function dataUrl(label: string, bytes: Buffer): string {
  return `data:${label};base64,${bytes.toString('base64')}`;
}
