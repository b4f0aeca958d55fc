/**
 * The schedule's warning when a week falls short of Минкультуры's rule (REGISTRIES.md §4.3): a national
 * film needs two subtitled sessions a week, one of them 18:00–22:00. Shown to those who may read the
 * subtitles report, with a link to it.
 */
import { formatDayWithWeekday, isoWeekOf } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useApiQuery } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import styles from './admin-sessions.module.css';

export function SubtitlesWarning({ date }: { date: string }) {
  const allowed = useCan()('subtitles', 'read');
  const week = isoWeekOf(date);
  const report = useApiQuery('GET /reports/accessibility', { query: { week } }, { enabled: allowed });
  const short = report.data?.films.filter((film) => !film.compliant) ?? [];
  if (!allowed || short.length === 0) return null;
  return (
    <div className={styles.warning} role="note" aria-label="Сеансы с субтитрами">
      <p>
        {`Неделя ${formatDayWithWeekday(report.data!.from)} — ${formatDayWithWeekday(report.data!.to)}: национальным фильмам нужно не меньше двух сеансов с субтитрами, один из них с 18:00 до 22:00.`}
      </p>
      <ul>
        {short.map((film) => (
          <li key={film.id}>
            {`«${film.title}»: с субтитрами ${film.subtitled_sessions} из ${film.sessions}${film.evening_subtitled ? '' : ', нет вечернего'}`}
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.adminSubtitles(week)}>Отчёт о субтитрах за неделю</Link>
      </p>
    </div>
  );
}
