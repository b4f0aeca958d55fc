/**
 * Price cards: the list (with how many future sessions sell on each), a card's editor in a dialog —
 * its name and a zone × ticket type grid of prices in roubles, where the adult column is each
 * zone's price and any other cell, when filled, overrides the type's rule — and deletion (the server
 * refuses a card sessions sell on: 409, shown in its words).
 */
import {
  ADULT_TICKET_TYPE,
  formatRoubles,
  PriceCardBodySchema,
  type PriceCard,
  type SeatZone,
  type TicketType,
} from '@kino/backend/contract';
import { useId, useState, type FormEvent } from 'react';
import { formErrors } from '../../../shared/api/form-errors';
import { Dialog } from '../../../shared/ui/dialog';
import { FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { ErrorState } from '../../../shared/ui/query-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { RowActions, RowButton } from '../../../shared/ui/row-actions';
import { useDeleteCard, usePriceCards, useSaveCard, useSeatZones, useTicketTypes } from '../api/prices';
import { cellErrors, cellKey, gridOf, pricesOf, rulePrice, type CardGrid } from '../lib/card-grid';
import { numberOf } from '../../../shared/lib/number-text';
import styles from './prices.module.css';

type Editing = { card?: PriceCard } | null;

export function PriceCardsSection() {
  const cards = usePriceCards();
  const zones = useSeatZones();
  const types = useTicketTypes();
  const remove = useDeleteCard();
  const [editing, setEditing] = useState<Editing>(null);
  const titleId = useId();
  const zoneName = (code: string) => zones.data?.find((z) => z.code === code)?.name ?? code;
  // The zones' own order (Стандарт, VIP, Диван); an unknown zone last.
  const zoneOrder = (code: string) => {
    const index = zones.data?.findIndex((z) => z.code === code) ?? -1;
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };

  const del = (card: PriceCard) => {
    if (!window.confirm(`Удалить ценовую карту «${card.name}»?`)) return;
    remove.mutate({ params: { id: String(card.id) } });
  };
  const failed = cards.isError || zones.isError || types.isError;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId}>Ценовые карты</h2>
        <button
          type="button"
          className={styles.add}
          disabled={!zones.data || !types.data}
          onClick={() => setEditing({})}
        >
          Новая ценовая карта
        </button>
      </div>
      {remove.isError && <FormMessage kind="error">Карта не удалена: {remove.error.message}</FormMessage>}
      {remove.isSuccess && <FormMessage kind="success">Карта удалена</FormMessage>}
      {failed ? (
        <ErrorState
          message="Не удалось загрузить ценовые карты"
          onRetry={() => void Promise.all([cards.refetch(), zones.refetch(), types.refetch()])}
        />
      ) : !cards.data ? (
        <PageLoader label="Загрузка ценовых карт..." />
      ) : cards.data.length === 0 ? (
        <p className={styles.empty}>Ценовых карт пока нет: сеансы продаются по своей цене</p>
      ) : (
        <div className={styles.scroll} role="region" aria-label="Ценовые карты: таблица" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Название</th>
                <th scope="col">Взрослый билет по зонам</th>
                <th scope="col" className={styles.numeric}>
                  Сеансов
                </th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Действия</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.data.map((card) => (
                <tr key={card.id}>
                  <td>{card.name}</td>
                  <td>
                    {card.prices
                      .filter((p) => p.ticket_type === ADULT_TICKET_TYPE)
                      .toSorted((a, b) => zoneOrder(a.zone) - zoneOrder(b.zone))
                      .map((p) => `${zoneName(p.zone)} ${formatRoubles(p.price)}`)
                      .join(' · ')}
                  </td>
                  <td className={styles.numeric}>{card.sessions}</td>
                  <td>
                    <RowActions>
                      <RowButton onClick={() => setEditing({ card })} aria-label={`Изменить карту «${card.name}»`}>
                        Изменить
                      </RowButton>
                      <RowButton
                        danger
                        onClick={() => del(card)}
                        disabled={remove.isPending}
                        aria-label={`Удалить карту «${card.name}»`}
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
      {editing && zones.data && types.data && (
        <CardDialog card={editing.card} zones={zones.data} types={types.data} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

function CardDialog({
  card,
  zones,
  types,
  onClose,
}: {
  card?: PriceCard;
  zones: SeatZone[];
  types: TicketType[];
  onClose: () => void;
}) {
  const mutation = useSaveCard(card?.id);
  const [name, setName] = useState(card?.name ?? '');
  const [grid, setGrid] = useState<CardGrid>(() => gridOf(card));
  const [sent, setSent] = useState<string[]>([]);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = formErrors(mutation.error);
  const errors = { ...cellErrors(server.fields, sent), ...checked };
  // Inactive types keep their column when the card prices them.
  const columns = types.filter((t) => t.active || Object.keys(grid).some((k) => k.endsWith(`/${t.code}`) && grid[k]));
  const adult = columns.find((t) => t.code === ADULT_TICKET_TYPE);
  const others = columns.filter((t) => t.code !== ADULT_TICKET_TYPE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { prices, cells } = pricesOf(grid);
    const parsed = PriceCardBodySchema.safeParse({ name, prices });
    if (!parsed.success) {
      const issues: Record<string, string> = {};
      for (const issue of parsed.error.issues) issues[issue.path.map(String).join('.') || '_'] ??= issue.message;
      return setChecked(cellErrors(issues, cells));
    }
    setChecked({});
    setSent(cells);
    mutation.mutate(parsed.data, { onSuccess: onClose });
  };
  const cell = (zone: SeatZone, type: TicketType) => {
    const key = cellKey(zone.code, type.code);
    const base = numberOf(grid[cellKey(zone.code, ADULT_TICKET_TYPE)]);
    const hint = type.code === ADULT_TICKET_TYPE ? undefined : rulePrice(base, type);
    const error = errors[key];
    return (
      <td key={key}>
        <input
          className={formStyles.input}
          inputMode="decimal"
          value={grid[key] ?? ''}
          placeholder={
            hint === undefined ? (type.code === ADULT_TICKET_TYPE ? '—' : 'по правилу') : String(hint).replace('.', ',')
          }
          aria-label={`${zone.name}, ${type.name}, ₽`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${key}-error` : undefined}
          onChange={(e) => {
            setGrid({ ...grid, [key]: e.target.value });
            setChecked(({ [key]: _fixed, ...rest }) => rest);
          }}
        />
        {error && (
          <span id={`${key}-error`} className={formStyles.error}>
            {error}
          </span>
        )}
      </td>
    );
  };

  return (
    <Dialog
      title={card ? `Ценовая карта «${card.name}»` : 'Новая ценовая карта'}
      busy={mutation.isPending}
      wide
      onClose={onClose}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label="Название"
          name="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setChecked(({ name: _fixed, ...rest }) => rest);
          }}
          error={errors.name}
        />
        <p className={formStyles.hint}>
          Цены в рублях. Столбец «{adult?.name ?? 'Взрослый'}» — цена места в зоне; в других столбцах заполните ячейку,
          только если тип должен стоить иначе, чем по его правилу (подсказка в пустой ячейке).
          {card &&
            card.sessions > 0 &&
            ` По этой карте продаются сеансы (${card.sessions}): проданные билеты не изменятся.`}
        </p>
        {errors.prices && <FormMessage kind="error">{errors.prices}</FormMessage>}
        <div className={styles.scroll}>
          <table className={`${styles.table} ${styles.grid}`}>
            <caption className={styles.visuallyHidden}>Цены по зонам и типам билетов</caption>
            <thead>
              <tr>
                <th scope="col">Зона</th>
                {[adult, ...others]
                  .filter((t) => t !== undefined)
                  .map((t) => (
                    <th key={t.code} scope="col">
                      {t.name}
                    </th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {zones.map((zone) => (
                <tr key={zone.code}>
                  <th scope="row">{zone.name}</th>
                  {[adult, ...others].filter((t) => t !== undefined).map((t) => cell(zone, t))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {server.message && <FormMessage kind="error">{server.message}</FormMessage>}
        <div className={styles.buttons}>
          <SubmitButton saving={mutation.isPending}>{card ? 'Сохранить карту' : 'Создать карту'}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
