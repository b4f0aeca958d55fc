/** The report's period: the last 30 days at first; a period that ends before it starts is not asked for. */
import { addDays } from '@kino/backend/contract';

/** The last 30 days up to today: the page's first period. */
export const lastMonth = (today: string): { from: string; to: string } => ({ from: addDays(today, -29), to: today });

/** What is wrong with a period (its dates are whole: DateFilter applies no other), or undefined. */
export const periodProblem = (from: string, to: string): string | undefined =>
  to < from ? 'Конец периода раньше начала: поправьте одну из дат' : undefined;
