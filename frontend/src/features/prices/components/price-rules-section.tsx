/**
 * Price rules: which card the session form suggests for a start's weekday and time of day (the first
 * rule by order that holds). A list, and a rule's editor in a dialog: weekday checkboxes Пн–Вс (the
 * contract's bit mask, Monday = 1 … Sunday = 64), from–until 'ЧЧ:ММ', the card, the order.
 */
import { PriceRuleBodySchema, type PriceCard, type PriceRule } from '@kino/backend/contract';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { numberOf } from '../../../shared/lib/number-text';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SelectField, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ErrorState } from '../../../shared/ui/query-state';
import { RowActions, RowButton, smallButtonClass } from '../../../shared/ui/row-actions';
import { useDeleteRule, usePriceCards, usePriceRules, useSaveRule } from '../api/prices';
import { ALL_DAYS, daysText, hasDay, toggleDay, WEEKDAYS, WEEKEND, WORKDAYS } from '../lib/weekdays';
import styles from './prices.module.css';

const RuleFormSchema = z
  .object({
    name: z.string(),
    weekdays: z.number(),
    from_time: z.string(),
    until_time: z.string(),
    card_id: z.string(),
    position: z.string(),
  })
  .transform((v): z.input<typeof PriceRuleBodySchema> => ({
    ...v,
    from_time: v.from_time.trim(),
    until_time: v.until_time.trim(),
    card_id: v.card_id === '' ? 0 : numberOf(v.card_id),
    position: v.position.trim() === '' ? 0 : numberOf(v.position),
  }))
  .pipe(PriceRuleBodySchema);

export function PriceRulesSection() {
  const rules = usePriceRules();
  const cards = usePriceCards();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<{ rule?: PriceRule } | null>(null);
  const titleId = useId();
  const cardName = (id: number) => cards.data?.find((c) => c.id === id)?.name ?? `№${id}`;
  const sorted = rules.data?.toSorted((a, b) => a.position - b.position || a.id - b.id);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId}>Правила выбора карты</h2>
        <button type="button" className={styles.add} disabled={!cards.data?.length} onClick={() => setEditing({})}>
          Новое правило
        </button>
      </div>
      <p className={formStyles.hint}>
        При создании сеанса форма предложит карту первого подходящего правила (по порядку) для дня недели и времени
        начала. Например, «Утро будней»: Пн–Пт, 00:00–12:00.
      </p>
      {remove.isError && <FormMessage kind="error">Правило не удалено: {remove.error.message}</FormMessage>}
      {rules.isError || cards.isError ? (
        <ErrorState
          message="Не удалось загрузить правила"
          onRetry={() => void Promise.all([rules.refetch(), cards.refetch()])}
        />
      ) : !sorted ? (
        <PageLoader label="Загрузка правил..." />
      ) : sorted.length === 0 ? (
        <p className={styles.empty}>
          {cards.data?.length ? 'Правил пока нет: карту выбирают вручную' : 'Сначала создайте ценовую карту'}
        </p>
      ) : (
        <div className={styles.scroll} role="region" aria-label="Правила выбора карты: таблица" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.numeric}>
                  Порядок
                </th>
                <th scope="col">Название</th>
                <th scope="col">Дни</th>
                <th scope="col">Время</th>
                <th scope="col">Карта</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((rule) => (
                <tr key={rule.id}>
                  <td className={styles.numeric}>{rule.position}</td>
                  <td>{rule.name}</td>
                  <td>{daysText(rule.weekdays)}</td>
                  <td className={styles.nowrap}>
                    {rule.from_time.slice(0, 5)}–{rule.until_time.slice(0, 5)}
                  </td>
                  <td>{cardName(rule.card_id)}</td>
                  <td>
                    <RowActions>
                      <RowButton onClick={() => setEditing({ rule })} aria-label={`Изменить правило «${rule.name}»`}>
                        Изменить
                      </RowButton>
                      <RowButton
                        danger
                        disabled={remove.isPending}
                        onClick={() =>
                          window.confirm(`Удалить правило «${rule.name}»?`) &&
                          remove.mutate({ params: { id: String(rule.id) } })
                        }
                        aria-label={`Удалить правило «${rule.name}»`}
                      >
                        Удалить
                      </RowButton>
                    </RowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && cards.data && <RuleDialog rule={editing.rule} cards={cards.data} onClose={() => setEditing(null)} />}
    </section>
  );
}

function RuleDialog({ rule, cards, onClose }: { rule?: PriceRule; cards: PriceCard[]; onClose: () => void }) {
  const form = useContractForm({
    schema: RuleFormSchema,
    initial: {
      name: rule?.name ?? '',
      weekdays: rule?.weekdays ?? WORKDAYS,
      from_time: rule?.from_time.slice(0, 5) ?? '00:00',
      until_time: rule?.until_time.slice(0, 5) ?? '12:00',
      card_id: rule ? String(rule.card_id) : '',
      position: rule ? String(rule.position) : '0',
    },
    mutation: useSaveRule(rule?.id),
    toInput: (body) => body,
    onSuccess: onClose,
  });
  const mask = form.values.weekdays ?? 0;
  const daysId = useId();

  return (
    <Dialog title={rule ? `Правило «${rule.name}»` : 'Новое правило'} busy={form.saving} onClose={onClose}>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        <TextField label="Название" placeholder="Утро будней" {...form.field('name')} />
        <fieldset className={styles.days} aria-describedby={form.errors.weekdays ? `${daysId}-error` : undefined}>
          <legend>Дни недели</legend>
          {WEEKDAYS.map((day, i) => (
            <label key={day.short} className={styles.check}>
              <input
                type="checkbox"
                checked={hasDay(mask, i)}
                onChange={() => form.set('weekdays', toggleDay(mask, i))}
                aria-label={day.name}
              />
              {day.short}
            </label>
          ))}
          <div className={styles.presets}>
            <button type="button" className={smallButtonClass} onClick={() => form.set('weekdays', WORKDAYS)}>
              Будни
            </button>
            <button type="button" className={smallButtonClass} onClick={() => form.set('weekdays', WEEKEND)}>
              Выходные
            </button>
            <button type="button" className={smallButtonClass} onClick={() => form.set('weekdays', ALL_DAYS)}>
              Все дни
            </button>
          </div>
          {form.errors.weekdays && (
            <p id={`${daysId}-error`} className={formStyles.error}>
              {form.errors.weekdays}
            </p>
          )}
        </fieldset>
        <div className={styles.pair}>
          <TextField label="С (ЧЧ:ММ)" inputMode="numeric" placeholder="00:00" {...form.field('from_time')} />
          <TextField
            label="До (ЧЧ:ММ)"
            inputMode="numeric"
            placeholder="12:00"
            hint="До конца дня — 24:00"
            {...form.field('until_time')}
          />
        </div>
        <SelectField label="Ценовая карта" {...form.field('card_id')}>
          <option value="">Выберите карту</option>
          {cards.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Порядок"
          inputMode="numeric"
          hint="Правило с меньшим числом проверяется раньше"
          {...form.field('position')}
        />
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <SubmitButton saving={form.saving}>{rule ? 'Сохранить правило' : 'Создать правило'}</SubmitButton>
      </form>
    </Dialog>
  );
}
