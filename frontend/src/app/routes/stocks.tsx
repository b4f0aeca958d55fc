import { useStocks } from '../../features/stocks/api/stocks';
import { StockList } from '../../features/stocks/components/stock-list';
import { usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';

/** /stocks */
export default function StocksPage() {
  const stocks = useStocks().data ?? [];
  usePageMeta({
    title: 'Акции',
    description: summary(
      stocks.length
        ? `Акции кинотеатра: ${stocks.map((stock) => `«${stock.title}» — ${stock.text}`).join(' ')}`
        : 'Акций сейчас нет: следите за новостями кинотеатра.',
    ),
    image: stocks[0]?.img,
  });
  return (
    <>
      <h1>Акции</h1>
      <StockList />
    </>
  );
}
