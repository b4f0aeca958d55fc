import type { QuoteView, TicketType } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuoteBreakdown, TicketLines } from './ticket-lines';

const types: TicketType[] = [
  { code: 'adult', name: 'Взрослый', rule: 'full', value: 0, check_document: false, active: true },
  { code: 'child', name: 'Детский', rule: 'percent', value: 30, check_document: true, active: true },
];
const line = (seat: string, type: string, base: number, typeOff: number, promoOff = 0) => ({
  seat_number: seat,
  zone: 'vip',
  ticket_type: type,
  base,
  type_discount: typeOff,
  promo_discount: promoOff,
  price: base - typeOff - promoOff,
});
const quote: QuoteView = {
  lines: [line('r10m1', 'adult', 700, 0, 70), line('r10m2', 'child', 700, 210, 49)],
  total: 1071,
  promo: { code: 'SEMYA', discount: 119 },
  promo_error: null,
  discounts_forbidden: false,
};
/** Text without tags, spaces as one. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ticket lines', () => {
  const html = renderToStaticMarkup(
    <TicketLines
      lines={[
        { seat_number: 'r10m1', ticket_type: 'adult' },
        { seat_number: 'r10m2', ticket_type: 'child' },
      ]}
      quote={quote}
      types={types}
      zones={
        new Map([
          ['r10m1', 'vip'],
          ['r10m2', 'vip'],
        ])
      }
      zoneNames={new Map([['vip', 'VIP']])}
      onChoose={() => undefined}
    />,
  );

  it('names each seat with its zone, a type to choose and its price, the one before discounts struck', () => {
    expect(html).toContain('aria-label="Тип билета, Ряд 10, место 2"');
    expect(text(html)).toContain('Ряд 10, место 1 VIP');
    expect(text(html)).toMatch(/630 ₽ без скидки 700 ₽/);
    expect(text(html)).toMatch(/441 ₽ без скидки 700 ₽/);
  });

  it('asks for the document only for the type the door checks', () => {
    expect(html.match(/Покажите документ на входе/g)).toHaveLength(1);
  });
});

describe('quote breakdown', () => {
  it('shows the price without discounts and what the types and the code took off', () => {
    expect(text(renderToStaticMarkup(<QuoteBreakdown quote={quote} />))).toBe(
      ' Без скидок 1 400 ₽ Скидка по типу билета −210 ₽ Промокод SEMYA −119 ₽ ',
    );
  });

  it('says when the distributor forbids discounts, and shows no breakdown without any', () => {
    const full = {
      ...quote,
      lines: [line('r10m1', 'child', 700, 0)],
      total: 700,
      promo: null,
      discounts_forbidden: true,
    };
    const html = text(renderToStaticMarkup(<QuoteBreakdown quote={full} />));
    expect(html).toContain('Сеанс без скидок');
    expect(html).not.toContain('Без скидок 700');
  });
});
