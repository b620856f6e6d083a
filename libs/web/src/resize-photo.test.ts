import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, resizePhoto } from './resize-photo';

/** jsdom has no image decoding or canvas: stand-ins that record what the resize asked of them. */
function fakeImageDecoding(width: number, height: number) {
  const drawn: number[][] = [];
  const encoded: unknown[][] = [];
  const close = vi.fn();
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close })));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function getContext(this: HTMLCanvasElement) {
    const { width: canvasWidth, height: canvasHeight } = this;
    return { drawImage: (_image: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h, canvasWidth, canvasHeight]) } as unknown as RenderingContext;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation((...args: unknown[]) => {
    encoded.push(args);
    return 'data:image/jpeg;base64,AAAA';
  });
  return { drawn, encoded, close };
}

afterEach(() => vi.restoreAllMocks());

describe('photo resize', () => {
  it('When a 2000 x 1500 photo is chosen, then a 600 x 450 JPEG at quality 0.7 comes out, upright as the camera held it', async () => {
    const image = fakeImageDecoding(2000, 1500);

    const dataUrl = await resizePhoto(new Blob(['photo'], { type: 'image/jpeg' }));

    expect(dataUrl).toBe('data:image/jpeg;base64,AAAA');
    expect(image.drawn).toEqual([[0, 0, 600, 450, 600, 450]]);
    expect(image.encoded).toEqual([['image/jpeg', 0.7]]);
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(image.close).toHaveBeenCalled();
  });

  it('When a detail encoding is asked for, then the photo fits within its size at its quality', async () => {
    const image = fakeImageDecoding(4032, 3024);

    await resizePhoto(new Blob(['photo'], { type: 'image/jpeg' }), { maxSide: 1280, quality: 0.75 });

    expect(image.drawn).toEqual([[0, 0, 1280, 960, 1280, 960]]);
    expect(image.encoded).toEqual([['image/jpeg', 0.75]]);
  });

  it('When the image cannot be decoded, then "Failed to load image" is thrown', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('bad image'))));
    await expect(resizePhoto(new Blob(['not an image']))).rejects.toThrow('Failed to load image');
  });

  it('keeps proportions within 600 x 600 and never enlarges', () => {
    expect(fitWithin(2000, 1500)).toEqual({ width: 600, height: 450 });
    expect(fitWithin(1500, 2000)).toEqual({ width: 450, height: 600 });
    expect(fitWithin(4000, 1000)).toEqual({ width: 600, height: 150 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
