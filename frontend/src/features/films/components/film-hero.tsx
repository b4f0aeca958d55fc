import type { FilmDetail } from '@kino/backend/contract';
import type { ReactNode } from 'react';
import { AgeBadge } from '../../../shared/ui/age-badge';
import styles from './film-hero.module.css';
import { PromoBackdrop } from './promo-backdrop';

interface FilmHeroProps {
  film: FilmDetail;
  /** The buy-ticket button and the favourite toggle, provided by the page. */
  actions: ReactNode;
}

/** The film page's banner: promo image, age, title and actions. */
export function FilmHero({ film, actions }: FilmHeroProps) {
  return (
    <header>
      <PromoBackdrop image={film.promo_img ?? film.poster} className={styles.size} eager>
        <AgeBadge age={film.age} />
        <h1 className={styles.title}>{film.title}</h1>
        <div className={styles.actions}>{actions}</div>
      </PromoBackdrop>
    </header>
  );
}

/** The look of the hero's main action, for the buy button the page passes in. */
export const heroActionClass = styles.action;
