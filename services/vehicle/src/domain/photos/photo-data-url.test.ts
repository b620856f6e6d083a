import { describe, expect, it } from 'vitest';
import { decodePhotoDataUrl, sniffImageType } from './photo-data-url';

const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

describe('sniffImageType', () => {
  it('When bytes start with the JPEG, PNG, GIF87a or GIF89a signature, then that type is named', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF87a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
  });

  it('When bytes are of another format or too short, then no type is named', () => {
    expect(sniffImageType(Buffer.from('RIFF....WEBP'))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('decodePhotoDataUrl', () => {
  it('When the label says PNG but the bytes are a GIF, then the bytes decide', () => {
    const decoded = decodePhotoDataUrl(`data:image/png;base64,${base64('GIF89a-rest-of-file')}`, 1);

    expect(decoded.type).toBe('image/gif');
  });

  it('When the data URL is not base64 or not base64 at all, then it is refused on that photo number', () => {
    expect(() => decodePhotoDataUrl('data:image/png,GIF89a', 3)).toThrow('Photo 3 is not a JPEG, PNG or GIF image');
    expect(() => decodePhotoDataUrl('data:image/png;base64,@@@@', 1)).toThrow('Photo 1 is not a JPEG, PNG or GIF image');
    expect(() => decodePhotoDataUrl('https://example.com/car.jpg', 1)).toThrow('Photo 1 is not a JPEG, PNG or GIF image');
  });

  it('When the encoded photo is over 5 MB, then it is refused with 413 before decoding', () => {
    const oversized = `data:image/jpeg;base64,${'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 1) * 4) / 3) + 4)}`;

    expect(() => decodePhotoDataUrl(oversized, 2)).toThrow(expect.objectContaining({ status: 413, message: 'Photo 2 is larger than 5 MB' }));
  });

  it('When the photo is exactly 5 MB, then its size is accepted', () => {
    const exactly = Buffer.alloc(5 * 1024 * 1024, 0);
    Buffer.from([0xff, 0xd8, 0xff]).copy(exactly);

    expect(decodePhotoDataUrl(`data:image/jpeg;base64,${exactly.toString('base64')}`, 1).bytes.length).toBe(5 * 1024 * 1024);
  });
});
