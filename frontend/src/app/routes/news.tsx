import { NewsGrid } from '../../features/news/components/news-grid';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /news */
export default function NewsPage() {
  useDocumentTitle('Новости');
  return (
    <>
      <h1>Новости</h1>
      <NewsGrid />
    </>
  );
}
