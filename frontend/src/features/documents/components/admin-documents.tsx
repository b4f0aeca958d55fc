import { DOCUMENT_LABELS } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatInstantDate } from '../../../shared/lib/format';
import { QueryState } from '../../../shared/ui/query-state';
import tableStyles from '../../../shared/ui/resource-table.module.css';
import { useDocumentList } from '../api/documents';

/** /admin/dashboard/documents: every document's version in force, who wrote it and when; each opens its editor. */
export function AdminDocuments() {
  const list = useDocumentList();
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Документы</h1>
      <p>
        Каждая правка публикует новую редакцию; прежние сохраняются, потому что согласия зрителей ссылаются на ту
        редакцию, которую они видели.
      </p>
      <QueryState query={list} loading="Загрузка документов..." error="Не удалось загрузить документы">
        {({ data }) => (
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">Документ</th>
                <th scope="col">Редакция</th>
                <th scope="col">Опубликована</th>
                <th scope="col">Автор</th>
                <th scope="col">Действия</th>
              </tr>
            </thead>
            <tbody>
              {data.map((doc) => (
                <tr key={doc.slug}>
                  <td>
                    <a href={paths.document(doc.slug)} target="_blank" rel="noopener">
                      {doc.title}
                    </a>
                  </td>
                  <td>{doc.version}</td>
                  <td>{formatInstantDate(doc.published_at)}</td>
                  <td>{doc.edited_by?.fio ?? 'Черновик Kino'}</td>
                  <td>
                    <Link to={paths.adminDocument(doc.slug)} aria-label={`Редактировать: ${DOCUMENT_LABELS[doc.slug]}`}>
                      Редактировать
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </section>
  );
}
