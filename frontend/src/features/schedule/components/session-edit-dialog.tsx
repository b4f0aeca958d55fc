/**
 * «Изменить» a session of the back office's schedule (docs/architecture.md, "Sessions change and ЕАИС"): its start, hall and
 * price card (or its one price) and accessibility, prefilled. Only what was changed is sent (PUT /api/schedules/{id}).
 * A session with tickets sold or being paid may change its prices only: the server's 409 says so in
 * its own words on top of the form, which keeps what was typed.
 */
import { ScheduleUpdateBodySchema, type Session, type StaffSession } from '@kino/backend/contract';
import { useState } from 'react';
import { SESSIONS_READS } from '../api/schedules';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { formatDuration } from '../../../shared/lib/format';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { cardAdultPrices, cardPrice, NO_CARD_HINT } from '../lib/price-card';
import { changesOf, fieldsOf, type SessionFields } from '../lib/session-edit';
import { SessionAccessFields } from './session-access-fields';

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
      onSuccess: () => void invalidate(queryClient, ...SESSIONS_READS),
    }),
    toInput: (_checked, raw) => ({
      params: { id: String(session.id) },
      body: changesOf(initial, raw as Partial<SessionFields>),
    }),
    check: (): Record<string, string> =>
      Object.keys(changesOf(initial, form.values as Partial<SessionFields>)).length === 0
        ? { _: 'Ничего не изменено: поменяйте время, зал, ценовую карту, цену или доступность' }
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
        <SessionAccessFields form={form} />
        <SubmitButton saving={form.saving}>Сохранить изменения</SubmitButton>
      </form>
    </Dialog>
  );
}
