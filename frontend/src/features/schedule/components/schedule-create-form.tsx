/**
 * /admin/dashboard/schedule/create (SPEC: film, hall, price, start; the end is read-only, the
 * start plus the film's minutes). The server computes the end again and refuses an overlap in the
 * same hall (409, naming the session in the way), a start in the past and a price that is not a
 * positive whole number of roubles (400 beside the field).
 */
import { ScheduleStoreBodySchema, toCinemaTime, fromCinemaTime } from '@kino/backend/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formDataOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormCard, FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';

/** 'YYYY-MM-DDTHH:mm' of a datetime-local field plus minutes, in the same form; '' when not a time. */
function endOf(start: string, minutes: number | undefined): string {
  if (!start || !minutes) return '';
  try {
    const end = new Date(fromCinemaTime(start).getTime() + Math.abs(minutes) * 60_000);
    return toCinemaTime(end).slice(0, 16).replace(' ', 'T');
  } catch {
    return '';
  }
}

export function ScheduleCreateForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const films = useApiQuery('GET /films/news');
  const halls = useApiQuery('GET /halls');
  const form = useContractForm({
    schema: ScheduleStoreBodySchema,
    initial: { movie_id: '', hall_id: '', start_time: '', end_time: '', price: '' },
    mutation: useApiMutation('POST /schedule/store', {
      onSuccess: () => void invalidate(queryClient, 'GET /schedules/admin', 'GET /schedules'),
    }),
    toInput: (_checked, raw) => ({
      body: formDataOf({ ...raw, start_time: String(raw.start_time ?? '').replace('T', ' ') }),
    }),
    onSuccess: (session) =>
      navigate(`${paths.adminSection('schedule')}?date=${session.start_time.slice(0, 10)}`, {
        state: { created: session.id },
      }),
  });
  const film = films.data?.find((f) => String(f.id) === String(form.values.movie_id));
  const end = endOf(String(form.values.start_time ?? ''), film?.time);

  return (
    <FormCard title="Новый сеанс">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <SelectField label="Фильм" required {...form.field('movie_id')}>
          <option value="">{films.isPending ? 'Загрузка фильмов...' : 'Выберите фильм'}</option>
          {films.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.title} ({f.age}+)
            </option>
          ))}
        </SelectField>
        {films.isError && <FormMessage kind="error">Не удалось загрузить фильмы</FormMessage>}
        <SelectField label="Зал" required {...form.field('hall_id')}>
          <option value="">{halls.isPending ? 'Загрузка залов...' : 'Выберите зал'}</option>
          {halls.data?.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Цена билета, ₽" inputMode="numeric" required {...form.field('price')} />
        <TextField label="Начало" type="datetime-local" required {...form.field('start_time')} />
        <TextField
          label="Окончание"
          type="datetime-local"
          readOnly
          value={end}
          hint={film ? `Начало + ${film.time} мин (длительность фильма)` : 'Считается по длительности фильма'}
        />
        <SubmitButton saving={form.saving}>Добавить сеанс</SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.adminSection('schedule')}>Вернуться к расписанию</Link>
      </div>
    </FormCard>
  );
}
