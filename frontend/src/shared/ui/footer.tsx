import { CINEMA } from '@kino/backend/contract';
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
    </footer>
  );
}
