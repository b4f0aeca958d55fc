import { StockList } from '../../features/stocks/components/stock-list';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /stocks */
export default function StocksPage() {
  useDocumentTitle('Акции');
  return (
    <>
      <h1>Акции</h1>
      <StockList />
    </>
  );
}
