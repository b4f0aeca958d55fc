import { describe, expect, it } from 'vitest';
import { formatRating, ratingClass } from './rating';

describe('ratingClass', () => {
  it.each([
    [0, 'bad'],
    [4.9, 'bad'],
    [5, 'bad'],
    [5.01, 'normal'],
    [6.99, 'normal'],
    [7, 'good'],
    [10, 'good'],
  ] as const)('%d is %s', (rating, band) => {
    expect(ratingClass(rating)).toBe(band);
  });
});

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(7.46)).toBe('7.5');
    expect(formatRating(8)).toBe('8.0');
  });
});
