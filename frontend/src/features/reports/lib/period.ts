/** The report's period: the last 30 days at first; a period that ends before it starts is not asked for. */
import { addDays } from '@kino/backend/contract';

export interface Period {
  from: string;
  to: string;
}

/** The last 30 days up to today: the page's first period. */
export const lastMonth = (today: string): Period => ({ from: addDays(today, -29), to: today });

/** What is wrong with a period (its dates are whole: DateFilter applies no other), or undefined. */
export const periodProblem = (from: string, to: string): string | undefined =>
  to < from ? 'Конец периода раньше начала: поправьте одну из дат' : undefined;

/** A distribution week (its Thursday) as the period of show dates it covers, Thursday to Wednesday. */
export const weekPeriod = (week: string): Period => ({ from: week, to: addDays(week, 6) });

/** Does the period cover one of these show dates ('YYYY-MM-DD' compare as text)? */
export const coversAny = (period: Period, dates: readonly string[]): boolean =>
  dates.some((date) => period.from <= date && date <= period.to);
