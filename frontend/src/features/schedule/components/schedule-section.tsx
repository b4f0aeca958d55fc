import type { ScheduleFilm } from '@kino/backend/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { QueryState } from '../../../shared/ui/query-state';
import { SelectField } from '../../../shared/ui/form';
import { Section } from '../../../shared/ui/section';
import { useSchedules } from '../api/schedules';
import { allSessions, defaultDate, filmsOn, filmsWithAccess, sessionDates, type AccessFilter } from '../lib/sessions';
import { useCinemaNow } from '../lib/use-cinema-now';
import { DatePicker } from './date-picker';
import { ScheduleFilmCard } from './schedule-film-card';
import styles from './schedule-section.module.css';

/** The home page's schedule ('Афиша', anchor #schedule): dates with sessions, then the films of the chosen date. */
export function ScheduleSection() {
  const schedules = useSchedules();
  const now = useCinemaNow();
  const today = now.slice(0, 10);
  return (
    <Section id="schedule-block" anchor="schedule" title="Афиша">
      <QueryState
        query={schedules}
        loading="Загрузка расписания..."
        error="Не удалось загрузить расписание"
        empty="Сеансов пока нет"
        isEmpty={(films) => sessionDates(allSessions(films), today).length === 0}
      >
        {(films) => <ScheduleBoard films={films} now={now} />}
      </QueryState>
      <p className={styles.catalogue}>
        <Link to={paths.films}>Все фильмы кинотеатра</Link>
      </p>
    </Section>
  );
}

const ACCESS_CHOICES: Record<AccessFilter, string> = {
  all: 'Все сеансы',
  subtitles: 'С субтитрами',
  audio_description: 'С тифлокомментарием',
};

function ScheduleBoard({ films: all, now }: { films: ScheduleFilm[]; now: string }) {
  const today = now.slice(0, 10);
  const [access, setAccess] = useState<AccessFilter>('all');
  const films = filmsWithAccess(all, access);
  const sessions = allSessions(films);
  const dates = sessionDates(sessions, today);
  const [chosen, setChosen] = useState<string>();
  // The chosen date, until it leaves the bill (e.g. at midnight); then the default again.
  const date = chosen && dates.includes(chosen) ? chosen : defaultDate(sessions, now);
  return (
    <>
      <div className={styles.access}>
        <SelectField
          label="Доступность"
          name="access"
          value={access}
          onChange={(event) => setAccess(event.target.value as AccessFilter)}
        >
          {Object.entries(ACCESS_CHOICES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {date === undefined ? (
        <p role="status">
          {access === 'all' ? 'Сеансов пока нет' : `Сеансов ${ACCESS_CHOICES[access].toLowerCase()} пока нет`}
        </p>
      ) : (
        <>
          <DatePicker dates={dates} today={today} value={date} onChange={setChosen} label="Дата сеанса" />
          <div className={styles.films}>
            {filmsOn(films, date).map((film) => (
              <ScheduleFilmCard key={film.id} film={film} now={now} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
