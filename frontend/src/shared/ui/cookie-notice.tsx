import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { saveCookieChoice, useCookieConsent } from '../lib/cookie-consent';
import styles from './cookie-notice.module.css';

/**
 * The first visit's notice (REGISTRIES.md §4.2): what the site stores without asking, and the one third party
 * that waits for a yes (the map). Not modal: the page stays usable, and only the strictly necessary is stored
 * until the viewer answers.
 */
export function CookieNotice() {
  const { asking } = useCookieConsent();
  if (!asking) return null;
  return (
    <section className={styles.notice} aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title" className={styles.title}>
        Cookie и данные в браузере
      </h2>
      <p className={styles.text}>
        Мы храним в браузере только то, без чего сайт не работает: вход в аккаунт и выбранные билеты. Карта Яндекса на
        странице о кинотеатре сохраняет свои cookie, поэтому загрузится, только если вы согласитесь.{' '}
        <Link to={paths.document('cookies')}>Политика cookie</Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => saveCookieChoice('all')}>
          Принять все
        </button>
        <button type="button" className={styles.secondary} onClick={() => saveCookieChoice('necessary')}>
          Только необходимые
        </button>
      </div>
    </section>
  );
}
