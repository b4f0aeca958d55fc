import { CINEMA, DOCUMENT_LABELS, DOCUMENT_SLUGS } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { reopenCookieNotice } from '../lib/cookie-consent';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copy}>
          © {new Date().getFullYear()} {CINEMA.name}
        </p>
        <ul className={styles.social} aria-label="Мы в соцсетях">
          {CINEMA.social.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.socialLink}>
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <nav className={styles.documents} aria-label="Документы">
        <ul>
          {DOCUMENT_SLUGS.map((slug) => (
            <li key={slug}>
              <Link to={paths.document(slug)}>{DOCUMENT_LABELS[slug]}</Link>
            </li>
          ))}
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
