/**
 * «Изменить» a session of the back office's schedule (issue 17, "Sessions change"): its start, hall and
 * price card (or its one price), prefilled. Only what was changed is sent (PUT /api/schedules/{id}).
 * A session with tickets sold or being paid may change its prices only: the server's 409 says so in
 * its own words on top of the form, which keeps what was typed.
 */
import {
  ScheduleUpdateBodySchema,
  type ScheduleUpdateBody,
  type Session,
  type StaffSession,
} from '@kino/backend/contract';
import { useState } from 'react';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { formatDuration } from '../../../shared/lib/format';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { cardAdultPrices, cardPrice, NO_CARD_HINT } from '../lib/price-card';

/** The form's fields as typed: text, as the inputs hold it. */
type Fields = { hall_id: string; start_time: string; price_card_id: string; price: string };

const fieldsOf = (session: StaffSession): Fields => ({
  hall_id: String(session.hall.id),
  // 'YYYY-MM-DD HH:mm:ss' → the picker's 'YYYY-MM-DDTHH:mm'.
  start_time: session.start_time.slice(0, 16).replace(' ', 'T'),
  price_card_id: session.price_card ? String(session.price_card.id) : '',
  price: String(session.price),
});

/** What changed, as the endpoint takes it; a price only counts without a card (a card sets it). */
function changesOf(before: Fields, now: Partial<Fields>): ScheduleUpdateBody {
  const body: ScheduleUpdateBody = {};
  if (now.hall_id !== before.hall_id) body.hall_id = now.hall_id ?? '';
  if (now.start_time !== before.start_time) body.start_time = (now.start_time ?? '').replace('T', ' ');
  if (now.price_card_id !== before.price_card_id) body.price_card_id = now.price_card_id ?? '';
  if (!now.price_card_id && now.price !== before.price) body.price = now.price ?? '';
  return body;
}

export function SessionEditDialog({
  session,
  onClose,
  onSaved,
}: {
  session: StaffSession;
  onClose: () => void;
  onSaved: (session: Session) => void;
}) {
  const queryClient = useQueryClient();
  const halls = useApiQuery('GET /halls');
  const pricing = useCan()('prices', 'list');
  const cards = useApiQuery('GET /price-cards', undefined, { enabled: pricing });
  const zones = useApiQuery('GET /seat-zones', undefined, { enabled: pricing });
  const [initial] = useState(() => fieldsOf(session));
  const form = useContractForm({
    schema: ScheduleUpdateBodySchema,
    initial,
    mutation: useApiMutation('PUT /schedules/:id', {
      onSuccess: () => void invalidate(queryClient, 'GET /schedules/admin', 'GET /schedules'),
    }),
    toInput: (_checked, raw) => ({
      params: { id: String(session.id) },
      body: changesOf(initial, raw as Partial<Fields>),
    }),
    check: (): Record<string, string> =>
      Object.keys(changesOf(initial, form.values as Partial<Fields>)).length === 0
        ? { _: 'Ничего не изменено: поменяйте время, зал, ценовую карту или цену' }
        : {},
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
  });
  const card = cards.data?.find((c) => String(c.id) === String(form.values.price_card_id ?? ''));
  const chooseCard = (id: string) => {
    form.set('price_card_id', id);
    const chosen = cards.data?.find((c) => String(c.id) === id);
    form.set('price', chosen ? cardPrice(chosen) : initial.price);
  };
  const sold = session.taken > 0;

  return (
    <Dialog title={`Изменить сеанс «${session.movie.title}»`} busy={form.saving} onClose={onClose}>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        {sold && (
          <p className={formStyles.hint}>
            Мест продано или оплачивается: {session.taken}. Перенести такой сеанс нельзя — можно сменить цены
            непроданных мест.
          </p>
        )}
        <TextField
          label="Начало"
          type="datetime-local"
          required
          hint={`Длительность фильма: ${formatDuration(session.duration)}; окончание считается само`}
          {...form.field('start_time')}
        />
        <SelectField label="Зал" required {...form.field('hall_id')}>
          {halls.isPending && <option value={initial.hall_id}>{session.hall.name}</option>}
          {halls.data?.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </SelectField>
        {halls.isError && <FormMessage kind="error">Не удалось загрузить залы</FormMessage>}
        {pricing && (
          <SelectField
            label="Ценовая карта"
            {...form.field('price_card_id')}
            onChange={(e) => chooseCard(e.target.value)}
            hint={
              cards.isError
                ? 'Не удалось загрузить ценовые карты'
                : card
                  ? cardAdultPrices(card, zones.data)
                  : NO_CARD_HINT
            }
          >
            <option value="">{cards.isPending ? 'Загрузка карт...' : 'Без карты'}</option>
            {cards.isPending && session.price_card && (
              <option value={session.price_card.id}>{session.price_card.name}</option>
            )}
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
          readOnly={Boolean(form.values.price_card_id)}
          hint={
            form.values.price_card_id
              ? 'Цена взрослого билета в зоне «Стандарт» по карте'
              : sold
                ? 'Проданные билеты сохранят свою цену'
                : undefined
          }
          {...form.field('price')}
        />
        <SubmitButton saving={form.saving}>Сохранить изменения</SubmitButton>
      </form>
    </Dialog>
  );
}
