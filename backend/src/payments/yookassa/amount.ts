/**
 * Money at YooKassa's edge: integer kopecks inside, `{ value: "700.00", currency: "RUB" }` on the wire.
 * Both directions work on digits, never on floats, so no amount can gain or lose a kopeck in rounding.
 */

/** The largest amount either direction accepts: far above any cinema order, and still a safe integer. */
const MAX_KOPECKS = 10 ** 15;

/** YooKassa's amount value (roubles with two decimals) of a non-negative whole number of kopecks: 1 → "0.01". */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0 || kopecks > MAX_KOPECKS) {
    throw new RangeError(`An amount must be a whole number of kopecks between 0 and ${MAX_KOPECKS}, not ${kopecks}`);
  }
  const digits = String(kopecks).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Kopecks of an amount value as YooKassa writes it ("700.00", "700.5", "700"); null when it is not one. */
export function valueToKopecks(value: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks <= MAX_KOPECKS ? kopecks : null;
}
