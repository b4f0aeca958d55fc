/**
 * Seat zones (Стандарт, VIP, Диван) named and coloured in place: each a row of its own form saved with
 * PUT /api/seat-zones/{code}. What a zone costs is on the price cards; which seats are in it, on the
 * hall plans. Checked with the contract's schema first; the server's messages land beside the fields.
 */
import { SeatZoneBodySchema, ZoneCodeSchema, type SeatZone } from '@kino/backend/contract';
import { useId } from 'react';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormMessage, TextField, formStyles } from '../../../shared/ui/form';
import { QueryState } from '../../../shared/ui/query-state';
import { useSaveSeatZone, useSeatZones } from '../api/prices';
import { smallButtonClass } from '../../../shared/ui/row-actions';
import styles from './prices.module.css';

const RowSchema = SeatZoneBodySchema.safeExtend({ code: ZoneCodeSchema });

export function SeatZonesSection() {
  const zones = useSeatZones();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Зоны мест</h2>
      <p className={formStyles.hint}>
        Название и цвет зоны видят зрители в легенде схемы зала. Диван продаётся двумя местами вместе.
      </p>
      <QueryState query={zones} loading="Загрузка зон..." error="Не удалось загрузить зоны">
        {(list) => (
          <div className={styles.typeList}>
            {list.map((zone) => (
              <SeatZoneRow key={zone.code} zone={zone} />
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function SeatZoneRow({ zone }: { zone: SeatZone }) {
  const mutation = useSaveSeatZone();
  const form = useContractForm({
    schema: RowSchema,
    initial: { code: zone.code, name: zone.name, color: zone.color },
    mutation,
    toInput: ({ code, ...body }) => ({ params: { code }, body }),
  });
  const colorField = form.field('color');
  return (
    <form className={styles.typeRow} onSubmit={form.submit} noValidate aria-label={`Зона «${zone.name}»`}>
      <span className={styles.code} title="Код зоны">
        {zone.code}
      </span>
      <TextField label="Название" {...form.field('name')} />
      <TextField label="Цвет (#rrggbb)" {...colorField} />
      <label className={styles.check}>
        <input
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(String(form.values.color)) ? String(form.values.color) : '#000000'}
          onChange={(e) => form.set('color', e.target.value)}
          aria-label={`Цвет зоны «${zone.name}» на схеме`}
        />
      </label>
      <button type="submit" className={smallButtonClass} disabled={form.saving} aria-busy={form.saving}>
        {form.saving ? 'Сохранение...' : 'Сохранить'}
      </button>
      <div className={styles.rowMessage} aria-live="polite">
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        {form.succeeded && <FormMessage kind="success">Сохранено</FormMessage>}
      </div>
    </form>
  );
}
