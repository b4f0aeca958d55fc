/**
 * /admin/dashboard/films/{id}/edit (docs/product.md §2): the poster with its upload; age, year, budget,
 * trailer, in rental, title, description; the Kinopoisk id read-only; save and reset; the cast and
 * the stills added from Kinopoisk. Checked by the contract's schema before sending, the server's
 * field messages beside the same fields. Roles that may only read see the same page, disabled.
 * 'Без скидок до' is the distributor's condition: no discounts for the film until then.
 * 'Прокатное удостоверение (ПУ)': no session of a film without one goes on sale; ЕАИС reports it.
 */
import {
  FILM_POSTER_MAX_BYTES,
  FilmEditBodySchema,
  type FilmDetail,
  type ImportedPerson,
} from '@kino/backend/contract';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { call, formDataOf } from '../../../../shared/api/client';
import { formErrors } from '../../../../shared/api/form-errors';
import { useCan } from '../../../../shared/auth/access';
import { useContractForm } from '../../../../shared/forms/use-contract-form';
import { FormMessage, SubmitButton, TextAreaField, TextField, formStyles } from '../../../../shared/ui/form';
import { Picture } from '../../../../shared/ui/picture';
import { useEditFilm, useImportFilmPersons, useImportFilmStills, useUploadFilmPoster } from '../../api/film-admin';
import styles from './film-admin.module.css';
import { ImportProgress } from './import-progress';

export function FilmEditForm({ film }: { film: FilmDetail }) {
  const editable = useCan()('films', 'update');
  const mutation = useEditFilm();
  const form = useContractForm({
    schema: FilmEditBodySchema,
    initial: {
      title: film.title,
      description: film.description,
      age: String(film.age),
      year: film.year === null ? '' : String(film.year),
      budget: film.budget === null ? '' : String(film.budget),
      trailer: film.trailer ?? '',
      is_rent: film.is_rent,
      no_discount_until: film.no_discount_until ?? '',
      pu_number: film.pu_number ?? '',
      pu_issued: film.pu_issued ?? '',
      pu_until: film.pu_until ?? '',
      pu_reason: film.pu_reason ?? '',
      pushkin_event_id: film.pushkin_event_id ?? '',
    },
    mutation,
    toInput: (body) => ({ params: { id: film.id }, body }),
  });
  // A failed connection or a refusal not about one field says why under the alert.
  const { message } = formErrors(mutation.error);

  return (
    <div className={styles.page}>
      <h1>Редактирование фильма</h1>
      <div className={styles.layout}>
        <PosterUpload film={film} editable={editable} />
        <form className={formStyles.form} onSubmit={form.submit} onReset={() => form.reset()} noValidate>
          <fieldset className={styles.fieldset} disabled={!editable}>
            <div className={formStyles.form}>
              <TextField label="Название" required {...form.field('title')} />
              <div className={styles.row}>
                <TextField label="Возраст" inputMode="numeric" hint="От 0 до 21" {...form.field('age')} />
                <TextField label="Год" inputMode="numeric" {...form.field('year')} />
                <TextField label="Бюджет, $" inputMode="numeric" {...form.field('budget')} />
              </div>
              <TextField label="Трейлер" hint="Ссылка на YouTube или Rutube" {...form.field('trailer')} />
              <label className={styles.check}>
                <input
                  type="checkbox"
                  name="is_rent"
                  checked={form.values.is_rent === 1}
                  onChange={(e) => form.set('is_rent', e.target.checked ? 1 : 0)}
                />
                В прокате
              </label>
              <TextField
                label="Без скидок до"
                type="date"
                hint="Условие прокатчика: по эту дату включительно скидки типов билетов и промокоды не действуют. Пусто — скидки разрешены"
                {...form.field('no_discount_until')}
              />
              <TextField
                label="Прокатное удостоверение (ПУ)"
                inputMode="numeric"
                hint="Номер ПУ, 9 цифр: без него сеансы фильма не продаются, а продажи не уходят в ЕАИС"
                {...form.field('pu_number')}
              />
              <TextField
                label="ПУ выдано"
                type="date"
                hint="Сеансы раньше этой даты не поставить в продажу"
                {...form.field('pu_issued')}
              />
              <TextField
                label="Прокат по ПУ до"
                type="date"
                hint="Последний день проката: сеансы позже него не поставить в продажу"
                {...form.field('pu_until')}
              />
              <TextField
                label="Причина отсутствия ПУ (код ЕАИС)"
                inputMode="numeric"
                hint="Только для события без прокатного удостоверения: код из справочника ЕАИС. Пусто — ПУ обязательно"
                {...form.field('pu_reason')}
              />
              <TextField
                label="ID мероприятия Про.Культуры (Пушкинская карта)"
                hint="Заполнен — сеансы фильма можно оплатить Пушкинской картой. «Найти по ПУ» ищет мероприятие в Про.Культуре"
                {...form.field('pushkin_event_id')}
              />
              <PushkinLookup
                filmId={film.id}
                puNumber={form.values.pu_number}
                onFound={(id) => form.set('pushkin_event_id', id)}
              />
              <TextAreaField label="Описание" {...form.field('description')} />
              <TextField label="ID на Кинопоиске" name="kinopoisk_id" value={film.kinopoisk_id ?? '—'} readOnly />
            </div>
          </fieldset>
          {form.succeeded && <FormMessage kind="success">Изменения успешно сохранены!</FormMessage>}
          {mutation.isError && (
            <FormMessage kind="error">Ошибка при сохранении изменений{message && `: ${message}`}</FormMessage>
          )}
          {editable && (
            <div className={styles.buttons}>
              <SubmitButton saving={form.saving}>Сохранить</SubmitButton>
              <button type="reset" className={styles.secondary} disabled={form.saving}>
                Сбросить
              </button>
            </div>
          )}
        </form>
      </div>
      {film.kinopoisk_id && editable && <KinopoiskExtras film={film} kinopoiskId={film.kinopoisk_id} />}
      <div className={formStyles.links}>
        <Link to={paths.film(film.id)}>Страница фильма</Link> <Link to={paths.adminSection('films')}>Все фильмы</Link>
      </div>
    </div>
  );
}

