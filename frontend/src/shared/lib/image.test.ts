import { describe, expect, it } from 'vitest';
import { imageUrl } from './image';

describe('imageUrl', () => {
  it('keeps http and https links as they are', () => {
    expect(imageUrl('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(imageUrl('http://cdn.example/a.jpg')).toBe('http://cdn.example/a.jpg');
  });

  it('resolves other values in the storage images location', () => {
    expect(imageUrl('films/dune.jpg')).toBe('/storage/images/films/dune.jpg');
    expect(imageUrl('/films/dune.jpg')).toBe('/storage/images/films/dune.jpg');
  });

  it('gives no image for an empty value', () => {
    expect(imageUrl('')).toBeUndefined();
    expect(imageUrl('  ')).toBeUndefined();
    expect(imageUrl(null)).toBeUndefined();
    expect(imageUrl(undefined)).toBeUndefined();
  });
});
