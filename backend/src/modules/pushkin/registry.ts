/**
 * What the jobs tell the Pushkin card ticket registry (REGISTRIES.md §2.3–2.6), each idempotent on the ticket's
 * pushkin_tickets row: register once the payment succeeded, report the refund, report the visit. A failure reply
 * (5xx, a timeout) throws, and the job is retried; a refusal (400) is final and recorded.
 *
 * Lost answers: every registration attempt is counted before its call; a retry first asks the registry by event and
 * barcode (the inspector's GET, §2.2), so a ticket the registry stored while its answer was lost is never posted
 * twice; and a refusal (the registry's duplicate answer, when that look-up missed the ticket) is checked the same
 * way before it counts, so a registered ticket's money is never sent back. The registry's id of such a ticket
 * stays unknown: the inspector's view (§2.2, TicketInfo) carries its status and session, not its id, and §2 has no
 * other way to find a ticket. Its visit goes by barcode; its refund is for staff to mark in the Pro.Культура
 * cabinet (the registry refunds by id only), and the orders list flags it (sweep.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import { parseSeatCode } from '../../contract/seats';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { RegistryError, registryHolds, type PushkaRegistry, type RegistryTicketInput } from '../../pushka';
import { paymentBecomes, refundBecomes } from '../orders/lifecycle';
import { signCheckInCode } from '../tickets/check-in-code';
import { ticketBecomes } from '../tickets/lifecycle';
import { acceptsPushkin } from './holder';
import { pushkinBecomes, pushkinWas } from './lifecycle';

const { pushkinTickets } = schema;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const money = (kopecks: number) => roublesOf(kopecks).toFixed(2);

/**
 * The card switched off (production without PUSHKA_API_URL): no Pushkin ticket is sold, and a job of one sold while it
 * was on leaves its row as it is (the sweep sends it again once the card is back on).
 */
function switchedOff(ctx: AppContext, ticketId: number, action: 'register' | 'refund' | 'visit'): boolean {
  if (acceptsPushkin(ctx)) return false;
  ctx.logger.info({ ticketId, action }, 'the Pushkin card is switched off (PUSHKA_API_URL unset): nothing is sent');
  return true;
}

/** The registry, or a failure the job retries (it is configured in every deployment that sells Pushkin tickets). */
function registryOf(ctx: AppContext): PushkaRegistry {
  if (!ctx.pushka.registry || !ctx.pushka.organizationId)
    throw new RegistryError(
      'unavailable',
      'The Pushkin card registry is not configured (PUSHKA_API_URL, PUSHKA_API_KEY, PUSHKA_ORGANIZATION_ID)',
    );
  return ctx.pushka.registry;
}

async function loadTicket(ctx: AppContext, ticketId: number) {
  return ctx.db.query.pushkinTickets.findFirst({
    where: eq(pushkinTickets.ticketId, ticketId),
    with: {
      ticket: { with: { refunds: true } },
      order: { with: { payments: true } },
      session: { with: { hall: true } },
    },
  });
}
type Loaded = NonNullable<Awaited<ReturnType<typeof loadTicket>>>;

/** The ticket's barcode: its QR check-in code (barcode_type 1, QR). */
export const barcodeOf = (ctx: AppContext, row: Pick<Loaded, 'ticket'>) =>
  signCheckInCode(ctx.config.appSecret, {
    ticketId: row.ticket.id,
    sessionId: row.ticket.sessionId,
    seat: row.ticket.seatNumber,
  });

/** POST /tickets's body (§2.3): money as strings, dates as unix seconds, the phone as 10 digits. */
export function registrationBody(ctx: AppContext, row: Loaded): RegistryTicketInput {
  const [last, first, ...middle] = row.visitorName.split(' ');
  const { row: seatRow, place } = parseSeatCode(row.ticket.seatNumber);
  const payment = row.order.payments.find((p) => p.status === paymentBecomes('succeed'));
  return {
    barcode: barcodeOf(ctx, row),
    barcode_type: '1',
    visitor: {
      full_name: row.visitorName,
      ...(first ? { first_name: first } : {}),
      ...(last ? { last_name: last } : {}),
      ...(middle.length > 0 ? { middle_name: middle.join(' ') } : {}),
    },
    buyer: { mobile_phone: row.visitorPhone },
    session: {
      event_id: row.eventId,
      organization_id: ctx.pushka.organizationId!,
      date: unix(row.session.startTime),
      place: row.session.hall.name,
      params: `${row.session.hall.name}, ряд ${seatRow}, место ${place}`,
    },
    payment: {
      id: payment?.providerPaymentId ?? `kino-order-${row.orderId}`,
      ...(row.order.cardRrn ? { rrn: row.order.cardRrn } : {}),
      date: unix(row.order.paidAt ?? row.ticket.purchaseDate),
      ticket_price: money(row.ticket.basePriceKopecks),
      amount: money(row.ticket.priceKopecks),
    },
    comment: `Заказ ${row.orderId}, билет ${row.ticket.id}`,
  };
}

export type RegistrationOutcome = 'registered' | 'refused' | 'skipped';

