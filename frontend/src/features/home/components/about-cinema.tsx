import { cinemaAddress, mapFrameUrl, mapsUrl, phoneHref, type CinemaSettings } from '@kino/backend/contract';
import { useState } from 'react';
import { useCinema } from '../../../shared/cinema/use-cinema';
import { useCookieConsent } from '../../../shared/lib/cookie-consent';
import styles from './about-cinema.module.css';

const MAP_HEIGHT = 465;

/**
 * The cinema's contacts, hours, directions, parking, halls and age-rating rules, and its map (docs/product.md
 * §1 and §2): the settings the admin keeps, rendered with the page.
 */
export function AboutCinema() {
  const cinema = useCinema();
  if (!cinema) return null;
  return (
    <section className={styles.about} aria-labelledby="about-title">
      <div className={styles.contacts}>
        <h2 id="about-title">О кинотеатре</h2>
        <p className={styles.lead}>
          {cinema.name} — уютный городской кинотеатр: новинки проката, любимая классика и премьеры в залах с хорошим
          звуком.
        </p>
        <dl className={styles.list}>
          <dt>Адрес</dt>
          <dd>
            <a href={mapsUrl(cinema)} target="_blank" rel="noopener noreferrer">
              {cinemaAddress(cinema)}
            </a>
          </dd>
          <dt>Часы работы</dt>
          <dd>
            Ежедневно с {cinema.opens} до {cinema.closes}
          </dd>
          <dt>Телефон</dt>
          <dd>
            <a href={phoneHref(cinema.phone)}>{cinema.phone}</a>
          </dd>
          <dt>Почта</dt>
          <dd>
            <a href={`mailto:${cinema.email}`}>{cinema.email}</a>
          </dd>
        </dl>
        <div className={styles.visit}>
          {cinema.directions.length > 0 && (
            <section aria-labelledby="about-way">
              <h3 id="about-way">Как добраться</h3>
              <ul>
                {cinema.directions.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          {cinema.parking && (
            <section aria-labelledby="about-parking">
              <h3 id="about-parking">Парковка</h3>
              <p>{cinema.parking}</p>
            </section>
          )}
          {cinema.halls.length > 0 && (
            <section aria-labelledby="about-halls">
              <h3 id="about-halls">Залы</h3>
              <ul>
                {cinema.halls.map((hall) => (
                  <li key={hall.name}>
                    <strong>{hall.name}</strong>
                    {hall.about && ` — ${hall.about}`}
                  </li>
                ))}
              </ul>
            </section>
          )}
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
      <CinemaMap cinema={cinema} />
    </section>
  );
}

/**
 * The map is Yandex's page, which sets its own cookies: it loads with the page only after the viewer accepted
 * them in the cookie notice, and otherwise when they ask for it (REGISTRIES.md §4.2).
 */
function CinemaMap({ cinema }: { cinema: CinemaSettings }) {
  const { choice } = useCookieConsent();
  const [asked, setAsked] = useState(false);
  if (choice === 'all' || asked) {
    return (
      <iframe
        className={styles.map}
        src={mapFrameUrl(cinema)}
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
      <a href={mapsUrl(cinema)} target="_blank" rel="noopener noreferrer">
        Открыть в Яндекс Картах
      </a>
    </div>
  );
}
