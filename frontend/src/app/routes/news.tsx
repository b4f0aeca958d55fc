import { useNewsList } from '../../features/news/api/news';
import { NewsGrid } from '../../features/news/components/news-grid';
import { usePageMeta } from '../../shared/lib/page-meta';
import { formatInstantDate } from '../../shared/lib/format';
import { summary } from '../../shared/lib/summary';

/** /news */
export default function NewsPage() {
  const news = useNewsList().data ?? [];
  const [latest, ...earlier] = news;
  usePageMeta({
    title: 'Новости',
    description: summary(
      latest
        ? `Новости кинотеатра. Последняя: «${latest.title}» (${formatInstantDate(latest.created_at)}).${
            earlier.length ? ` Ранее: ${earlier.map((item) => `«${item.title}»`).join(', ')}.` : ''
          }`
        : 'Новостей кинотеатра пока нет.',
    ),
    image: latest?.main_img,
  });
  return (
    <>
      <h1>Новости</h1>
      <NewsGrid />
    </>
  );
}
