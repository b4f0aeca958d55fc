import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { ResourceTable } from '../../../shared/ui/resource-table';

export default function AdminHallsPage() {
  const editable = useCan()('halls', 'update');
  return (
    <ResourceTable
      title="Залы"
      endpoint="GET /halls/admin"
      columns={[
        { header: 'ID', cell: (hall) => hall.id, numeric: true },
        { header: 'Название', cell: (hall) => hall.name },
        { header: 'Мест', cell: (hall) => hall.capacity, numeric: true },
        ...(editable
          ? [
              {
                header: 'План',
                cell: (hall: { id: number; name: string }) => (
                  <Link to={paths.adminHallPlan(hall.id)} aria-label={`Изменить план зала «${hall.name}»`}>
                    Изменить план
                  </Link>
                ),
              },
            ]
          : []),
      ]}
      loading="Загрузка залов..."
      empty="Залов пока нет"
      error="Не удалось загрузить залы"
    />
  );
}
