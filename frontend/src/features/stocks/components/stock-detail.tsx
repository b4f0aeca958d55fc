import { formatPeriod, type Stock } from '@kino/backend/contract';
import { ArticlePage } from '../../../shared/ui/article-page';
import styles from './stock-detail.module.css';

/** A promotion's page: image, title, period, text. */
export function StockDetail({ stock }: { stock: Stock }) {
  return (
    <ArticlePage image={stock.img} title={stock.title}>
      <p className={styles.period}>{formatPeriod(stock.date_start, stock.date_end)}</p>
      <p className={styles.text}>{stock.text}</p>
    </ArticlePage>
  );
}
