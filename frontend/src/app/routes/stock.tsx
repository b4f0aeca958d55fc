import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useStock } from '../../features/stocks/api/stocks';
import { StockDetail } from '../../features/stocks/components/stock-detail';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /stocks/{id} */
export default function StockPage() {
  const { id = '' } = useParams();
  const stock = useStock(id);
  useDocumentTitle(stock.data?.title ?? 'Акция');
  return (
    <QueryState
      query={stock}
      loading="Загрузка акции..."
      error="Не удалось загрузить акцию"
      notFound={<Missing title="Акция не найдена" back={{ to: paths.stocks, label: 'Все акции' }} />}
    >
      {(data) => <StockDetail stock={data} />}
    </QueryState>
  );
}
