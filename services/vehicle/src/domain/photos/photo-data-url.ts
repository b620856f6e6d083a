import { MAX_PHOTO_BYTES } from '@cardirect/contracts';
import { AppError, badRequest } from '@cardirect/service-kit';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The first bytes of each accepted format; the label of a data URL is not trusted. */
const SIGNATURES: ReadonlyArray<{ type: ImageType; bytes: readonly number[] }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF87a')] },
  { type: 'image/gif', bytes: [...Buffer.from('GIF89a')] },
];

const MAX_MEGABYTES = MAX_PHOTO_BYTES / (1024 * 1024);

export function notAnImage(position: number): AppError {
  return badRequest({ photoUrls: `Photo ${position} is not a JPEG, PNG or GIF image` }, `Photo ${position} is not a JPEG, PNG or GIF image`);
}

function tooLarge(position: number): AppError {
  const message = `Photo ${position} is larger than ${MAX_MEGABYTES} MB`;
  return new AppError(413, message, { photoUrls: message });
}

export function sniffImageType(bytes: Buffer): ImageType | undefined {
  return SIGNATURES.find((signature) => signature.bytes.every((byte, index) => bytes[index] === byte))?.type;
}

/**
 * The bytes of a base64 image data URL (position counts from 1, for messages). The size is checked
 * on the encoded length first, so an oversized photo is refused before it is decoded.
 */
export function decodePhotoDataUrl(dataUrl: string, position: number): { bytes: Buffer; type: ImageType } {
  const header = DATA_URL.exec(dataUrl);
  if (!header || !header[2]?.split(';').includes('base64')) throw notAnImage(position);
  const encoded = dataUrl.slice(header[0].length);
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0;
  if ((encoded.length * 3) / 4 - padding > MAX_PHOTO_BYTES) throw tooLarge(position);
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) throw notAnImage(position);
  const bytes = Buffer.from(encoded, 'base64');
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage(position);
  return { bytes, type };
}
