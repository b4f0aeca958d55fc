import { formatPeriod } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Picture } from '../../../shared/ui/picture';
import { QueryState } from '../../../shared/ui/query-state';
import { useStocks } from '../api/stocks';
import styles from './stock-list.module.css';

/** /stocks: running and coming promotions (image, title, text), each linking to its page. */
export function StockList() {
  const stocks = useStocks();
  return (
    <QueryState
      query={stocks}
      loading="Загрузка акций..."
      error="Не удалось загрузить акции"
      empty="Сейчас акций нет"
      isEmpty={(list) => list.length === 0}
    >
      {(list) => (
        <ul className={styles.list}>
          {list.map((stock, i) => (
            <li key={stock.id}>
              <Link to={paths.stock(stock.id)} className={styles.card}>
                <Picture src={stock.img} alt="" width={640} height={360} className={styles.image} eager={i === 0} />
                <div className={styles.body}>
                  <h2 className={styles.title}>{stock.title}</h2>
                  <p className={styles.period}>{formatPeriod(stock.date_start, stock.date_end)}</p>
                  <p className={styles.text}>{stock.text}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
