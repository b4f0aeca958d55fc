import { formatShortTime } from '@kino/backend/contract';

/** How staff name a session in notices and buttons: «Дюна» 25.11.2026 19:30, Зал 1. */
export function sessionLabel(session: { movie: { title: string }; start_time: string; hall: { name: string } }) {
  return `«${session.movie.title}» ${formatShortTime(session.start_time)}, ${session.hall.name}`;
}
