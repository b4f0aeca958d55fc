import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems (SPEC: two pages either side, first and last with ellipses)', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('puts the first and last page around the window with gaps', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });
  it('leaves out a gap of no page', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 9)).toEqual([1, 2, 3, 'gap', 9]);
    expect(pageItems(9, 9)).toEqual([1, 'gap', 7, 8, 9]);
  });
});
