/**
 * Closing a shift: the cash counted in the drawer (roubles, kopecks after a comma), checked with the
 * contract's schema (the same Russian messages as the server's), then a confirmation that shows what the
 * drawer should hold now — asked again, sales may have come meanwhile — what was counted and the difference;
 * only then is the shift closed. The server's refusals (closed meanwhile) are shown in its own words.
 */
import { formatRoubles, ShiftCloseBodySchema, type ShiftView } from '@kino/backend/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { numberOf } from '../../../shared/lib/number-text';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, TextField } from '../../../shared/ui/form';
import { useCloseShift } from '../api/shifts';
import { differenceOf } from '../lib/count';
import { Difference } from './difference';
import styles from './shifts.module.css';

/** The field as typed ('12 345,50') read as the number the contract checks. */
const CloseFormSchema = z
  .object({ counted: z.string() })
  .transform((v) => ({ counted: numberOf(v.counted) }))
  .pipe(ShiftCloseBodySchema);

export function CloseShiftForm({
  shift,
  refresh,
  onClosed,
}: {
  shift: ShiftView;
  /** The shift as the server has it now (the expected cash moves with every sale while open). */
  refresh: () => Promise<ShiftView>;
  onClosed: () => void;
}) {
  const titleId = useId();
  const close = useCloseShift(shift.id);
  const [confirming, setConfirming] = useState<{ counted: number; expected: number } | null>(null);
  const fields = useRef<HTMLFormElement>(null);
  /** Back to the count: the dialog goes, the focus returns to the sum. */
  const recount = () => {
    setConfirming(null);
    requestAnimationFrame(() => fields.current?.querySelector('input')?.focus());
  };
  const form = useContractForm({
    schema: CloseFormSchema,
    initial: { counted: '' },
    mutation: close,
    toInput: (body) => ({ params: { id: shift.id }, body }),
    onSuccess: () => {
      setConfirming(null);
      onClosed();
    },
  });

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CloseFormSchema.safeParse(form.values);
    // Not a sum: the form names what to fix, and nothing is asked.
    if (!parsed.success) return form.submit();
    close.reset();
    const now = await refresh();
    if (now.status !== 'open') return;
    setConfirming({ counted: parsed.data.counted, expected: now.expected });
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Закрыть смену</h2>
      <form ref={fields} className={styles.closeForm} onSubmit={(e) => void ask(e)} noValidate>
        <TextField
          label="Пересчитанная наличность, ₽"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="Сколько денег в кассе сейчас, вместе с разменной суммой; копейки — через запятую"
          {...form.field('counted')}
        />
        <button type="submit" className={styles.primary}>
          Закрыть смену…
        </button>
      </form>
      {!confirming && form.message && <FormMessage kind="error">{form.message}</FormMessage>}
      {confirming && (
        <Dialog title={`Закрыть смену №${shift.id}?`} busy={form.saving} onClose={recount}>
          <div className={styles.confirm}>
            <dl className={styles.cash}>
              <dt>Ожидается в кассе</dt>
              <dd>{formatRoubles(confirming.expected)}</dd>
              <dt>Пересчитано</dt>
              <dd>{formatRoubles(confirming.counted)}</dd>
              <dt className={styles.strong}>Разница</dt>
              <dd className={styles.strong}>
                <Difference value={differenceOf(confirming.counted, confirming.expected)} />
              </dd>
            </dl>
            <p className={styles.muted}>
              После закрытия в этой смене нельзя продавать и возвращать билеты, а сумму — изменить.
            </p>
            {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
            {form.errors.counted && <FormMessage kind="error">{form.errors.counted}</FormMessage>}
            <div className={styles.buttons}>
              {/* The safe choice has the focus: Enter on the opened dialog does not close the shift by accident. */}
              <button type="button" className={styles.button} onClick={recount} disabled={form.saving} autoFocus>
                Пересчитать заново
              </button>
              <button
                type="button"
                className={styles.primary}
                onClick={() => form.submit()}
                disabled={form.saving}
                aria-busy={form.saving}
              >
                {form.saving ? 'Закрываем…' : 'Закрыть смену'}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
