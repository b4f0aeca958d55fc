/** The mails about tickets, in Russian, as text and HTML: after a purchase, and after a refund. */
import { CINEMA, formatRoubles, formatSessionTime, seatLabel, type TicketView } from '@kino/backend/contract';
import { escapeHtml } from '@kino/backend/lib/html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Links {
  /** The site's public address (PUBLIC_URL). */
  siteUrl: string;
}

const sessionLine = (t: TicketView) => `${formatSessionTime(t.schedule.start_time)}, ${t.schedule.hall.name}`;
const ticketLine = (t: TicketView) => `Билет №${t.id}: ${seatLabel(t.seat_number)} — ${formatRoubles(t.price)}`;

/** Tickets grouped by session, in the order given. */
function bySession(tickets: TicketView[]): TicketView[][] {
  const groups = new Map<number, TicketView[]>();
  for (const t of tickets) groups.set(t.schedule.id, [...(groups.get(t.schedule.id) ?? []), t]);
  return [...groups.values()];
}

const page = (body: string) =>
  `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#111">${body}` +
  `<p style="color:#666;font-size:12px">${escapeHtml(CINEMA.name)} · ${escapeHtml(CINEMA.address)} · ${escapeHtml(CINEMA.phone)}</p>` +
  `</body></html>`;

export function ticketsSoldMail(
  fio: string,
  tickets: TicketView[],
  { siteUrl, refundCutoffMinutes }: Links & { refundCutoffMinutes: number },
): MailContent {
  const [first] = tickets;
  const total = tickets.reduce((sum, t) => sum + t.price, 0);
  const profile = `${siteUrl}/profile`;
  const groups = bySession(tickets);
  const subject =
    tickets.length === 1
      ? `Ваш билет на «${first!.schedule.movie.title}»`
      : `Ваши билеты на «${first!.schedule.movie.title}»`;
  const text = [
    `Здравствуйте, ${fio}!`,
    '',
    `Спасибо за покупку в кинотеатре «${CINEMA.shortName}».`,
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
  ].join('\n');
  const html = page(
    `<p>Здравствуйте, ${escapeHtml(fio)}!</p>` +
      `<p>Спасибо за покупку в кинотеатре «${escapeHtml(CINEMA.shortName)}».</p>` +
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
      `не позднее чем за ${refundCutoffMinutes} минут до начала сеанса.</p>`,
  );
  return { subject, text, html };
}

export function ticketRefundedMail(fio: string, ticket: TicketView, { siteUrl }: Links): MailContent {
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
    `<p>Здравствуйте, ${escapeHtml(fio)}!</p>` +
      `<p>Билет №${ticket.id} возвращён, место снова свободно.</p>` +
      `<p><b>«${escapeHtml(film)}»</b> (${ticket.schedule.movie.age}+)<br>${escapeHtml(sessionLine(ticket))}<br>` +
      `${escapeHtml(seatLabel(ticket.seat_number))}</p>` +
      `<p>Сумма к возврату: <b>${escapeHtml(formatRoubles(ticket.price))}</b></p>` +
      `<p><a href="${escapeHtml(`${siteUrl}/profile`)}">Ваши билеты</a></p>`,
  );
  return { subject, text, html };
}
