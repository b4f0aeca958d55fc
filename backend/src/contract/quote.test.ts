/** quote(): every combination of zone × ticket type × card × promo code × the film's no-discount period. */
import { describe, expect, it } from 'vitest';
import { MIN_TICKET_KOPECKS, quote, QuoteError, type PriceTable, type QuoteInput, type QuoteTicketType } from './quote';

const TYPES: QuoteTicketType[] = [
  { code: 'adult', rule: 'full', value: 0 },
  { code: 'child', rule: 'percent', value: 30 },
  { code: 'student', rule: 'percent', value: 20 },
  { code: 'pensioner', rule: 'fixed', value: 25_000 },
];
/** The standard card, and a morning card whose VIP child price is its own cell. */
const CARDS: Record<string, PriceTable> = {
  standard: { standard: { adult: 45_000 }, vip: { adult: 80_000 }, sofa: { adult: 60_000 } },
  morning: { standard: { adult: 31_500 }, vip: { adult: 56_000, child: 30_000 }, sofa: { adult: 42_000 } },
};
const base = (card: string, zone: string) => CARDS[card]![zone]!.adult!;

/** What a type makes of a base price (the card's own cell first). */
function expectedAfterType(card: string, zone: string, type: string): number {
  const b = base(card, zone);
  const own = CARDS[card]![zone]![type];
  if (own !== undefined && type !== 'adult') return Math.min(own, b);
  switch (type) {
    case 'child':
      return b - Math.round(b * 0.3);
    case 'student':
      return b - Math.round(b * 0.2);
    case 'pensioner':
      return Math.min(25_000, b);
    default:
      return b;
  }
}

const input = (over: Partial<QuoteInput>): QuoteInput => ({
  card: CARDS.standard!,
  types: TYPES,
  lines: [],
  promo: null,
  sessionDate: '2026-12-10',
  noDiscountUntil: null,
  ...over,
});

const zones = ['standard', 'vip', 'sofa'];
const types = TYPES.map((t) => t.code);
const promos = [
  null,
  { code: 'MINUS10', kind: 'percent' as const, value: 10 },
  { code: 'GIFT100', kind: 'amount' as const, value: 10_000 },
];
const periods = [null, '2026-12-01', '2026-12-10', '2026-12-31'];

describe('quote', () => {
  for (const card of Object.keys(CARDS))
    for (const zone of zones)
      for (const type of types)
        for (const promo of promos)
          for (const until of periods) {
            const forbidden = until !== null && until >= '2026-12-10';
            it(`${card} card, ${zone} seat, ${type}, ${promo?.code ?? 'no code'}, ${until ? `no discounts until ${until}` : 'discounts allowed'}`, () => {
              const q = quote(
                input({
                  card: CARDS[card]!,
                  lines: [{ seat: 'r5m5', zone, ticketType: type }],
                  promo,
                  noDiscountUntil: until,
                }),
              );
              const [line] = q.lines;
              const b = base(card, zone);
              const afterType = forbidden ? b : expectedAfterType(card, zone, type);
              const room = afterType - MIN_TICKET_KOPECKS;
              const promoOff =
                forbidden || !promo
                  ? 0
                  : promo.kind === 'percent'
                    ? Math.round(afterType * 0.1)
                    : Math.min(10_000, room);
              expect(line).toEqual({
                seat: 'r5m5',
                zone,
                ticketType: type,
                base: b,
                typeDiscount: b - afterType,
                promoDiscount: promoOff,
                price: afterType - promoOff,
              });
              expect(q.total).toBe(line!.price);
              expect(q.discountsForbidden).toBe(forbidden);
              expect(q.promo).toEqual(promo && !forbidden ? { code: promo.code, discount: promoOff } : null);
              expect(line!.base - line!.typeDiscount - line!.promoDiscount).toBe(line!.price);
            });
          }

  it('prices a family in the VIP row with a 10 % code: 720 + 720 + 504 = 1 944 ₽', () => {
    const q = quote(
      input({
        lines: [
          { seat: 'r10m5', zone: 'vip', ticketType: 'adult' },
          { seat: 'r10m6', zone: 'vip', ticketType: 'adult' },
          { seat: 'r10m7', zone: 'vip', ticketType: 'child' },
        ],
        promo: { code: 'FAMILY', kind: 'percent', value: 10 },
      }),
    );
    expect(q.lines.map((l) => [l.base, l.typeDiscount, l.promoDiscount, l.price])).toEqual([
      [80_000, 0, 8_000, 72_000],
      [80_000, 0, 8_000, 72_000],
      [80_000, 24_000, 5_600, 50_400],
    ]);
    expect(q.total).toBe(194_400);
  });

  it('shares an amount off over the lines in whole kopecks, the remainder to the last; the total agrees to the kopeck', () => {
    const q = quote(
      input({
        lines: [
          { seat: 'r1m1', zone: 'standard', ticketType: 'adult' },
          { seat: 'r1m2', zone: 'standard', ticketType: 'adult' },
          { seat: 'r1m3', zone: 'standard', ticketType: 'adult' },
        ],
        promo: { code: 'GIFT', kind: 'amount', value: 10_000 },
      }),
    );
    expect(q.lines.map((l) => l.promoDiscount)).toEqual([3333, 3333, 3334]);
    expect(q.promo).toEqual({ code: 'GIFT', discount: 10_000 });
    expect(q.total).toBe(3 * 45_000 - 10_000);
  });

  it('never takes a ticket below 1 ₽: a 100 % code or an amount larger than the order leaves 1 ₽ a ticket', () => {
    const lines = [
      { seat: 'r1m1', zone: 'standard', ticketType: 'adult' },
      { seat: 'r1m2', zone: 'standard', ticketType: 'child' },
    ];
    for (const promo of [
      { code: 'FREE', kind: 'percent' as const, value: 100 },
      { code: 'HUGE', kind: 'amount' as const, value: 10_000_000 },
    ]) {
      const q = quote(input({ lines, promo }));
      expect(q.lines.map((l) => l.price)).toEqual([MIN_TICKET_KOPECKS, MIN_TICKET_KOPECKS]);
    }
  });

  it('refuses a zone the card does not price and a ticket type that does not exist', () => {
    expect(() => quote(input({ lines: [{ seat: 'r1m1', zone: 'balcony', ticketType: 'adult' }] }))).toThrow(QuoteError);
    expect(() => quote(input({ lines: [{ seat: 'r1m1', zone: 'standard', ticketType: 'veteran' }] }))).toThrow(
      /unknown_ticket_type/,
    );
  });
});
