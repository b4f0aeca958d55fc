/** /admin/dashboard/news: id, title, author, image; the add button for those who may write. */
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Thumbnail } from '../../../shared/ui/picture';
import { ResourceTable } from '../../../shared/ui/resource-table';

export function AdminNews() {
  return (
    <ResourceTable
      title="Новости"
      endpoint="GET /news/admin"
      search="Поиск по заголовку"
      add={{ label: 'Добавить новость', to: paths.adminNewsCreate, resource: 'news' }}
      columns={[
        { header: 'ID', cell: (n) => n.id, numeric: true },
        { header: 'Заголовок', cell: (n) => <Link to={paths.newsItem(n.id)}>{n.title}</Link> },
        { header: 'Автор', cell: (n) => n.user.fio },
        { header: 'Изображение', cell: (n) => <Thumbnail src={n.main_img} alt={n.title} width={96} height={54} /> },
      ]}
      loading="Загрузка новостей..."
      empty="Новостей пока нет"
      error="Не удалось загрузить новости"
    />
  );
}
