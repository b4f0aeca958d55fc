import type { PersonDetail } from '@kino/backend/contract';
import type { ReactNode } from 'react';
import { ageOn, capitalize, formatDate, formatYears, plural } from '../../../shared/lib/format';
import { Facts, type Fact } from '../../../shared/ui/facts';
import { Picture } from '../../../shared/ui/picture';
import { careers, personGenres, yearRange } from '../lib/person';
import styles from './person-profile.module.css';

function personFacts(person: PersonDetail, today: string): Fact[] {
  const range = yearRange(person.movies);
  const genres = personGenres(person.movies);
  const facts: (Fact | false)[] = [
    person.birthday !== null && {
      icon: 'calendar',
      label: 'Дата рождения',
      value: `${formatDate(person.birthday)} (${formatYears(ageOn(person.birthday, today))})`,
    },
    careers(person.role).length > 0 && { icon: 'person', label: 'Карьера', value: careers(person.role).join(', ') },
    person.place_birthday !== null && { icon: 'place', label: 'Место рождения', value: person.place_birthday },
    genres.length > 0 && {
      icon: 'genre',
      label: 'Жанры',
      value: genres.map((g) => capitalize(g.genre.name)).join(', '),
    },
    {
      icon: 'film',
      label: 'Всего фильмов',
      value: `${person.films_count} ${plural(person.films_count, ['фильм', 'фильма', 'фильмов'])}${range ? `, ${range}` : ''}`,
    },
  ];
  return facts.filter((f): f is Fact => f !== false);
}

interface PersonProfileProps {
  person: PersonDetail;
  /** The cinema's today, 'YYYY-MM-DD', for the age. */
  today: string;
  /** The favourite toggle, provided by the page. */
  actions?: ReactNode;
}

/** Photo, name and facts: birth date with age, career, birthplace, genres, films and years. */
export function PersonProfile({ person, today, actions }: PersonProfileProps) {
  return (
    <header className={styles.profile}>
      <Picture src={person.main_img} alt={person.fio} width={320} height={427} className={styles.photo} eager />
      <div className={styles.body}>
        <h1 className={styles.name}>{person.fio}</h1>
        <Facts facts={personFacts(person, today)} label="О персоне" />
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
