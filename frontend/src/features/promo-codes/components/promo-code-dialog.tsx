/**
 * A promo code's form in a dialog. Films come from those in rental and sessions from the bill (the
 * code's own earlier choices stay listed, by number, when they are no longer there). Checked by the
 * contract's schema before sending; the server's messages (a taken code: 409) land beside the fields
 * or on top.
 */
import {
  formatShortTime,
  PROMO_KINDS,
  toCinemaDate,
  type PromoCode,
  type PromoCodeBody,
  type PromoKind,
} from '@kino/backend/contract';
import { useMutation } from '@tanstack/react-query';
import { call, type ApiError } from '../../../shared/api/client';
import { invalidate, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { KIND_LABELS, PromoFormSchema, promoFormValues } from '../lib/promo-form';
import styles from './promo-codes.module.css';

function useSavePromo(id?: number) {
  const queryClient = useQueryClient();
  return useMutation<PromoCode, ApiError, PromoCodeBody>({
    mutationFn: (body) =>
      id === undefined
        ? call('POST /promo-codes', { body })
        : call('PUT /promo-codes/:id', { params: { id: String(id) }, body }),
    onSuccess: () => void invalidate(queryClient, 'GET /promo-codes'),
  });
}

const selected = (select: HTMLSelectElement) => [...select.selectedOptions].map((o) => Number(o.value));

export function PromoCodeDialog({
  promo,
  onClose,
  onSaved,
}: {
  promo?: PromoCode;
  onClose: () => void;
  onSaved: (promo: PromoCode) => void;
}) {
  const films = useApiQuery('GET /films/news');
  const bill = useApiQuery('GET /schedules');
  const form = useContractForm({
    schema: PromoFormSchema,
    initial: promoFormValues(promo, toCinemaDate(new Date())),
    mutation: useSavePromo(promo?.id),
    toInput: (body) => body,
    onSuccess: (saved) => {
      onSaved(saved);
      onClose();
    },
  });
  const kind = form.values.kind ?? 'percent';
  const filmIds = form.values.film_ids ?? [];
  const sessionIds = form.values.session_ids ?? [];
  const knownFilms = new Set(films.data?.map((f) => f.id));
  const knownSessions = new Set(bill.data?.flatMap((f) => f.schedule.map((s) => s.id)));

  return (
    <Dialog title={promo ? `Промокод ${promo.code}` : 'Новый промокод'} busy={form.saving} onClose={onClose}>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        <TextField
          label="Код"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint="Латинские буквы, цифры и дефис, от 3 до 32 знаков"
          {...form.field('code')}
        />
        <div className={styles.pair}>
          <SelectField label="Вид скидки" {...form.field('kind', (text) => text as PromoKind)}>
            {PROMO_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={kind === 'percent' ? 'Скидка, %' : 'Скидка, ₽'}
            inputMode="decimal"
            {...form.field('value')}
          />
        </div>
        <div className={styles.pair}>
          <TextField label="Действует с" type="date" {...form.field('valid_from')} />
          <TextField label="по (включительно)" type="date" {...form.field('valid_until')} />
        </div>
        <div className={styles.pair}>
          <TextField
            label="Всего использований"
            inputMode="numeric"
            hint="Пусто — без ограничений"
            {...form.field('total_limit')}
          />
          <TextField
            label="На одного покупателя"
            inputMode="numeric"
            hint="Пусто — без ограничений"
            {...form.field('per_buyer_limit')}
          />
        </div>
        <SelectField
          label="Только для фильмов"
          multiple
          size={5}
          name="film_ids"
          value={filmIds.map(String)}
          onChange={(e) => form.set('film_ids', selected(e.currentTarget))}
          error={form.errors.film_ids}
          hint={
            films.isError
              ? 'Не удалось загрузить фильмы'
              : 'Ничего не выбрано — для всех фильмов. Несколько — с Ctrl или ⌘'
          }
        >
          {filmIds
            .filter((id) => films.data && !knownFilms.has(id))
            .map((id) => (
              <option key={id} value={id}>
                Фильм №{id}
              </option>
            ))}
          {films.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Только для сеансов"
          multiple
          size={5}
          name="session_ids"
          value={sessionIds.map(String)}
          onChange={(e) => form.set('session_ids', selected(e.currentTarget))}
          error={form.errors.session_ids}
          hint={bill.isError ? 'Не удалось загрузить сеансы' : 'Ничего не выбрано — для всех сеансов'}
        >
          {sessionIds
            .filter((id) => bill.data && !knownSessions.has(id))
            .map((id) => (
              <option key={id} value={id}>
                Сеанс №{id}
              </option>
            ))}
          {bill.data?.map((film) => (
            <optgroup key={film.id} label={film.title}>
              {film.schedule.map((s) => (
                <option key={s.id} value={s.id}>
                  {formatShortTime(s.start_time)}, {s.hall.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={Boolean(form.values.active)}
            onChange={(e) => form.set('active', e.target.checked)}
          />
          Включён
        </label>
        {promo && promo.used > 0 && <p className={formStyles.hint}>Использован {promo.used} раз.</p>}
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <SubmitButton saving={form.saving}>{promo ? 'Сохранить промокод' : 'Создать промокод'}</SubmitButton>
      </form>
    </Dialog>
  );
}
