import { CINEMA } from '@kino/backend/contract';
import { useState } from 'react';
import { useCookieConsent } from '../../../shared/lib/cookie-consent';
import styles from './about-cinema.module.css';

const MAP_HEIGHT = 465;

/**
 * The cinema's contacts, hours, directions, parking, halls and age-rating rules, and its map: fixed in
 * the page, not fetched (docs/product.md §1 and §2; the values are CINEMA's, in the contract).
 */
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
          <dt>Часы работы</dt>
          <dd>
            Ежедневно с {CINEMA.openingHours.opens} до {CINEMA.openingHours.closes}
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
        <div className={styles.visit}>
          <section aria-labelledby="about-way">
            <h3 id="about-way">Как добраться</h3>
            <ul>
              {CINEMA.directions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="about-parking">
            <h3 id="about-parking">Парковка</h3>
            <p>{CINEMA.parking}</p>
          </section>
          <section aria-labelledby="about-halls">
            <h3 id="about-halls">Залы</h3>
            <ul>
              {CINEMA.halls.map((hall) => (
                <li key={hall.name}>
                  <strong>{hall.name}</strong> — {hall.about}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="about-age">
            <h3 id="about-age">Возрастные ограничения</h3>
            <p>
              Знак у фильма — возраст, с которого его можно смотреть. На фильмы 18+ мы пускаем только взрослых: перед
              покупкой вас попросят это подтвердить, а на входе могут попросить паспорт. Детей младше указанного
              возраста на сеанс не пропустят даже со взрослыми.
            </p>
          </section>
        </div>
      </div>
      <CinemaMap />
    </section>
  );
}

/**
 * The map is Yandex's page, which sets its own cookies: it loads with the page only after the viewer accepted
 * them in the cookie notice, and otherwise when they ask for it (REGISTRIES.md §4.2).
 */
function CinemaMap() {
  const { choice } = useCookieConsent();
  const [asked, setAsked] = useState(false);
  if (choice === 'all' || asked) {
    return (
      <iframe
        className={styles.map}
        src={CINEMA.mapFrameUrl}
        title="Карта расположения кинотеатра"
        height={MAP_HEIGHT}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }
  return (
    <div className={`${styles.map} ${styles.mapFacade}`} style={{ height: MAP_HEIGHT }}>
      <p>Карта Яндекса сохраняет свои cookie, поэтому мы не загружаем её без вашего согласия.</p>
      <button type="button" className={styles.mapButton} onClick={() => setAsked(true)}>
        Показать карту
      </button>
      <a href={CINEMA.mapsUrl} target="_blank" rel="noopener noreferrer">
        Открыть в Яндекс Картах
      </a>
    </div>
  );
}
