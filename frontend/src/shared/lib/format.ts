/** Russian wording of numbers, dates and durations (docs/product.md §9). */
import { addDays, formatDate, toCinemaDate } from '@kino/backend/contract';

export { formatDate };

/**
 * The Russian form of a word for a count: `plural(n, ['год', 'года', 'лет'])` gives год for 1, 21, 101;
 * года for 2–4, 22–24; лет for 0, 5–20, 25–30, 111–114.
 */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** '1 год', '2 года', '5 лет', '21 год'. */
export const formatYears = (n: number): string => `${n} ${plural(n, ['год', 'года', 'лет'])}`;

/** Full years between a birth date and a day, both 'YYYY-MM-DD'. */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** Running time as 'Nч Mм', e.g. 125 → '2ч 5м'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)}ч ${total % 60}м`;
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const asUtcDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** '2026-11-21' → '21 ноября'. */
export const formatDayMonth = (date: string): string => dayMonth.format(asUtcDate(date));

const weekday = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });

/**
 * A date chip of the schedule: «Сегодня, 21 ноября», «Завтра, 22 ноября», «пт, 27 ноября», with the
 * year when it is not this one («пн, 8 февраля 2027»).
 */
export function formatDateChip(date: string, today: string): string {
  const dayAndMonth = formatDayMonth(date) + (date.slice(0, 4) === today.slice(0, 4) ? '' : ` ${date.slice(0, 4)}`);
  if (date === today) return `Сегодня, ${dayAndMonth}`;
  if (date === addDays(today, 1)) return `Завтра, ${dayAndMonth}`;
  return `${weekday.format(asUtcDate(date))}, ${dayAndMonth}`;
}

/** The cinema-day date of an instant (ISO 8601), e.g. a publication: '21 ноября 2026 г.' */
export const formatInstantDate = (iso: string): string => formatDate(toCinemaDate(new Date(iso)));

/** The 'HH:mm' of a cinema time 'YYYY-MM-DD HH:mm:ss'. */
export const formatTime = (cinemaTime: string): string => cinemaTime.slice(11, 16);

/** A hall where the cinema (`cinema`: its name) is understood: 'Кинотеатр «Ракета» Зал 1' → 'Зал 1'. */
export const shortHallName = (name: string, cinema: string | undefined): string =>
  (cinema && name.startsWith(cinema) ? name.slice(cinema.length).trim() : '') || name;

/** 'драма' → 'Драма'. */
export const capitalize = (text: string): string => text.charAt(0).toLocaleUpperCase('ru') + text.slice(1);

/** Genre names with the first letter capitalised, joined by ', '; '...' when there are none. */
export function genreLine(genres: readonly { genre: { name: string } }[]): string {
  if (genres.length === 0) return '...';
  return genres.map(({ genre }) => capitalize(genre.name)).join(', ');
}
