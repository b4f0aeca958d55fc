import { useSearchParam } from '../../../shared/lib/use-search-param';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { SearchField } from '../../../shared/ui/search-field';

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
  const [q, setQ] = useSearchParam('q');
  return (
    <ResourceTable
      title={title}
      endpoint={endpoint}
      filters={{ q: q || undefined }}
      toolbar={<SearchField label="Поиск по названию" value={q} onSearch={setQ} />}
      columns={[
        { header: 'ID', cell: (row) => row.id, numeric: true },
        { header: 'Название', cell: (row) => row.name },
      ]}
      loading={`Загрузка ${noun}...`}
      empty={q ? 'Ничего не найдено' : `${title} пока не добавлены`}
      error={`Не удалось загрузить список ${noun}`}
    />
  );
}
