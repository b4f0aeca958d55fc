/** The rating block (docs/product.md §9): ten stars, one decimal, and a colour band. */
export type RatingClass = 'bad' | 'normal' | 'good';

export const RATING_STARS = 10;

/** bad at 5 or below, normal above 5 and below 7, good from 7. */
export function ratingClass(rating: number): RatingClass {
  if (rating <= 5) return 'bad';
  if (rating < 7) return 'normal';
  return 'good';
}

/** One decimal: 7.46 → '7.5', 8 → '8.0'. */
export const formatRating = (rating: number): string => rating.toFixed(1);
