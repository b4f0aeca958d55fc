/** The cash count at closing, to the kopeck (roubles with kopecks are not exact as binary fractions). */
import { kopecksOf, roublesOf } from '@kino/backend/contract';

/** counted − expected, roubles: negative when cash is missing. */
export const differenceOf = (counted: number, expected: number): number =>
  roublesOf(kopecksOf(counted) - kopecksOf(expected));
