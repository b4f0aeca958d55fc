import { paths } from '../../../config/paths';
import { formatInstantDate } from '../../../shared/lib/format';
import { MediaCard } from '../../../shared/ui/media-card';
import { QueryState } from '../../../shared/ui/query-state';
import { useNewsList } from '../api/news';
import styles from './news-grid.module.css';

/** /news: a grid of cards (image, title) linking to the articles. */
export function NewsGrid() {
  const news = useNewsList();
  return (
    <QueryState
      query={news}
      loading="Загрузка новостей..."
      error="Не удалось загрузить новости"
      empty="Новостей пока нет"
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <ul className={styles.grid}>
          {list.map((item, i) => (
            <li key={item.id}>
              <MediaCard
                to={paths.newsItem(item.id)}
                image={item.main_img}
                shape="landscape"
                title={item.title}
                titleAs="h2"
                eager={i < 2}
              >
                <time dateTime={item.created_at}>{formatInstantDate(item.created_at)}</time>
              </MediaCard>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
