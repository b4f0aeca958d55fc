import type { ReactNode } from 'react';
import { Picture } from './picture';
import styles from './article-page.module.css';

/** A page to read (a news article, a promotion): cover image, title, then the content. */
export function ArticlePage({ image, title, children }: { image: string | null; title: string; children: ReactNode }) {
  return (
    <article className={styles.article} aria-labelledby="article-title">
      <Picture src={image} alt="" width={1200} height={600} className={styles.cover} eager />
      <h1 id="article-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </article>
  );
}
