/**
 * Ticket types edited in place: each type a row of its own form (name, rule, value, 'покажите
 * документ', active) saved on its own with PUT /api/ticket-types/{code}; a last row adds a type.
 * Checked with the contract's schema first; the server's messages land beside the same fields.
 */
import {
  TICKET_TYPE_RULES,
  TicketTypeBodySchema,
  TicketTypeCodeSchema,
  type TicketType,
  type TicketTypeRule,
} from '@kino/backend/contract';
import { useId } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { numberOf, numberText } from '../../../shared/lib/number-text';
import { FormMessage, SelectField, TextField, formStyles } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { useSaveTicketType, useTicketTypes } from '../api/prices';
import { smallButtonClass } from '../../../shared/ui/row-actions';
import styles from './prices.module.css';

export const RULE_LABELS: Record<TicketTypeRule, string> = {
  full: 'Полная цена',
  percent: 'Скидка в процентах',
  fixed: 'Фиксированная цена',
};

/** The row's fields as typed, read into the contract's body at the submit. */
const RowSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    rule: z.enum(TICKET_TYPE_RULES, { error: 'Выберите правило' }),
    value: z.string(),
    check_document: z.boolean(),
    active: z.boolean(),
  })
  .transform(({ value, ...rest }) => ({ ...rest, value: rest.rule === 'full' ? 0 : numberOf(value) }))
  .pipe(TicketTypeBodySchema.safeExtend({ code: TicketTypeCodeSchema }));

export function TicketTypesSection() {
  const types = useTicketTypes();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Типы билетов</h2>
      <p className={formStyles.hint}>
        Цена типа считается от цены взрослого билета в зоне места. «Покажите документ» — контролёр проверит его на
        входе.
      </p>
      <QueryState query={types} loading="Загрузка типов билетов..." error="Не удалось загрузить типы билетов">
        {(list) => (
          <div className={styles.typeList}>
            {list.map((type) => (
              <TicketTypeRow key={type.code} type={type} />
            ))}
            <TicketTypeRow key={`new-${list.length}`} />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function TicketTypeRow({ type }: { type?: TicketType }) {
  const mutation = useSaveTicketType();
  const form = useContractForm({
    schema: RowSchema,
    initial: {
      code: type?.code ?? '',
      name: type?.name ?? '',
      rule: type?.rule ?? 'percent',
      value: type && type.rule !== 'full' ? numberText(type.value) : '',
      check_document: type?.check_document ?? true,
      active: type?.active ?? true,
    },
    mutation,
    toInput: ({ code, ...body }) => ({ params: { code }, body }),
    resetOnSuccess: !type,
  });
  const rule = form.values.rule;
  const legend = type ? `Тип билета «${type.name}»` : 'Новый тип билета';
  return (
    <form className={styles.typeRow} onSubmit={form.submit} noValidate aria-label={legend}>
      {type ? (
        <span className={styles.code} title="Код типа">
          {type.code}
        </span>
      ) : (
        <TextField label="Код (латиница)" placeholder="veteran" {...form.field('code')} />
      )}
      <TextField label="Название" {...form.field('name')} />
      <SelectField label="Правило" {...form.field('rule', (text) => text as TicketTypeRule)}>
        {TICKET_TYPE_RULES.map((r) => (
          <option key={r} value={r}>
            {RULE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={rule === 'percent' ? 'Скидка, %' : rule === 'fixed' ? 'Цена, ₽' : 'Значение'}
        inputMode="decimal"
        disabled={rule === 'full'}
        {...form.field('value')}
        value={rule === 'full' ? '' : String(form.values.value ?? '')}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={Boolean(form.values.check_document)}
          onChange={(e) => form.set('check_document', e.target.checked)}
        />
        Покажите документ
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={Boolean(form.values.active)}
          onChange={(e) => form.set('active', e.target.checked)}
        />
        Продаётся
      </label>
      <button type="submit" className={smallButtonClass} disabled={form.saving} aria-busy={form.saving}>
        {form.saving ? 'Сохранение...' : type ? 'Сохранить' : 'Добавить'}
      </button>
      <div className={styles.rowMessage} aria-live="polite">
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        {form.succeeded && <FormMessage kind="success">{type ? 'Сохранено' : 'Тип билета добавлен'}</FormMessage>}
      </div>
    </form>
  );
}
