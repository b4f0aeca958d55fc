import { addDays, type Session } from '@kino/backend/contract';
import { formatDayMonth, formatTime } from '../../../shared/lib/format';
import { isSessionPast } from './sessions';

/**
 * A film's next day of sessions in words, as a link preview shows it: 'сегодня в 19:30, 21:45',
 * 'завтра в 12:00', '3 декабря в 18:00'; undefined when no session is coming.
 */
export function nextShowings(sessions: readonly Session[], now: string): string | undefined {
  const coming = sessions
    .filter((s) => !isSessionPast(s, now))
    .toSorted((a, b) => a.start_time.localeCompare(b.start_time));
  const date = coming[0]?.start_time.slice(0, 10);
  if (!date) return undefined;
  const today = now.slice(0, 10);
  const day = date === today ? 'сегодня' : date === addDays(today, 1) ? 'завтра' : formatDayMonth(date);
  const times = coming.filter((s) => s.start_time.startsWith(date)).map((s) => formatTime(s.start_time));
  return `${day} в ${times.join(', ')}`;
}
