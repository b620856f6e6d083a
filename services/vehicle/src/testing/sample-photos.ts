import sharp from 'sharp';

/** A real JPEG of the given size in pixels, as a data URL like the wizard sends. */
export async function jpegDataUrl(width = 64, height = 48): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

export async function pngDataUrl(width = 40, height = 40): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Bytes of the given length that are no image at all, labelled as one. */
export function fakeImageDataUrl(label: string, byteLength: number): string {
  return `data:${label};base64,${Buffer.alloc(byteLength, 'not an image ').toString('base64')}`;
}
