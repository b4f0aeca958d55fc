import { NamedList } from './named-list';

export default function AdminGenresPage() {
  return <NamedList title="Жанры" endpoint="GET /genres/admin" noun="жанров" />;
}
