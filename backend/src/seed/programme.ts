/**
 * A hall's programme for one day, as a pure function of the date, the hall and the films: the same
 * inputs always give the same sessions. Shows run back to back from the morning until a last start
 * at 23:30, with a break for cleaning; family films in the morning, none of them late at night;
 * IMAX films only in the first hall, which shows the IMAX and 3D films.
 */
import { fromCinemaTime } from '../contract/time';

export interface ProgrammeFilm {
  id: number;
  /** Minutes. */
  time: number;
  age: number;
  typeGraphic: string;
}

export interface PlannedSession {
  filmId: number;
  startTime: Date;
  endTime: Date;
  /** Roubles. */
  price: number;
}

/** Minutes after midnight of each hall's first show (halls beyond the list open like the last). */
const OPENING = [9 * 60 + 30, 10 * 60, 10 * 60 + 20, 10 * 60 + 40];
const LAST_START = 23 * 60 + 30;
const CLEANING_BREAK = 15;
const MORNING_UNTIL = 12 * 60;
const FAMILY_UNTIL = 13 * 60;
const LATE_FROM = 21 * 60;

/** The sessions of hall number `hallIndex` (0 = the IMAX hall) on the cinema date 'YYYY-MM-DD'. */
export function planHallDay(date: string, hallIndex: number, films: readonly ProgrammeFilm[]): PlannedSession[] {
  const pool = poolFor(hallIndex, films);
  if (pool.length === 0) return [];
  const dayNumber = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  const sessions: PlannedSession[] = [];
  let previous: ProgrammeFilm | undefined;
  for (let minute = OPENING[Math.min(hallIndex, OPENING.length - 1)]!, slot = 0; minute <= LAST_START; slot++) {
    const film = pickFilm(pool, (dayNumber * 5 + hallIndex * 3 + slot * 7) % pool.length, minute, previous);
    const startTime = fromCinemaTime(`${date} ${clock(minute)}`);
    sessions.push({
      filmId: film.id,
      startTime,
      endTime: new Date(startTime.getTime() + film.time * 60_000),
      price: priceOf(minute, weekend, film.typeGraphic),
    });
    previous = film;
    minute = roundUp(minute + film.time + CLEANING_BREAK, 5);
  }
  return sessions;
}

function poolFor(hallIndex: number, films: readonly ProgrammeFilm[]) {
  const big = films.filter((f) => f.typeGraphic !== '2D');
  const regular = films.filter((f) => f.typeGraphic !== 'IMAX');
  if (hallIndex === 0 && big.length > 0) return big;
  return regular.length > 0 ? regular : films;
}

/** The film at `start` in the rotation, or the next one that suits the hour and differs from the last show. */
function pickFilm(pool: readonly ProgrammeFilm[], start: number, minute: number, previous?: ProgrammeFilm) {
  const suits = (f: ProgrammeFilm) =>
    f !== previous && (minute < FAMILY_UNTIL ? f.age <= 12 : minute >= LATE_FROM ? f.age >= 12 : true);
  for (let i = 0; i < pool.length; i++) {
    const film = pool[(start + i) % pool.length]!;
    if (suits(film)) return film;
  }
  return pool[start]!;
}

/** Dearer evenings and weekends, a surcharge for 3D and IMAX; mornings outside IMAX cost 250 ₽ (a promotion). */
function priceOf(minute: number, weekend: boolean, typeGraphic: string): number {
  if (minute < MORNING_UNTIL && typeGraphic !== 'IMAX') return 250;
  const base = minute < MORNING_UNTIL ? 250 : minute < 17 * 60 ? 350 : minute < LATE_FROM ? 450 : 400;
  const format = typeGraphic === 'IMAX' ? 200 : typeGraphic === '3D' ? 100 : 0;
  return base + (weekend ? 50 : 0) + format;
}

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
