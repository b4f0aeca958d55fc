import { ACTOR_ROLE, trailerEmbed, type FilmDetail } from '@kino/backend/contract';
import { formatDuration, genreLine, plural } from '../../../shared/lib/format';
import { Facts, type Fact } from '../../../shared/ui/facts';
import { Section } from '../../../shared/ui/section';
import { formatRating } from '../lib/rating';
import { RatingStars } from './rating-stars';
import { TrailerEmbed } from './trailer-embed';
import styles from './film-about.module.css';

const TRAILER_ANCHOR = 'trailer';
/** How many actors the quick facts name; the actors slider shows all. */
const ACTORS_IN_FACTS = 4;

const formatBudget = (dollars: number) => `$${dollars.toLocaleString('ru-RU')}`;

function filmFacts(film: FilmDetail): Fact[] {
  const actors = film.persons.filter((p) => p.role === ACTOR_ROLE).map((p) => p.person.fio);
  const reviews = film.review.length;
  const facts: (Fact | false)[] = [
    { icon: 'genre', label: 'Жанр', value: genreLine(film.genres) },
    actors.length > 0 && {
      icon: 'person',
      label: 'В ролях',
      value: actors.slice(0, ACTORS_IN_FACTS).join(', ') + (actors.length > ACTORS_IN_FACTS ? ' и другие' : ''),
    },
    film.countries.length > 0 && {
      icon: 'globe',
      label: film.countries.length > 1 ? 'Страны' : 'Страна',
      value: film.countries.map((c) => c.country.name).join(', '),
    },
    film.rating !== null && { icon: 'star', label: 'Рейтинг', value: formatRating(film.rating) },
    film.budget !== null && { icon: 'money', label: 'Бюджет', value: formatBudget(film.budget) },
    film.year !== null && { icon: 'calendar', label: 'Год', value: film.year },
    { icon: 'clock', label: 'Время', value: formatDuration(film.time) },
    {
      icon: 'chat',
      label: 'Отзывы',
      value: <a href="#reviews">{`${reviews} ${plural(reviews, ['отзыв', 'отзыва', 'отзывов'])}`}</a>,
    },
    trailerEmbed(film.trailer) !== null && {
      icon: 'play',
      label: 'Трейлер',
      value: <a href={`#${TRAILER_ANCHOR}`}>Смотреть трейлер</a>,
    },
  ];
  return facts.filter((f): f is Fact => f !== false);
}

/** Description, quick facts, the rating block and the trailer. */
export function FilmAbout({ film }: { film: FilmDetail }) {
  return (
    <Section id="film-about" title="О фильме">
      <div className={styles.layout}>
        <div>
          <p className={styles.description}>{film.description || 'Описание скоро появится.'}</p>
          <RatingStars rating={film.rating} filmId={film.id} />
        </div>
        <Facts facts={filmFacts(film)} label="Коротко о фильме" />
      </div>
      {trailerEmbed(film.trailer) && (
        <div id={TRAILER_ANCHOR} className={styles.trailer}>
          <TrailerEmbed link={film.trailer} title={`Трейлер «${film.title}»`} cover={film.promo_img} />
        </div>
      )}
    </Section>
  );
}
