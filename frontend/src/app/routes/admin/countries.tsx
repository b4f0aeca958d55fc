import { NamedList } from './named-list';

export default function AdminCountriesPage() {
  return <NamedList title="Страны" endpoint="GET /countries/admin" noun="стран" />;
}
