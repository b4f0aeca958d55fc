/** /admin/dashboard/stock: every promotion, past and coming (id, image, title, text, start, end); add button. */
import { formatShortTime } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { Picture } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { SearchField } from '../../../shared/ui/search-field';

export function AdminStocks() {
  const [q, setQ] = useSearchParam('q');
  return (
    <ResourceTable
      title="Акции"
      endpoint="GET /stocks/admin"
      filters={{ q: q || undefined }}
      add={{ label: 'Добавить акцию', to: paths.adminStockCreate, resource: 'stock' }}
      toolbar={<SearchField label="Поиск по названию" value={q} onSearch={setQ} />}
      columns={[
        { header: 'ID', cell: (s) => s.id, numeric: true },
        { header: 'Изображение', cell: (s) => <Picture src={s.img} alt={s.title} width={96} height={54} /> },
        { header: 'Название', cell: (s) => <Link to={paths.stock(s.id)}>{s.title}</Link> },
        { header: 'Текст', cell: (s) => s.text },
        { header: 'Начало', cell: (s) => formatShortTime(s.date_start), nowrap: true },
        { header: 'Окончание', cell: (s) => formatShortTime(s.date_end), nowrap: true },
      ]}
      loading="Загрузка акций..."
      empty={q ? 'Ничего не найдено' : 'Акций пока нет'}
      error="Не удалось загрузить акции"
    />
  );
}
