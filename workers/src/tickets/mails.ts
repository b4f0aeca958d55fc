/** The mails about tickets, in Russian, as text and HTML: after a purchase, and after a refund. */
import {
  cinemaAddress,
  cinemaName,
  formatRoubles,
  formatSessionTime,
  kopecksOf,
  roublesOf,
  parseSeatCode,
  seatLabel,
  STANDARD_ZONE,
  toCinemaIso,
  toCinemaTime,
  type CinemaSettings,
  type TicketView,
} from '@kino/backend/contract';
import { escapeHtml } from '@kino/backend/lib/documents/html';
import type { PaymentMode } from '@kino/backend/payments/yookassa/requests';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Links {
  /** The site's public address (PUBLIC_URL). */
  siteUrl: string;
  /** The cinema's details as the settings have them (cinemaSettings(ctx)); null before the first setup. */
  cinema: CinemaSettings | null;
}

const sessionLine = (t: TicketView) => `${formatSessionTime(t.schedule.start_time)}, ${t.schedule.hall.name}`;
/** 'Билет №7: Ряд 3, место 5 (VIP), детский — 315 ₽ (покажите документ на входе)'. */
const ticketLine = (t: TicketView) => {
  const zone = t.zone.code === STANDARD_ZONE ? '' : ` (${t.zone.name})`;
  const check = t.ticket_type.check_document ? ' (покажите документ на входе)' : '';
  return `Билет №${t.id}: ${seatLabel(t.seat_number)}${zone}, ${t.ticket_type.name.toLowerCase()} — ${formatRoubles(t.price)}${check}`;
};

/** Tickets grouped by session, in the order given. */
function bySession(tickets: TicketView[]): TicketView[][] {
  const groups = new Map<number, TicketView[]>();
  for (const t of tickets) groups.set(t.schedule.id, [...(groups.get(t.schedule.id) ?? []), t]);
  return [...groups.values()];
}

/**
 * Mail markup (schema.org EventReservation, one per ticket): the mail client shows the booking — its
 * number, the buyer, the session in its hall — and a refund as cancelled.
 */
function reservations(
  fio: string,
  tickets: TicketView[],
  status: 'Confirmed' | 'Cancelled',
  { siteUrl, cinema }: Links,
) {
  const data = tickets.map((t) => {
    const { row, place } = parseSeatCode(t.seat_number);
    return {
      '@context': 'https://schema.org',
      '@type': 'EventReservation',
      reservationNumber: String(t.id),
      reservationStatus: `https://schema.org/Reservation${status}`,
      underName: { '@type': 'Person', name: fio },
      reservationFor: {
        '@type': 'ScreeningEvent',
        name: t.schedule.movie.title,
        startDate: toCinemaIso(t.schedule.start_time),
        endDate: toCinemaIso(t.schedule.end_time),
        workPresented: { '@type': 'Movie', name: t.schedule.movie.title },
        location: {
          '@type': 'MovieTheater',
          name: cinemaName(cinema),
          ...(cinema
            ? {
                address: {
                  '@type': 'PostalAddress',
                  streetAddress: cinema.street_address,
                  addressLocality: cinema.city,
                  ...(cinema.postal_code ? { postalCode: cinema.postal_code } : {}),
                  addressCountry: 'RU',
                },
              }
            : {}),
          containsPlace: { '@type': 'Place', name: t.schedule.hall.name },
        },
      },
      reservedTicket: {
        '@type': 'Ticket',
        ticketNumber: String(t.id),
        totalPrice: t.price,
        priceCurrency: 'RUB',
        ticketedSeat: { '@type': 'Seat', seatRow: String(row), seatNumber: String(place) },
      },
      modifyReservationUrl: `${siteUrl}/profile`,
    };
  });
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The cinema's name, address and phone under every mail (the name alone before the first setup). */
const signature = (cinema: CinemaSettings | null) =>
  (cinema ? [cinema.name, cinemaAddress(cinema), cinema.phone] : [cinemaName(cinema)]).map(escapeHtml).join(' · ');

const page = (cinema: CinemaSettings | null, body: string, markup = '') =>
  `<!doctype html><html lang="ru"><head>${markup}</head><body style="font-family:Arial,sans-serif;color:#111">${body}` +
  `<p style="color:#666;font-size:12px">${signature(cinema)}</p>` +
  `</body></html>`;

/** What the fiscal receipt of a paid order lists (54-FZ): one item per ticket. */
export interface ReceiptSummary {
  orderId: number;
  /** The provider's payment id; null for an order paid without one. */
  paymentId: string | null;
  items: { text: string; kopecks: number }[];
  vatCode: number;
  /** The receipt's payment mode as configured (YOOKASSA_PAYMENT_MODE). */
  paymentMode: PaymentMode;
}

const VAT_LABELS: Record<number, string> = { 1: 'без НДС', 2: 'НДС 0%', 3: 'НДС 10%', 4: 'НДС 20%', 11: 'НДС 22%' };
/** The receipt's «признак способа расчёта» as the receipt prints it (54-FZ). */
const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  full_payment: 'полный расчёт',
  full_prepayment: 'предоплата 100%',
};

