/**
 * Money is integer kopecks inside (orders, tickets, payments, refunds) and roubles at the edges:
 * SPEC's `price` fields and what people read. Conversions happen here and nowhere else.
 */

/** Whole roubles (a session's price) → kopecks. */
export const kopecksOf = (roubles: number): number => Math.round(roubles * 100);

/** Kopecks → roubles as SPEC's `price` fields carry them (350.5 for 35 050 kopecks). */
export const roublesOf = (kopecks: number): number => kopecks / 100;
