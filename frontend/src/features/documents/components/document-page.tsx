import type { PublishedDocument } from '@kino/backend/contract';
import { formatInstantDate } from '../../../shared/lib/format';
import styles from './document-page.module.css';

/**
 * A cinema document as published: its title, version and date, and its text — HTML the server rendered from
 * markdown with raw HTML escaped (modules/documents/render.ts), so it is inserted as it is.
 */
export function DocumentPage({ document }: { document: PublishedDocument }) {
  return (
    <article className={styles.document} aria-labelledby="document-title">
      <h1 id="document-title" className={styles.title}>
        {document.title}
      </h1>
      <p className={styles.meta}>
        Редакция {document.version} от {formatInstantDate(document.published_at)}
      </p>
      <div className={styles.text} dangerouslySetInnerHTML={{ __html: document.html }} />
    </article>
  );
}
