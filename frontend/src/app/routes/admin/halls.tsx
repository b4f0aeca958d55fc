import { ResourceTable } from '../../../shared/ui/resource-table';

export default function AdminHallsPage() {
  return (
    <ResourceTable
      title="Залы"
      endpoint="GET /halls/admin"
      columns={[
        { header: 'ID', cell: (hall) => hall.id, numeric: true },
        { header: 'Название', cell: (hall) => hall.name },
        { header: 'Мест', cell: (hall) => hall.capacity, numeric: true },
      ]}
      loading="Загрузка залов..."
      empty="Залов пока нет"
      error="Не удалось загрузить залы"
    />
  );
}
