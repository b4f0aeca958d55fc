import { DOCUMENT_LABELS, DocumentEditBodySchema, type DocumentVersion } from '@kino/backend/contract';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { formatInstantDate } from '../../../shared/lib/format';
import { FormMessage, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { useDocumentHistory, usePublishDocument } from '../api/documents';

/** /admin/dashboard/documents/{slug}: the text in markdown (raw HTML is shown as text), saved as a new version. */
export function DocumentEditor() {
  const { slug = '' } = useParams();
  const history = useDocumentHistory(slug);
  return (
    <QueryState query={history} loading="Загрузка документа..." error="Не удалось загрузить документ">
      {({ data }) => <EditForm key={data[0]!.version} slug={slug} versions={data} />}
    </QueryState>
  );
}

function EditForm({ slug, versions }: { slug: string; versions: DocumentVersion[] }) {
  const current = versions[0]!;
  const form = useContractForm({
    schema: DocumentEditBodySchema,
    initial: { title: current.title, body: current.body },
    mutation: usePublishDocument(slug),
    toInput: (body) => ({ params: { slug }, body }),
  });
  const label = DOCUMENT_LABELS[current.slug];
  return (
    <section aria-labelledby="document-edit-title">
      <h1 id="document-edit-title">{label}</h1>
      <p>
        Действующая редакция — {current.version} от {formatInstantDate(current.published_at)}.{' '}
        <a href={paths.document(slug)} target="_blank" rel="noopener">
          Открыть на сайте
        </a>
      </p>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        {form.succeeded && <FormMessage kind="success">Опубликована редакция {current.version}</FormMessage>}
        <TextField label="Название" required {...form.field('title')} />
        <TextAreaField
          label="Текст (Markdown)"
          rows={24}
          required
          hint="Заголовки — #, списки — - или 1., ссылки — [текст](адрес). HTML не поддерживается и будет показан как текст."
          {...form.field('body')}
        />
        <SubmitButton saving={form.saving} savingLabel="Публикация...">
          Опубликовать новую редакцию
        </SubmitButton>
      </form>
      <h2>Редакции</h2>
      <ol reversed>
        {versions.map((v) => (
          <li key={v.version}>
            Редакция {v.version} от {formatInstantDate(v.published_at)} — {v.edited_by?.fio ?? 'черновик Kino'};
            контрольная сумма <code>{v.text_hash.slice(0, 12)}…</code>
          </li>
        ))}
      </ol>
      <Link to={paths.adminDocuments}>Все документы</Link>
    </section>
  );
}
