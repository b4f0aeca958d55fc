/** How the product writes money, dates and session times (docs/product.md §9), shared by the site and the ticket PDFs. */

const roubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
const roublesAndKopecks = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
});
// Dates here are calendar days (cinema wall time), so they are formatted as UTC midnights: no zone shifts them.
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 1050 → '1 050 ₽', 350.5 → '350,50 ₽' (Russian grouping; kopecks only when there are any). */
export const formatRoubles = (amount: number): string =>
  (Number.isInteger(amount) ? roubles : roublesAndKopecks).format(amount);

/** '1985-02-14' (or the date part of a cinema time) → '14 февраля 1985 г.' */
export const formatDate = (date: string): string => dayMonthYear.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

/** A promotion's period, the year always written: 'с 24 сентября 2026 по 19 сентября 2027'. */
export const formatPeriod = (start: string, end: string): string =>
  `с ${formatDate(start).replace(/ г\.$/, '')} по ${formatDate(end).replace(/ г\.$/, '')}`;

/** '2026-11-22 19:30:00' → '22 ноября 2026 г. в 19:30' (Russian long date, ' в', 24-hour clock). */
export const formatSessionTime = (cinemaTime: string): string =>
  `${formatDate(cinemaTime)} в ${cinemaTime.slice(11, 16)}`;

/** '2026-11-22 19:30:00' → '22.11.2026 19:30': the short form of the back office's tables. */
export const formatShortTime = (cinemaTime: string): string =>
  `${cinemaTime.slice(8, 10)}.${cinemaTime.slice(5, 7)}.${cinemaTime.slice(0, 4)} ${cinemaTime.slice(11, 16)}`;

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];
/** '2026-11-26' → 'чт, 26.11.2026': a day of a distribution week, as the distributor's table writes it. */
export const formatDayWithWeekday = (date: string): string =>
  `${WEEKDAYS[new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay()]}, ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
