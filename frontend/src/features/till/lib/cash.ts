/**
 * Cash at the counter: the amount the cashier types (roubles, with a comma or a point, spaces between
 * thousands) and the change it leaves. Sums go through kopecks, so 1 050,50 − 999,90 is 50,60 exactly.
 */
import { kopecksOf, roublesOf } from '@kino/backend/contract';

/** '2000', '2 000', '1050,5' → roubles; '' → null (nothing typed); anything else → NaN. */
export function parseRoubles(text: string): number | null {
  const compact = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
  if (compact === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(compact) ? Number(compact) : Number.NaN;
}

export type CashCheck =
  /** Nothing typed: the buyer pays the exact total. */
  | { kind: 'exact' }
  | { kind: 'change'; given: number; change: number }
  | { kind: 'short'; given: number; missing: number }
  | { kind: 'invalid' };

/** What the amount typed means against the total (roubles). */
export function checkCash(total: number, typed: string): CashCheck {
  const given = parseRoubles(typed);
  if (given === null) return { kind: 'exact' };
  if (Number.isNaN(given)) return { kind: 'invalid' };
  const rest = kopecksOf(given) - kopecksOf(total);
  return rest < 0
    ? { kind: 'short', given, missing: roublesOf(-rest) }
    : { kind: 'change', given, change: roublesOf(rest) };
}
