/** /admin/dashboard/stock: every promotion, past and coming (id, image, title, text, start, end); add button. */
import { formatShortTime } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useArrivalNotice } from '../../../shared/lib/use-arrival-notice';
import { FormMessage } from '../../../shared/ui/form';
import { Thumbnail } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';

export function AdminStocks() {
  const added = useArrivalNotice();
  return (
    <ResourceTable
      title="Акции"
      endpoint="GET /stocks/admin"
      search="Поиск по названию"
      add={{ label: 'Добавить акцию', to: paths.adminStockCreate, resource: 'stock' }}
      toolbar={added && <FormMessage kind="success">{added}</FormMessage>}
      columns={[
        { header: 'ID', cell: (s) => s.id, numeric: true },
        { header: 'Изображение', cell: (s) => <Thumbnail src={s.img} alt={s.title} width={96} height={54} /> },
        { header: 'Название', cell: (s) => <Link to={paths.stock(s.id)}>{s.title}</Link> },
        { header: 'Текст', cell: (s) => s.text },
        { header: 'Начало', cell: (s) => formatShortTime(s.date_start), nowrap: true },
        { header: 'Окончание', cell: (s) => formatShortTime(s.date_end), nowrap: true },
      ]}
      loading="Загрузка акций..."
      empty="Акций пока нет"
      error="Не удалось загрузить акции"
    />
  );
}
