import { describe, expect, it } from 'vitest';
import { DecodedPictures } from './decoded-pictures';
import type { GreyImage } from './image';

// The printed blanks go with every page: decoded once by content key, a picture not had asked for again.

function counting() {
  const decodes: number[] = [];
  const pictures = new DecodedPictures(async (bytes) => {
    decodes.push(bytes[0]!);
    if (bytes[0] === 0) throw new Error('not a picture');
    return { width: bytes[0]!, height: 1, data: bytes } satisfies GreyImage;
  }, 2);
  return { decodes, pictures };
}

describe('decoded pictures', () => {
  it('decodes a key once while it is among the most recently used', async () => {
    const { decodes, pictures } = counting();
    const a = await pictures.get('a', () => new Uint8Array([1]));
    expect(await pictures.get('a', () => new Uint8Array([9]))).toBe(a);
    await pictures.get('b', () => new Uint8Array([2]));
    await pictures.get('a', () => new Uint8Array([1])); // a used last: b is the one let go
    await pictures.get('c', () => new Uint8Array([3]));
    await pictures.get('a', () => new Uint8Array([1]));
    await pictures.get('b', () => new Uint8Array([2]));
    expect(decodes).toEqual([1, 2, 3, 2]);
  });

  it('asks again for a picture whose bytes could not be had, not for one that does not decode', async () => {
    const { decodes, pictures } = counting();
    expect(await pictures.get('a', () => null)).toBeNull();
    expect(await pictures.get('a', () => Promise.reject(new Error('offline')))).toBeNull();
    expect((await pictures.get('a', () => new Uint8Array([4])))?.width).toBe(4);
    expect(await pictures.get('z', () => new Uint8Array([0]))).toBeNull();
    expect(await pictures.get('z', () => new Uint8Array([5]))).toBeNull();
    expect(decodes).toEqual([4, 0]);
  });
});
