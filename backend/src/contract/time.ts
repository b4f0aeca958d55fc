/**
 * Cinema wall-clock time. Session times travel as 'YYYY-MM-DD HH:mm:ss' in CINEMA_TIME_ZONE, so
 * the server, the workers and every browser agree on "today" and on "already started" whatever
 * their own time zone; such strings compare correctly as plain strings.
 */
import { CINEMA_TIME_ZONE } from './constants';

const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CINEMA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

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

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
