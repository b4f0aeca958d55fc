import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useDocument } from '../../features/documents/api/documents';
import { DocumentPage } from '../../features/documents/components/document-page';
import { usePageMeta } from '../../shared/lib/page-meta';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /documents/{slug}: the consent, the privacy policy, the offer, the rules… rendered on the server. */
export default function DocumentRoute() {
  const { slug = '' } = useParams();
  const document = useDocument(slug);
  usePageMeta({ title: document.data?.title ?? 'Документ' });
  return (
    <QueryState
      query={document}
      loading="Загрузка документа..."
      error="Не удалось загрузить документ"
      notFound={<Missing title="Документ не найден" back={{ to: paths.home, label: 'На главную' }} />}
    >
      {(data) => <DocumentPage document={data} />}
    </QueryState>
  );
}
