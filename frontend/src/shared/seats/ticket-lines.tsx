/**
 * My seats with a ticket type each and what each costs (the popover and the checkout show the same),
 * then the quote's sum: the price without discounts, what the types and the promo code took off, the
 * total. A type the door checks says 'покажите документ на входе'; a session whose film may not be sold
 * at a discount says so.
 */
import { formatRoubles, seatLabel, type QuoteView, type TicketType } from '@kino/backend/contract';
import { choosableTypes, discounts, type ChosenLine } from './prices';
import styles from './ticket-lines.module.css';

interface TicketLinesProps {
  lines: readonly ChosenLine[];
  quote: QuoteView | null;
  types: readonly TicketType[];
  /** Zone code → name, for seats outside the standard zone. */
  zoneNames: ReadonlyMap<string, string>;
  /** Seat → its zone's code. */
  zones: ReadonlyMap<string, string>;
  onChoose(seat: string, type: string): void;
  disabled?: boolean;
  /** The quote is being asked again (a promo code): its prices are not shown until it comes. */
  pending?: boolean;
}

export function TicketLines({ lines, quote, types, zoneNames, zones, onChoose, disabled, pending }: TicketLinesProps) {
  const open = choosableTypes(types);
  const byCode = new Map(types.map((t) => [t.code, t]));
  return (
    <ul className={styles.lines} aria-label="Билеты">
      {lines.map((line, i) => {
        const quoted = quote?.lines.find((l) => l.seat_number === line.seat_number) ?? quote?.lines[i];
        const zone = zones.get(line.seat_number);
        const zoneName = zone && zone !== 'standard' ? zoneNames.get(zone) : undefined;
        const type = byCode.get(line.ticket_type);
        const id = `ticket-type-${line.seat_number}`;
        return (
          <li key={line.seat_number} className={styles.line}>
            <span className={styles.seat}>
              {seatLabel(line.seat_number)}
              {zoneName && <span className={styles.zone}>{zoneName}</span>}
            </span>
            {open.length > 1 ? (
              <select
                id={id}
                className={styles.type}
                value={line.ticket_type}
                disabled={disabled}
                aria-label={`Тип билета, ${seatLabel(line.seat_number)}`}
                onChange={(event) => onChoose(line.seat_number, event.target.value)}
              >
                {open.map((t) => (
                  <option key={t.code} value={t.code}>
                    {t.name}
                  </option>
                ))}
              </select>
            ) : (
              <span className={styles.type}>{type?.name ?? 'Взрослый'}</span>
            )}
            <span className={styles.price}>
              {pending || !quoted ? '…' : formatRoubles(quoted.price)}
              {quoted && !pending && quoted.price < quoted.base && (
                <s className={styles.base}>
                  <span className="visually-hidden">без скидки </span>
                  {formatRoubles(quoted.base)}
                </s>
              )}
            </span>
            {type?.check_document && <span className={styles.document}>Покажите документ на входе</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The sum of the quote: without discounts, the discounts, the total ('Итого' is the caller's). */
export function QuoteBreakdown({ quote }: { quote: QuoteView }) {
  const sums = discounts(quote);
  return (
    <>
      {quote.discounts_forbidden && (
        <p className={styles.forbidden}>Сеанс без скидок: по условию прокатчика все билеты продаются по полной цене</p>
      )}
      {(sums.type > 0 || sums.promo > 0) && (
        <dl className={styles.breakdown}>
          <dt>Без скидок</dt>
          <dd>{formatRoubles(sums.base)}</dd>
          {sums.type > 0 && (
            <>
              <dt>Скидка по типу билета</dt>
              <dd>−{formatRoubles(sums.type)}</dd>
            </>
          )}
          {sums.promo > 0 && (
            <>
              <dt>Промокод{quote.promo ? ` ${quote.promo.code}` : ''}</dt>
              <dd>−{formatRoubles(sums.promo)}</dd>
            </>
          )}
        </dl>
      )}
    </>
  );
}
