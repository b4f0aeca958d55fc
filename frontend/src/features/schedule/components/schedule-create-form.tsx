/**
 * /admin/dashboard/schedule/create (SPEC: film, hall, price, start; the end is read-only, the
 * start plus the film's minutes). The server computes the end again and refuses an overlap in the
 * same hall (409, naming the session in the way), a start in the past and a price that is not a
 * positive whole number of roubles (400 beside the field).
 *
 * A price card is chosen from the cards: the price rules suggest one for the start's
 * weekday and time (contract's suggestCard) until the manager picks one by hand; with a card the
 * price field shows the card's standard adult price, which the server keeps.
 */
import { fromCinemaTime, ScheduleStoreBodySchema, suggestCard, toCinemaTime } from '@kino/backend/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formDataOf } from '../../../shared/api/client';
import { SESSIONS_READS } from '../api/schedules';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormCard, FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { cardAdultPrices, cardPrice, NO_CARD_HINT } from '../lib/price-card';
import { sessionLabel } from '../lib/session-label';
import { SessionAccessFields } from './session-access-fields';

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
  const pricing = useCan()('prices', 'list');
  const cards = useApiQuery('GET /price-cards', undefined, { enabled: pricing });
  const rules = useApiQuery('GET /price-rules', undefined, { enabled: pricing });
  const zones = useApiQuery('GET /seat-zones', undefined, { enabled: pricing });
  // Until the card is picked by hand, the rules choose it from the start time.
  const [cardByHand, setCardByHand] = useState(false);
  const form = useContractForm({
    schema: ScheduleStoreBodySchema,
    initial: {
      movie_id: '',
      hall_id: '',
      start_time: '',
      end_time: '',
      price: '',
      price_card_id: '',
      subtitles: false,
      audio_description: false,
    },
    mutation: useApiMutation('POST /schedule/store', {
      onSuccess: () => void invalidate(queryClient, ...SESSIONS_READS),
    }),
    toInput: (_checked, raw) => ({
      body: formDataOf({
        ...raw,
        start_time: String(raw.start_time ?? '').replace('T', ' '),
        subtitles: String(raw.subtitles === true),
        audio_description: String(raw.audio_description === true),
      }),
    }),
    onSuccess: (session) =>
      navigate(`${paths.adminSection('schedule')}?date=${session.start_time.slice(0, 10)}`, {
        state: { notice: `Сеанс ${sessionLabel(session)} добавлен` },
      }),
  });
  const film = films.data?.find((f) => String(f.id) === String(form.values.movie_id));
  const end = endOf(String(form.values.start_time ?? ''), film?.time);
  const card = cards.data?.find((c) => String(c.id) === String(form.values.price_card_id ?? ''));

  const chooseCard = (id: string) => {
    form.set('price_card_id', id);
    const chosen = cards.data?.find((c) => String(c.id) === id);
    if (chosen) form.set('price', cardPrice(chosen));
  };
  const startField = form.field('start_time');
  const onStart = (event: { target: { value: string } }) => {
    startField.onChange(event);
    const start = event.target.value;
    if (cardByHand || !rules.data?.length || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(start)) return;
    const suggested = suggestCard(rules.data, start.replace('T', ' '));
    if (suggested !== null && cards.data?.some((c) => c.id === suggested)) chooseCard(String(suggested));
  };

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
        <TextField label="Начало" type="datetime-local" required {...startField} onChange={onStart} />
        {pricing && (
          <SelectField
            label="Ценовая карта"
            {...form.field('price_card_id')}
            onChange={(e) => {
              setCardByHand(true);
              chooseCard(e.target.value);
            }}
            hint={
              cards.isError
                ? 'Не удалось загрузить ценовые карты'
                : card
                  ? `${cardByHand ? 'Выбрана вручную' : 'Предложена правилами цен'}: ${cardAdultPrices(card, zones.data)}`
                  : NO_CARD_HINT
            }
          >
            <option value="">{cards.isPending ? 'Загрузка карт...' : 'Без карты'}</option>
            {cards.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Цена билета, ₽"
          inputMode="numeric"
          required
          readOnly={Boolean(card)}
          hint={card ? 'Цена взрослого билета в зоне «Стандарт» по карте' : undefined}
          {...form.field('price')}
        />
        <TextField
          label="Окончание"
          type="datetime-local"
          readOnly
          value={end}
          hint={film ? `Начало + ${film.time} мин (длительность фильма)` : 'Считается по длительности фильма'}
        />
        <SessionAccessFields form={form} />
        <SubmitButton saving={form.saving}>Добавить сеанс</SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.adminSection('schedule')}>Вернуться к расписанию</Link>
      </div>
    </FormCard>
  );
}