/** Registers a paid ticket; 'refused' when the registry said no (the caller refunds and staff see the flag). */
export async function registerPushkinTicket(ctx: AppContext, ticketId: number): Promise<RegistrationOutcome> {
  if (switchedOff(ctx, ticketId, 'register')) return 'skipped';
  const row = await loadTicket(ctx, ticketId);
  if (!row || row.status !== pushkinWas('register')) return 'skipped';
  const registry = registryOf(ctx);
  const body = registrationBody(ctx, row);
  if (row.attempts > 0) {
    // An earlier attempt's answer may have been lost after the registry stored the ticket.
    const known = await registry.findByBarcode(row.eventId, body.barcode);
    if (known && registryHolds(known)) {
      await settle(ctx, ticketId, 'register', { registryId: null, registeredAt: ctx.clock.now() });
      return 'registered';
    }
  }
  await ctx.db
    .update(pushkinTickets)
    .set({ attempts: sql`${pushkinTickets.attempts} + 1` })
    .where(eq(pushkinTickets.ticketId, ticketId));
  try {
    const answer = await registry.register(body);
    await settle(ctx, ticketId, 'register', {
      registryId: answer.id,
      registeredAt: ctx.clock.now(),
      error: null,
    });
    return 'registered';
  } catch (err) {
    if (!(err instanceof RegistryError)) throw err;
    if (err.kind === 'unavailable') {
      await ctx.db.update(pushkinTickets).set({ error: err.message }).where(eq(pushkinTickets.ticketId, ticketId));
      throw err;
    }
    // A refusal may be the registry's "already registered": an earlier attempt's answer was lost after it stored
    // the ticket (and the look-up above missed it). The registry is asked by barcode before the money goes back.
    const known = await registry.findByBarcode(row.eventId, body.barcode);
    if (known && registryHolds(known)) {
      await settle(ctx, ticketId, 'register', { registryId: null, registeredAt: ctx.clock.now(), error: null });
      return 'registered';
    }
    await settle(ctx, ticketId, 'refuse', {
      error: `${err.details.code ? `[${err.details.code}] ` : ''}${err.message}`,
    });
    return 'refused';
  }
}

/** Reports a refunded ticket's refund (§2.5); a ticket registered without an id is left to staff. */
export async function reportPushkinRefund(ctx: AppContext, ticketId: number): Promise<void> {
  if (switchedOff(ctx, ticketId, 'refund')) return;
  const row = await loadTicket(ctx, ticketId);
  if (!row || row.ticket.status !== ticketBecomes('refund')) return;
  // Still being registered: the refund follows once it is (the job is retried).
  if (row.status === pushkinWas('register'))
    throw new RegistryError('unavailable', `Pushkin ticket ${ticketId} is not registered yet: its refund waits`);
  if (row.status !== pushkinWas('refund')) return;
  if (!row.registryId) {
    await ctx.db
      .update(pushkinTickets)
      .set({ error: 'Реестр не сообщил id билета: отметьте возврат в кабинете Про.Культуры' })
      .where(eq(pushkinTickets.ticketId, ticketId));
    return;
  }
  const refund = row.ticket.refunds.find((r) => r.status === refundBecomes('succeed'));
  try {
    await registryOf(ctx).refund(row.registryId, {
      refund_date: unix(row.ticket.refundedAt ?? ctx.clock.now()),
      refund_reason: refund?.reason ?? 'Возврат билета',
      refund_ticket_price: money(row.ticket.priceKopecks),
    });
  } catch (err) {
    if (err instanceof RegistryError && err.kind === 'refused') {
      await ctx.db.update(pushkinTickets).set({ error: err.message }).where(eq(pushkinTickets.ticketId, ticketId));
      return;
    }
    throw err;
  }
  await settle(ctx, ticketId, 'refund', { refundReportedAt: ctx.clock.now(), error: null });
}

/** Reports an admitted ticket's visit at its scan time (§2.6); by barcode when the registry's id is unknown. */
export async function reportPushkinVisit(ctx: AppContext, ticketId: number): Promise<void> {
  if (switchedOff(ctx, ticketId, 'visit')) return;
  const row = await loadTicket(ctx, ticketId);
  if (!row?.ticket.usedAt) return;
  if (row.status === pushkinWas('register'))
    throw new RegistryError('unavailable', `Pushkin ticket ${ticketId} is not registered yet: its visit waits`);
  if (row.status !== pushkinWas('visit')) return;
  const registry = registryOf(ctx);
  const visitDate = unix(row.ticket.usedAt);
  try {
    if (row.registryId) await registry.visit(row.registryId, visitDate);
    else await registry.visitByBarcode(row.eventId, barcodeOf(ctx, row), visitDate);
  } catch (err) {
    if (err instanceof RegistryError && err.kind === 'refused') {
      await ctx.db.update(pushkinTickets).set({ error: err.message }).where(eq(pushkinTickets.ticketId, ticketId));
      return;
    }
    throw err;
  }
  await settle(ctx, ticketId, 'visit', { visitReportedAt: ctx.clock.now(), error: null });
}

/** Moves the row on by the transition (a repeated job finds it moved and changes nothing); the staff views follow. */
async function settle(
  ctx: AppContext,
  ticketId: number,
  transition: 'register' | 'refuse' | 'refund' | 'visit',
  set: Omit<Partial<typeof pushkinTickets.$inferInsert>, 'status'>,
): Promise<void> {
  await write(ctx, async (tx, changed) => {
    const [row] = await tx
      .update(pushkinTickets)
      .set({ ...set, status: pushkinBecomes(transition) })
      .where(and(eq(pushkinTickets.ticketId, ticketId), eq(pushkinTickets.status, pushkinWas(transition))))
      .returning({ orderId: pushkinTickets.orderId });
    if (row && transition === 'refuse') changed({ what: 'pushkin', action: 'refused', ticketIds: [ticketId] });
  });
}
