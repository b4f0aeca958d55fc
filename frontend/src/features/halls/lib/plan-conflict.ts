/**
 * The 409 of PUT /api/halls/{id}/plan names the future sessions that sold or hold a seat the new
 * plan would remove or block. The details are read loosely (a session as an id or as an object with
 * its film, start and seats) so the screen names whatever the server sends, in Russian.
 */
import { formatShortTime, seatLabel, SEAT_CODE_RE, type SeatCode } from '@kino/backend/contract';

export interface ConflictSession {
  id: number;
  text: string;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

function titleOf(session: Record<string, unknown>): string | undefined {
  for (const name of ['movie', 'film']) {
    const film = session[name];
    const title = typeof film === 'string' ? film : text(record(film).title);
    if (title) return title;
  }
  return text(session.title) ?? text(session.film_title) ?? text(session.movie_title);
}

function seatsOf(session: Record<string, unknown>): string | undefined {
  const seats = [session.seats, session.seat_numbers, session.seat_number]
    .flat()
    .filter((s): s is SeatCode => typeof s === 'string' && SEAT_CODE_RE.test(s));
  if (seats.length === 0) return undefined;
  return seats.map((s) => seatLabel(s).toLowerCase()).join('; ');
}

/** The sessions in the way, each as one Russian line: 'Сеанс №12 «Дюна», 25.11.2026 19:30: ряд 1, место 3'. */
export function conflictSessions(details: unknown): ConflictSession[] {
  const list = record(details).sessions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): ConflictSession[] => {
    if (typeof item === 'number') return [{ id: item, text: `Сеанс №${item}` }];
    const session = record(item);
    const id = Number(session.id ?? session.schedule_id);
    if (!Number.isSafeInteger(id)) return [];
    const title = titleOf(session);
    const start = text(session.start_time);
    const seats = seatsOf(session);
    let line = `Сеанс №${id}`;
    if (title) line += ` «${title}»`;
    if (start) line += `, ${/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(start) ? formatShortTime(start) : start}`;
    if (seats) line += `: ${seats}`;
    return [{ id, text: line }];
  });
}
