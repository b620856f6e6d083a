import sharp from 'sharp';
import { decodePhotoDataUrl, notAnImage, type ImageType } from './photo-data-url';

export interface PreparedPhoto {
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
  /** A JPEG for vehicle cards, THUMBNAIL_WIDTH pixels wide at most. */
  thumbnail: Buffer;
}

export const THUMBNAIL_WIDTH = 320;
/** Refuses decompression bombs: a 5 MB file may still claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

async function preparePhoto(dataUrl: string, position: number): Promise<PreparedPhoto> {
  const { bytes, type } = decodePhotoDataUrl(dataUrl, position);
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const { width, height } = await image.metadata();
    // Making the thumbnail decodes the whole image, so a file that only starts like an image fails here.
    const thumbnail = await image
      .clone()
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { bytes, contentType: type, width, height, thumbnail };
  } catch {
    throw notAnImage(position);
  }
}

/** Checks every photo (type by its bytes, size, that it decodes) before anything is stored. */
export async function preparePhotos(dataUrls: string[]): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  // One at a time: each may take a few MB of pixels in memory.
  for (const [index, dataUrl] of dataUrls.entries()) prepared.push(await preparePhoto(dataUrl, index + 1));
  return prepared;
}
