import { cinemaName, DOCUMENT_LABELS, DOCUMENT_SLUGS } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCinema } from '../cinema/use-cinema';
import { reopenCookieNotice } from '../lib/cookie-consent';
import styles from './footer.module.css';

/** The cinema's name and social links, and the legal entity that sells the tickets (the settings). */
export function Footer() {
  const cinema = useCinema();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copy}>
          © {new Date().getFullYear()} {cinemaName(cinema)}
        </p>
        {cinema && cinema.social.length > 0 && (
          <ul className={styles.social} aria-label="Мы в соцсетях">
            {cinema.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className={styles.socialLink}>
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {cinema && (
          <p className={styles.legal}>
            {cinema.legal_name}, ИНН {cinema.inn}, ОГРН{cinema.ogrn.length === 15 ? 'ИП' : ''} {cinema.ogrn}.{' '}
            {cinema.legal_address}
          </p>
        )}
      </div>
      <nav className={styles.documents} aria-label="Документы">
        <ul>
          {DOCUMENT_SLUGS.map((slug) => (
            <li key={slug}>
              <Link to={paths.document(slug)}>{DOCUMENT_LABELS[slug]}</Link>
            </li>
          ))}
          <li>
            <Link to={paths.accessibility}>Сеансы с субтитрами и тифлокомментарием</Link>
          </li>
          <li>
            <button type="button" className={styles.cookieSettings} onClick={reopenCookieNotice}>
              Настройки cookie
            </button>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
