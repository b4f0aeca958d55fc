import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useStock } from '../../features/stocks/api/stocks';
import { StockDetail } from '../../features/stocks/components/stock-detail';
import { usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';
import { JsonLd } from '../../shared/seo/json-ld';
import { promotion } from '../../shared/seo/structured-data';
import { useSeoSite } from '../../shared/seo/use-seo-site';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /stocks/{id} */
export default function StockPage() {
  const { id = '' } = useParams();
  const stock = useStock(id);
  const site = useSeoSite();
  const data = stock.data;
  usePageMeta(data ? { title: data.title, description: summary(data.text), image: data.img } : { title: 'Акция' });
  return (
    <QueryState
      query={stock}
      loading="Загрузка акции..."
      error="Не удалось загрузить акцию"
      notFound={<Missing title="Акция не найдена" back={{ to: paths.stocks, label: 'Все акции' }} />}
    >
      {(data) => (
        <>
          <StockDetail stock={data} />
          {site && <JsonLd data={promotion(site, data)} />}
        </>
      )}
    </QueryState>
  );
}