function receiptLines(receipt: ReceiptSummary): string[] {
  const total = receipt.items.reduce((sum, item) => sum + item.kopecks, 0);
  return [
    `Кассовый чек по заказу №${receipt.orderId}${receipt.paymentId ? ` (платёж ${receipt.paymentId})` : ''}:`,
    ...receipt.items.map((item) => `${item.text} — 1 × ${formatRoubles(roublesOf(item.kopecks))}`),
    `Итого: ${formatRoubles(roublesOf(total))}, ${VAT_LABELS[receipt.vatCode] ?? `ставка НДС ${receipt.vatCode}`}, ${PAYMENT_MODE_LABELS[receipt.paymentMode]}, услуга`,
    'Электронный чек придёт на этот адрес отдельным письмом от онлайн-кассы.',
  ];
}

export function ticketsSoldMail(
  fio: string,
  tickets: TicketView[],
  { refundCutoffMinutes, receipt, ...links }: Links & { refundCutoffMinutes: number; receipt?: ReceiptSummary },
): MailContent {
  const { siteUrl, cinema } = links;
  // 'в кинотеатре «Ракета»'; before the first setup, plainly 'в кинотеатре'.
  const where = cinema ? `в кинотеатре «${cinema.short_name}»` : 'в кинотеатре';
  const [first] = tickets;
  const total = roublesOf(tickets.reduce((sum, t) => sum + kopecksOf(t.price), 0));
  const profile = `${siteUrl}/profile`;
  const groups = bySession(tickets);
  const subject =
    tickets.length === 1
      ? `Ваш билет на «${first!.schedule.movie.title}»`
      : `Ваши билеты на «${first!.schedule.movie.title}»`;
  const text = [
    `Здравствуйте, ${fio}!`,
    '',
    `Спасибо за покупку ${where}.`,
    '',
    ...groups.flatMap((group) => [
      `«${group[0]!.schedule.movie.title}» (${group[0]!.schedule.movie.age}+)`,
      sessionLine(group[0]!),
      ...group.map(ticketLine),
      '',
    ]),
    `Итого: ${formatRoubles(total)}`,
    '',
    'Билеты — во вложении (PDF). На входе покажите QR-код билета с телефона или на распечатке.',
    `Билеты с QR-кодами есть и в профиле: ${profile}`,
    `Вернуть билет можно в профиле не позднее чем за ${refundCutoffMinutes} минут до начала сеанса.`,
    ...(receipt ? ['', ...receiptLines(receipt)] : []),
  ].join('\n');
  const html = page(
    cinema,
    `<p>Здравствуйте, ${escapeHtml(fio)}!</p>` +
      `<p>Спасибо за покупку ${escapeHtml(where)}.</p>` +
      groups
        .map(
          (group) =>
            `<h2 style="margin:16px 0 4px">«${escapeHtml(group[0]!.schedule.movie.title)}» ` +
            `<small>${group[0]!.schedule.movie.age}+</small></h2>` +
            `<p style="margin:0 0 8px">${escapeHtml(sessionLine(group[0]!))}</p>` +
            `<ul>${group.map((t) => `<li>${escapeHtml(ticketLine(t))}</li>`).join('')}</ul>`,
        )
        .join('') +
      `<p><b>Итого: ${escapeHtml(formatRoubles(total))}</b></p>` +
      '<p>Билеты — во вложении (PDF). На входе покажите QR-код билета с телефона или на распечатке.</p>' +
      `<p><a href="${escapeHtml(profile)}">Мои билеты в профиле</a>. Вернуть билет можно в профиле ` +
      `не позднее чем за ${refundCutoffMinutes} минут до начала сеанса.</p>` +
      (receipt ? `<p style="color:#444">${receiptLines(receipt).map(escapeHtml).join('<br>')}</p>` : ''),
    reservations(fio, tickets, 'Confirmed', links),
  );
  return { subject, text, html };
}

