import { PHOTO_JPEG_QUALITY, PHOTO_MAX_SIDE_PX } from '@cardirect/contracts';

/** The size that fits within max × max with the proportions kept; never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decodeImage(file: Blob): Promise<ImageBitmap> {
  try {
    // 'from-image' applies the EXIF orientation: the photo stands as the camera held it.
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new Error('Failed to load image', { cause: error });
  }
}

export interface PhotoEncoding {
  maxSide: number;
  quality: number;
}

/** The spec's photo (section 3, "Photo handling"): longest side within 600 px, JPEG at quality 0.7. */
export const SPEC_PHOTO_ENCODING: PhotoEncoding = { maxSide: PHOTO_MAX_SIDE_PX, quality: PHOTO_JPEG_QUALITY };

/**
 * The chosen photo as it is sent: its longest side fitted within the encoding's size, upright,
 * re-encoded as JPEG at its quality, as a data URL. The spec's 600 px at 0.7 unless told otherwise.
 */
export async function resizePhoto(file: Blob, encoding: PhotoEncoding = SPEC_PHOTO_ENCODING): Promise<string> {
  const image = await decodeImage(file);
  try {
    const size = fitWithin(image.width, image.height, encoding.maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not get canvas context');
    context.drawImage(image, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', encoding.quality);
  } finally {
    image.close();
  }
}
