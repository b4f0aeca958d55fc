import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useNewsArticle } from '../../features/news/api/news';
import { NewsArticle } from '../../features/news/components/news-article';
import { usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';
import { JsonLd } from '../../shared/seo/json-ld';
import { newsArticle } from '../../shared/seo/structured-data';
import { useSeoSite } from '../../shared/seo/use-seo-site';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /news/{id} */
export default function NewsArticlePage() {
  const { id = '' } = useParams();
  const news = useNewsArticle(id);
  const site = useSeoSite();
  const article = news.data?.[0]?.news;
  const text = news.data?.map((item) => item.text ?? item.title ?? '').join(' ');
  usePageMeta(
    article
      ? {
          title: article.title,
          description: text ? summary(text) : undefined,
          image: article.main_img,
          type: 'article',
        }
      : { title: 'Новость' },
  );
  return (
    <QueryState
      query={news}
      loading="Загрузка новости..."
      error="Не удалось загрузить новость"
      notFound={<Missing title="Новость не найдена" back={{ to: paths.news, label: 'Все новости' }} />}
    >
      {(items) => (
        <>
          <NewsArticle items={items} />
          {site && <JsonLd data={newsArticle(site, items)} />}
        </>
      )}
    </QueryState>
  );
}