export function ticketRefundedMail(fio: string, ticket: TicketView, links: Links): MailContent {
  const { siteUrl, cinema } = links;
  const film = ticket.schedule.movie.title;
  const subject = `Билет №${ticket.id} на «${film}» возвращён`;
  const text = [
    `Здравствуйте, ${fio}!`,
    '',
    `Билет №${ticket.id} возвращён, место снова свободно.`,
    '',
    `«${film}» (${ticket.schedule.movie.age}+)`,
    sessionLine(ticket),
    seatLabel(ticket.seat_number),
    `Сумма к возврату: ${formatRoubles(ticket.price)}`,
    '',
    `Ваши билеты: ${siteUrl}/profile`,
  ].join('\n');
  const html = page(
    cinema,
    `<p>Здравствуйте, ${escapeHtml(fio)}!</p>` +
      `<p>Билет №${ticket.id} возвращён, место снова свободно.</p>` +
      `<p><b>«${escapeHtml(film)}»</b> (${ticket.schedule.movie.age}+)<br>${escapeHtml(sessionLine(ticket))}<br>` +
      `${escapeHtml(seatLabel(ticket.seat_number))}</p>` +
      `<p>Сумма к возврату: <b>${escapeHtml(formatRoubles(ticket.price))}</b></p>` +
      `<p><a href="${escapeHtml(`${siteUrl}/profile`)}">Ваши билеты</a></p>`,
    reservations(fio, [ticket], 'Cancelled', links),
  );
  return { subject, text, html };
}

/** A payment that came after its order expired and its seats were sold again: it goes back whole. */
export function lateRefundMail(
  fio: string,
  order: { id: number; totalKopecks: number; session: { startTime: Date; film: { title: string } } },
  /** Why the money bought nothing (modules/orders/mark-paid.ts MONEY_REFUSALS). */
  reason: string,
  { siteUrl, cinema }: Links,
): MailContent {
  const film = order.session.film.title;
  const when = formatSessionTime(toCinemaTime(order.session.startTime));
  const amount = formatRoubles(roublesOf(order.totalKopecks));
  const subject = `Оплата заказа №${order.id} возвращается`;
  const lines = [
    `Здравствуйте, ${fio}!`,
    '',
    `Заказ №${order.id} на «${film}» (${when}). ${reason}.`,
    'Билеты не оформлены.',
    `Мы вернули ${amount} тем же способом, которым вы платили; деньги обычно приходят за несколько дней.`,
    '',
    `Выбрать другие места: ${siteUrl}/#schedule`,
  ];
  const html = page(cinema, lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''));
  return { subject, text: lines.join('\n'), html };
}

/** A session was cancelled: how the buyer's money comes back (online: to the card; at the till: at the counter). */
export function sessionCancelledMail(
  fio: string,
  session: { startTime: Date; reason: string; film: { title: string }; hall: { name: string } },
  ticketIds: number[],
  paidAtTill: boolean,
  { siteUrl, cinema }: Links,
): MailContent {
  const film = session.film.title;
  const when = formatSessionTime(toCinemaTime(session.startTime));
  const subject = `Сеанс «${film}» ${when} отменён`;
  const lines = [
    `Здравствуйте, ${fio}!`,
    '',
    `Сеанс «${film}» (${when}, ${session.hall.name}) отменён. Причина: ${session.reason}.`,
    `Ваши билеты: ${ticketIds.map((id) => `№${id}`).join(', ')}.`,
    paidAtTill
      ? 'Деньги за билеты, купленные в кассе, вернут в кассе кинотеатра: возьмите с собой билеты.'
      : 'Деньги вернутся тем же способом, которым вы платили; обычно они приходят за несколько дней.',
    '',
    `Выбрать другой сеанс: ${siteUrl}/#schedule`,
  ];
  const html = page(cinema, lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''));
  return { subject, text: lines.join('\n'), html };
}
