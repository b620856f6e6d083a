import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Photos as cameras and editors write them: pixels plus what they say about who took them and where.

/** The owner's name, written into every kind of metadata below: it must never reach a dealer. */
export const OWNER_NAME = 'Jane Q. Owner';

const XMP = [
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${OWNER_NAME}</dc:creator></rdf:Description>`,
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
].join('');

/** EXIF with the owner in IFD0 and a position in the GPS IFD (libvips numbers it IFD3). */
const EXIF = {
  IFD0: { Artist: OWNER_NAME, Copyright: OWNER_NAME, Make: 'Camera Maker', Model: 'Model 1' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 5600/100' },
};

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** A width x height picture whose left half is red and right half blue, as raw RGB. */
function redLeftBlueRight(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = x < width / 2 ? RED : BLUE;
      pixels.set([colour.r, colour.g, colour.b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

/** An APP13 segment carrying IPTC "By-line" (2:80), the way Photoshop writes it. */
function iptcSegment(byLine: string): Buffer {
  const text = Buffer.from(byLine, 'latin1');
  const dataset = Buffer.concat([Buffer.from([0x1c, 2, 80]), uint16(text.length), text]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(dataset.length);
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), size, dataset, Buffer.alloc(dataset.length % 2)]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  return Buffer.concat([Buffer.from([0xff, 0xed]), uint16(payload.length + 2), payload]);
}

/** A JPEG comment (COM) segment. */
function commentSegment(comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  return Buffer.concat([Buffer.from([0xff, 0xfe]), uint16(text.length + 2), text]);
}

/**
 * A width x height JPEG (left half red, right half blue as stored) with EXIF (owner, GPS, the
 * given orientation), XMP, IPTC and a comment, each naming OWNER_NAME. Orientation 6 means "turn
 * 90 degrees clockwise to show": shown upright it is height x width, red on top.
 */
export async function jpegWithMetadata(options: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const { width = 60, height = 40, orientation = 1 } = options;
  const jpeg = await redLeftBlueRight(width, height).jpeg({ quality: 95 }).withExif(EXIF).withXmp(XMP).withMetadata({ orientation }).toBuffer();
  // The extra segments go among the others, before the first quantization table.
  const tables = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
  return Buffer.concat([jpeg.subarray(0, tables), iptcSegment(OWNER_NAME), commentSegment(`Taken by ${OWNER_NAME}`), jpeg.subarray(tables)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG with EXIF, XMP and a text chunk ("Author"), each naming OWNER_NAME. */
export async function pngWithMetadata(): Promise<Buffer> {
  const png = await redLeftBlueRight(40, 30).png().withExif(EXIF).withXmp(XMP).toBuffer();
  const afterHeader = 8 + 25; // the signature, then IHDR (13 bytes of data with length, type and CRC)
  return Buffer.concat([png.subarray(0, afterHeader), pngChunk('tEXt', Buffer.from(`Author\0${OWNER_NAME}`, 'latin1')), png.subarray(afterHeader)]);
}

/** An animated GIF of `frames` differently grey 30 x 20 frames, with a comment extension naming OWNER_NAME. */
export async function animatedGifWithComment(frames = 4): Promise<Buffer> {
  const width = 30;
  const height = 20;
  const pixels = Buffer.alloc(width * height * frames);
  for (let frame = 0; frame < frames; frame++) pixels.fill(frame * 50, frame * width * height, (frame + 1) * width * height);
  const gif = await sharp(pixels, { raw: { width, height: height * frames, channels: 1, pageHeight: height } })
    .gif({ delay: Array.from({ length: frames }, () => 100), loop: 0 })
    .toBuffer();
  const comment = Buffer.from(OWNER_NAME, 'latin1');
  // Before the trailer (0x3B): a comment extension of one sub-block.
  return Buffer.concat([gif.subarray(0, gif.length - 1), Buffer.from([0x21, 0xfe, comment.length]), comment, Buffer.from([0, 0x3b])]);
}

export function asDataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
