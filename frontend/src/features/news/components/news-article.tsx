import { ROLE_LABELS, type NewsDetail } from '@kino/backend/contract';
import { formatInstantDate } from '../../../shared/lib/format';
import { ArticlePage } from '../../../shared/ui/article-page';
import { Picture } from '../../../shared/ui/picture';
import styles from './news-article.module.css';

/**
 * An article as GET /api/news/{id} answers it (its blocks in order, each with `news.user`): image,
 * title, the blocks, and the author block (avatar, name, role).
 */
export function NewsArticle({ items }: { items: NewsDetail }) {
  const news = items[0]!.news;
  return (
    <ArticlePage image={news.main_img} title={news.title}>
      <time className={styles.date} dateTime={news.created_at}>
        {formatInstantDate(news.created_at)}
      </time>
      <div className={styles.body}>
        {items.map((item) => {
          if (item.title !== null) return <h2 key={item.id}>{item.title}</h2>;
          if (item.img !== null) {
            return <Picture key={item.id} src={item.img} alt="" width={1200} height={675} className={styles.image} />;
          }
          return <p key={item.id}>{item.text}</p>;
        })}
      </div>
      <footer className={styles.author} aria-label="Автор">
        <Picture src={news.user.avatar} alt="" width={56} height={56} className={styles.avatar} />
        <div>
          <p className={styles.name}>{news.user.fio}</p>
          <p className={styles.role}>{ROLE_LABELS[news.user.role]}</p>
        </div>
      </footer>
    </ArticlePage>
  );
}
