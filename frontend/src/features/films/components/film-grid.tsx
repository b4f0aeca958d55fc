import type { ReactNode } from 'react';
import styles from './film-grid.module.css';

/** A responsive grid of film cards. */
export function FilmGrid({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={wide ? styles.wide : styles.grid}>{children}</div>;
}
