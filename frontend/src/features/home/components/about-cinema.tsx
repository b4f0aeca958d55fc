import { CINEMA } from '@kino/backend/contract';
import styles from './about-cinema.module.css';

const MAP_HEIGHT = 465;

/** The cinema's contacts and map: fixed in the page, not fetched (SPEC sections 1 and 2). */
export function AboutCinema() {
  return (
    <section className={styles.about} aria-labelledby="about-title">
      <div className={styles.contacts}>
        <h2 id="about-title">О кинотеатре</h2>
        <p className={styles.lead}>
          {CINEMA.name} — уютный городской кинотеатр: новинки проката, любимая классика и премьеры в залах с хорошим
          звуком.
        </p>
        <dl className={styles.list}>
          <dt>Адрес</dt>
          <dd>
            <a href={CINEMA.mapsUrl} target="_blank" rel="noopener noreferrer">
              {CINEMA.address}
            </a>
          </dd>
          <dt>Телефон</dt>
          <dd>
            <a href={CINEMA.phoneHref}>{CINEMA.phone}</a>
          </dd>
          <dt>Сайт</dt>
          <dd>
            <a href={CINEMA.site} target="_blank" rel="noopener noreferrer">
              {new URL(CINEMA.site).host}
            </a>
          </dd>
        </dl>
      </div>
      <iframe
        className={styles.map}
        src={CINEMA.mapFrameUrl}
        title="Карта расположения кинотеатра"
        height={MAP_HEIGHT}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    </section>
  );
}
