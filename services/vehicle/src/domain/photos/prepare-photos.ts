import sharp from 'sharp';
import { badRequest, type AppError } from '@cardirect/service-kit';
import { cleanPhoto, MAX_INPUT_PIXELS } from './clean-photo';
import { decodePhotoDataUrl, notAnImage, type ImageType } from './photo-data-url';

export interface PreparedPhoto {
  /** Re-encoded without any metadata (see cleanPhoto): what is stored and served. */
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
  /** A JPEG for vehicle cards, THUMBNAIL_WIDTH pixels wide at most. */
  thumbnail: Buffer;
}

export const THUMBNAIL_WIDTH = 320;
/** A car's photo may be animated, but a GIF of thousands of frames is an attack on whoever shows it. */
export const MAX_FRAMES = 100;

function refused(message: string): AppError {
  return badRequest({ photoUrls: message }, message);
}

/**
 * A GIF's logical screen, which libvips ignores (it sizes the image by its frames) but a browser may
 * allocate when it shows the file.
 */
function gifScreenPixels(bytes: Buffer, type: ImageType): number {
  return type === 'image/gif' && bytes.length >= 10 ? bytes.readUInt16LE(6) * bytes.readUInt16LE(8) : 0;
}

async function preparePhoto(dataUrl: string, position: number): Promise<PreparedPhoto> {
  const { bytes, type } = decodePhotoDataUrl(dataUrl, position);
  // What the header claims is read (no pixel decoded) and checked first, to name what is refused.
  const { width, height, pages = 1 } = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => {
    throw notAnImage(position);
  });
  // Every frame of an animation is decoded when it is cleaned, so all of them count.
  if (Math.max(width * height * pages, gifScreenPixels(bytes, type)) > MAX_INPUT_PIXELS) throw refused(`Photo ${position} is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  if (pages > MAX_FRAMES) throw refused(`Photo ${position} has more than ${MAX_FRAMES} frames`);
  try {
    // Cleaning decodes the whole image, so a file that only starts like an image fails here.
    const clean = await cleanPhoto(bytes, type);
    // From the clean copy, so the thumbnail is upright too and can hold nothing the photo does not.
    const thumbnail = await sharp(clean.bytes).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
    return { bytes: clean.bytes, contentType: type, width: clean.width, height: clean.height, thumbnail };
  } catch {
    throw notAnImage(position);
  }
}

/** Checks every photo (type by its bytes, size, that it decodes) and cleans it, before anything is stored. */
export async function preparePhotos(dataUrls: string[]): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  // One at a time: each may take a few MB of pixels in memory.
  for (const [index, dataUrl] of dataUrls.entries()) prepared.push(await preparePhoto(dataUrl, index + 1));
  return prepared;
}
