import sharp, { type Sharp } from 'sharp';
import type { ImageType } from './photo-data-url';

/** Refuses decompression bombs: a 5 MB file may still claim a gigantic canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface CleanPhoto {
  bytes: Buffer;
  /** Of the upright image (one frame of an animation), as a browser shows it. */
  width: number;
  height: number;
}

/** High enough that the copy looks like the upload; a photo is re-encoded once, when it is stored. */
const JPEG_QUALITY = 90;

function encodeAs(image: Sharp, type: ImageType): Sharp {
  if (type === 'image/png') return image.png();
  if (type === 'image/gif') return image.gif();
  return image.jpeg({ quality: JPEG_QUALITY });
}

/**
 * The photo as it is stored and served: only its pixels, re-encoded in its own format, turned
 * upright first (the orientation tag goes with the rest). Nothing of the file beyond the pixels
 * survives: no EXIF (GPS position, camera owner), XMP, IPTC, ICC profile or comment reaches a dealer.
 * Every frame of an animated GIF is kept, so the pixel limit counts all of them. Throws when the
 * image does not decode completely.
 */
export async function cleanPhoto(bytes: Buffer, type: ImageType): Promise<CleanPhoto> {
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: type === 'image/gif' }).rotate();
  const { data, info } = await encodeAs(image, type).toBuffer({ resolveWithObject: true });
  // An animation is its frames stacked one above the other: one frame's height is the image's.
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}