function PosterUpload({ film, editable }: { film: FilmDetail; editable: boolean }) {
  const upload = useUploadFilmPoster();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    upload.reset();
    if (!chosen) return setFile(null);
    if (!chosen.type.startsWith('image/')) return setProblem('Выберите изображение (JPEG, PNG, WebP, GIF или AVIF)');
    if (chosen.size > FILM_POSTER_MAX_BYTES) return setProblem('Файл больше 10 МБ');
    setFile(chosen);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Выберите изображение');
    upload.mutate({ body: formDataOf({ film_id: film.id, poster: file }) }, { onSuccess: () => setFile(null) });
  };
  const { fields, message } = formErrors(upload.error);
  const error = problem ?? fields.poster ?? message;

  return (
    <form className={styles.poster} onSubmit={save} aria-label="Постер">
      {preview ? (
        <img src={preview} alt="Новый постер" width={240} height={360} />
      ) : (
        <Picture
          src={upload.data?.poster ?? film.poster}
          alt={`Постер «${film.title}»`}
          width={240}
          height={360}
          eager
        />
      )}
      {editable && (
        <>
          <TextField
            label="Постер"
            type="file"
            name="poster"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(e) => choose(e.target.files?.[0])}
            error={error}
          />
          {upload.isSuccess && !file && <FormMessage kind="success">Постер загружен</FormMessage>}
          <SubmitButton saving={upload.isPending} savingLabel="Загрузка...">
            Загрузить постер
          </SubmitButton>
        </>
      )}
    </form>
  );
}

/** Each person of the film once, as the persons import answers them. */
const peopleOf = (film: FilmDetail): ImportedPerson[] => [
  ...new Map(film.persons.map(({ person }) => [person.id, person])).values(),
];

function KinopoiskExtras({ film, kinopoiskId }: { film: FilmDetail; kinopoiskId: string }) {
  const persons = useImportFilmPersons();
  const stills = useImportFilmStills();
  const people = persons.data ?? peopleOf(film);
  const photos = stills.data ?? film.photo;

  return (
    <>
      <section className={styles.section} aria-labelledby="film-persons">
        <h2 id="film-persons">Актёры и съёмочная группа ({people.length})</h2>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.secondary}
            disabled={persons.isPending}
            onClick={() => persons.mutate({ params: { kinopoiskId } })}
          >
            добавить актёров
          </button>
        </div>
        {persons.isPending && <ImportProgress label="Загружаем актёров с Кинопоиска" kind="persons" />}
        {persons.error && <FormMessage kind="error">{persons.error.message}</FormMessage>}
        {people.length > 0 && (
          <ul className={styles.people}>
            {people.map((p) => (
              <li key={p.id}>
                <Picture src={p.main_img} alt={p.fio} width={120} height={180} />
                <Link to={paths.person(p.id)}>{p.fio}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="film-photos">
        <h2 id="film-photos">Кадры ({photos.length})</h2>
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.secondary}
            disabled={stills.isPending}
            onClick={() => stills.mutate({ params: { kinopoiskId } })}
          >
            добавить фото
          </button>
        </div>
        {stills.isPending && <ImportProgress label="Загружаем кадры с Кинопоиска" kind="stills" />}
        {stills.error && <FormMessage kind="error">{stills.error.message}</FormMessage>}
        {photos.length > 0 && (
          <ul className={styles.photos}>
            {photos.map((p) => (
              <li key={p.id}>
                <Picture src={p.photo} alt={`Кадр из фильма «${film.title}»`} width={320} height={180} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** «Найти по ПУ»: asks Pro.Культура (through the API) for the film's Pushkin card event by its ПУ number. */
function PushkinLookup({
  filmId,
  puNumber,
  onFound,
}: {
  filmId: number;
  puNumber: string | null | undefined;
  onFound: (eventId: string) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  async function lookUp() {
    setState({ busy: true });
    try {
      const pu = (puNumber ?? '').trim();
      const event = await call('GET /films/:id/pushkin-event', {
        params: { id: filmId },
        query: pu ? { pu_number: pu } : {},
      });
      onFound(event.event_id);
      setState({ busy: false, message: `Найдено: ${event.name || event.event_id}` });
    } catch (error) {
      setState({ busy: false, message: error instanceof Error ? error.message : 'Не удалось найти мероприятие' });
    }
  }
  return (
    <div>
      <button type="button" className={styles.secondary} onClick={() => void lookUp()} disabled={state.busy}>
        {state.busy ? 'Ищем…' : 'Найти по ПУ'}
      </button>
      {state.message && <p role="status">{state.message}</p>}
    </div>
  );
}
