import { ResourceTable } from '../../../shared/ui/resource-table';

/** The genres and countries tables: id and name, searchable. */
export function NamedList({
  title,
  endpoint,
  noun,
}: {
  title: string;
  endpoint: 'GET /genres/admin' | 'GET /countries/admin';
  /** Genitive plural for the texts: 'жанров', 'стран'. */
  noun: string;
}) {
  return (
    <ResourceTable
      title={title}
      endpoint={endpoint}
      search="Поиск по названию"
      columns={[
        { header: 'ID', cell: (row) => row.id, numeric: true },
        { header: 'Название', cell: (row) => row.name },
      ]}
      loading={`Загрузка ${noun}...`}
      empty={`${title} пока не добавлены`}
      error={`Не удалось загрузить список ${noun}`}
    />
  );
}
