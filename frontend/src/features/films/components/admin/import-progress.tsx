/**
 * What a running Kinopoisk import shows: a moving bar, what is happening and the seconds so far,
 * so the staff member sees the work go on (a cast of forty people takes a while on a slow network).
 */
import { useEffect, useState } from 'react';
import styles from './film-admin.module.css';

export function ImportProgress({ label }: { label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.progress} role="status">
      <progress aria-label={label} />
      <span>
        {label}… {seconds > 0 && `${seconds} с`}
      </span>
    </div>
  );
}
