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

/**
 * The chosen photo as it is sent (spec section 3, "Photo handling"): its longest side fitted
 * within 600 px, re-encoded as JPEG at quality 0.7, as a data URL.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  const image = await decodeImage(file);
  try {
    const size = fitWithin(image.width, image.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not get canvas context');
    context.drawImage(image, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', PHOTO_JPEG_QUALITY);
  } finally {
    image.close();
  }
}
