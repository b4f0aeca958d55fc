/** /admin/dashboard/schedule: the sessions from today on (or of one day), with seats and sums. */
import { formatRoubles, formatShortTime } from '@kino/backend/contract';
import { paths } from '../../../config/paths';
import { formatDuration } from '../../../shared/lib/format';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { DateFilter } from '../../../shared/ui/date-filter';
import { Thumbnail } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';

export function AdminSessions() {
  const [date, setDate] = useSearchParam('date');
  return (
    <ResourceTable
      title="Расписание"
      endpoint="GET /schedules/admin"
      search="Фильм или зал"
      filters={{ date: date || undefined }}
      add={{ label: 'Добавить сеанс', to: paths.adminScheduleCreate, resource: 'schedule' }}
      toolbar={<DateFilter label="Дата" value={date} onApply={setDate} />}
      columns={[
        { header: 'ID', cell: (s) => s.id, numeric: true },
        {
          header: 'Постер',
          cell: (s) => <Thumbnail src={s.movie.poster} alt={s.movie.title} width={40} height={60} />,
        },
        { header: 'Фильм', cell: (s) => s.movie.title },
        { header: 'Зал', cell: (s) => s.hall.name },
        { header: 'Свободно', cell: (s) => s.free, numeric: true },
        { header: 'Занято', cell: (s) => s.taken, numeric: true },
        { header: 'Всего', cell: (s) => s.total, numeric: true },
        { header: 'Начало', cell: (s) => formatShortTime(s.start_time), nowrap: true },
        { header: 'Длительность', cell: (s) => formatDuration(s.duration), nowrap: true },
        { header: 'Цена', cell: (s) => formatRoubles(s.price), numeric: true },
        { header: 'Ценовая карта', cell: (s) => s.price_card?.name ?? '—' },
        { header: 'Сумма', cell: (s) => formatRoubles(s.sum), numeric: true },
      ]}
      loading="Загрузка сеансов..."
      empty={date ? 'В этот день сеансов нет' : 'Предстоящих сеансов нет'}
      error="Не удалось загрузить расписание"
    />
  );
}
