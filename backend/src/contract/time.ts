/**
 * Cinema wall-clock time. Session times travel as 'YYYY-MM-DD HH:mm:ss' in the cinema's zone, so
 * the server, the workers and every browser agree on "today" and on "already started" whatever
 * their own time zone; such strings compare correctly as plain strings.
 *
 * The zone is configuration (CINEMA_TIMEZONE): each process sets it once at start-up — the server
 * from its config (createContext), the browser from the page's <meta name="cinema-time-zone">,
 * which whoever serves index.html fills in (the API, or nginx in compose).
 */
import { DEFAULT_CINEMA_TIME_ZONE } from './constants';

const clockOf = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

let zone: string = DEFAULT_CINEMA_TIME_ZONE;
let wallClock = clockOf(zone);

/** Sets the cinema's zone for this process (an IANA name; throws RangeError for an unknown one). */
export function setCinemaTimeZone(timeZone: string): void {
  wallClock = clockOf(timeZone);
  zone = timeZone;
}

/** The cinema's zone in force, e.g. 'Europe/Moscow'. */
export const cinemaTimeZone = (): string => zone;

/** 'YYYY-MM-DD HH:mm:ss' of an instant, in the cinema's zone. */
export function toCinemaTime(instant: Date): string {
  return wallClock.format(instant).replace('T', ' ');
}

/** 'YYYY-MM-DD' of an instant, in the cinema's zone. */
export const toCinemaDate = (instant: Date): string => toCinemaTime(instant).slice(0, 10);

/** The cinema's current wall-clock time. */
export const cinemaNow = (): string => toCinemaTime(new Date());

/**
 * The instant of a cinema wall-clock time ('YYYY-MM-DD HH:mm[:ss]' or with 'T').
 * Throws RangeError for text that is not such a time.
 */
export function fromCinemaTime(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`Not a cinema time: ${text}`);
  const [, y, mo, d, h, mi, s = '00'] = m;
  const asUtc = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s);
  // The zone's offset at that moment: format the UTC guess back and see how far it lands.
  const guess = new Date(asUtc);
  const offset = Date.parse(toCinemaTime(guess).replace(' ', 'T') + 'Z') - asUtc;
  const instant = new Date(asUtc - offset);
  if (toCinemaTime(instant) !== `${y}-${mo}-${d} ${h}:${mi}:${s}`) throw new RangeError(`Not a cinema time: ${text}`);
  return instant;
}

/**
 * A cinema wall-clock time as ISO 8601 with the cinema's offset at that moment, as structured data
 * (schema.org) writes it: '2026-03-10 19:30:00' → '2026-03-10T19:30:00+03:00'.
 */
export function toCinemaIso(cinemaTime: string): string {
  const local = toCinemaTime(fromCinemaTime(cinemaTime)).replace(' ', 'T');
  const offset = Math.round((Date.parse(`${local}Z`) - fromCinemaTime(cinemaTime).getTime()) / 60_000);
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
