/**
 * /admin/dashboard/film/create (docs/product.md §2): the film's id on Kinopoisk; the import runs while
 * a progress bar moves, then the page goes to the new film. A film imported before is offered by link.
 */
import { FilmStoreBodySchema } from '@kino/backend/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { formDataOf } from '../../../../shared/api/client';
import { useContractForm } from '../../../../shared/forms/use-contract-form';
import { FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../../shared/ui/form';
import { useImportFilm } from '../../api/film-admin';
import { ImportProgress } from './import-progress';

export function FilmImportForm() {
  const navigate = useNavigate();
  const mutation = useImportFilm();
  const form = useContractForm({
    schema: FilmStoreBodySchema,
    initial: { kinopoisk_id: '' },
    mutation,
    toInput: (_checked, raw) => ({ body: formDataOf(raw) }),
    onSuccess: ({ id }) => navigate(paths.film(id)),
  });
  const existing =
    mutation.error?.code === 'film_already_imported'
      ? (mutation.error.details as { id?: number } | undefined)?.id
      : undefined;

  return (
    <FormCard title="Добавить фильм">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        <TextField
          label="ID фильма на Кинопоиске"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="Число из адреса фильма: kinopoisk.ru/film/301/ → 301"
          {...form.field('kinopoisk_id')}
        />
        {form.saving && <ImportProgress label="Загружаем фильм с Кинопоиска" kind="film" />}
        {form.message && (
          <FormMessage kind="error">
            {form.message}
            {existing !== undefined && (
              <>
                {' '}
                <Link to={paths.film(existing)}>Открыть фильм</Link>
              </>
            )}
          </FormMessage>
        )}
        <SubmitButton saving={form.saving} savingLabel="Импорт...">
          Добавить фильм
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.adminSection('films')}>Вернуться к фильмам</Link>
      </div>
    </FormCard>
  );
}
