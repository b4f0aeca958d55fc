import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useNewsArticle } from '../../features/news/api/news';
import { NewsArticle } from '../../features/news/components/news-article';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /news/{id} */
export default function NewsArticlePage() {
  const { id = '' } = useParams();
  const news = useNewsArticle(id);
  useDocumentTitle(news.data?.[0]?.news.title ?? 'Новость');
  return (
    <QueryState
      query={news}
      loading="Загрузка новости..."
      error="Не удалось загрузить новость"
      notFound={<Missing title="Новость не найдена" back={{ to: paths.news, label: 'Все новости' }} />}
    >
      {(items) => <NewsArticle items={items} />}
    </QueryState>
  );
}
