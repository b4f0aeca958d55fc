/**
 * The ЕАИС report: every sale and refund not yet reported, one document per session
 * (format.ts), delivered to EAIS_URL (POST, basic credentials) or written to DATA_DIR/eais/ when
 * unset. Each delivery is a row of eais_reports (pending → delivered or failed, with the error); the
 * tickets of a delivered document record when their sale and refund were reported. A failure is
 * thrown once the other sessions are done, so the job fails and BullMQ retries it (the queue monitor
 * shows it); the lines stay unreported until a delivery succeeds. Runs never overlap (the lock below), and
 * the staff dashboard hears of each run that delivered or failed something (its ЕАИС panel, eais/state.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { parseSeatCode } from '../../contract/seats';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { describeError } from '../../lib/infra/operator-messages';
import { withRedisLock, type HeldLock } from '../../lib/infra/redis-lock';
import { emitterFor } from '../../realtime/emitter';
import { STAFF_ROOM } from '../../realtime/rooms';
import { eaisDocument, type EaisDocument, type EaisLine } from './format';

const { tickets, orders, sessions, films, payments, eaisReports } = schema;

type EaisContext = Pick<AppContext, 'db' | 'config' | 'logger' | 'redis' | 'keys'>;

export interface EaisRunResult {
  delivered: number;
  failed: number;
  sales: number;
  refunds: number;
  /** Another run held the lock: this one did nothing (that run reports everything). */
  skipped?: true;
}

/**
 * One run at a time, across every worker process: two runs reading the same unreported lines would each
 * send the session's document. The lock is Redis's (lib/infra/redis-lock.ts), not a PostgreSQL advisory lock:
 * a run spends most of its time on deliveries (HTTP, up to 30 s each), and an advisory lock would have to
 * hold one pooled connection — or, transaction-scoped, an open transaction — through all of them; it would
 * vanish silently with that connection mid-run; and under PGlite (tests, the demo: one session for the
 * whole process) a session lock is re-entrant, so two runs in one process would both get it. The Redis
 * lock expires by itself if its worker dies, is renewed while the run lives, and is checked again before
 * each delivery, so a run that lost it (paused past the expiry) stops instead of sending twice.
 */
const EAIS_LOCK = 'eais-report';
const EAIS_LOCK_TTL_MS = 60_000;

/** The tickets with something to report, as lines (a refunded ticket never reported gives its sale and its refund). */
async function unreportedLines(ctx: EaisContext): Promise<(EaisLine & { saleUnreported: boolean })[]> {
  const rows = await ctx.db
    .select({
      ticket: tickets,
      channel: orders.channel,
      method: orders.paymentMethod,
      paidAt: orders.paidAt,
      cardRrn: orders.cardRrn,
      hallId: sessions.hallId,
      start: sessions.startTime,
      filmId: films.id,
      title: films.title,
      pu: films.puNumber,
      paymentId: sql<
        string | null
      >`(select ${payments.providerPaymentId} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'succeeded' limit 1)`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(sessions, eq(sessions.id, tickets.sessionId))
    .innerJoin(films, eq(films.id, sessions.filmId))
    .where(
      or(
        and(inArray(tickets.status, ['paid', 'refunded']), isNull(tickets.eaisSaleReportedAt)),
        and(eq(tickets.status, 'refunded'), isNull(tickets.eaisRefundReportedAt)),
      ),
    )
    .orderBy(tickets.sessionId, tickets.id);
  return rows.flatMap((r) => {
    const { row, place } = parseSeatCode(r.ticket.seatNumber);
    const base = {
      ticketId: r.ticket.id,
      hallId: r.hallId,
      sessionId: r.ticket.sessionId,
      sessionStart: r.start,
      puNumber: r.pu,
      filmId: r.filmId,
      filmTitle: r.title,
      row,
      seat: place,
      priceKopecks: r.ticket.priceKopecks,
      discountKopecks: r.ticket.typeDiscountKopecks + r.ticket.promoDiscountKopecks,
      ticketType: r.ticket.ticketTypeCode,
      channel: r.channel,
      paymentMethod: r.method,
      paymentId: r.paymentId ?? r.cardRrn ?? null,
      soldAt: r.paidAt,
      refundedAt: r.ticket.refundedAt,
      saleUnreported: r.ticket.eaisSaleReportedAt === null,
    };
    const lines: (EaisLine & { saleUnreported: boolean })[] = [];
    if (base.saleUnreported) lines.push({ ...base, operation: 'sale' });
    if (r.ticket.status === 'refunded' && r.ticket.eaisRefundReportedAt === null)
      lines.push({ ...base, operation: 'refund' });
    return lines;
  });
}

async function deliver(ctx: EaisContext, doc: EaisDocument): Promise<string> {
  const { url, login, password, dir } = ctx.config.eais;
  if (!url) {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, doc.name), doc.body);
    return doc.name;
  }
  const headers: Record<string, string> = { 'content-type': doc.contentType, 'x-document-name': doc.name };
  if (login) headers.authorization = `Basic ${Buffer.from(`${login}:${password ?? ''}`).toString('base64')}`;
  const answer = await fetch(url, { method: 'POST', headers, body: doc.body, signal: AbortSignal.timeout(30_000) });
  if (!answer.ok) throw new Error(`ЕАИС ответил ${answer.status} ${answer.statusText}`.trim());
  // The operator's reference when it gives one, else the document's name.
  return answer.headers.get('x-reference') ?? doc.name;
}

/** One run of the report; throws after the run when a delivery failed (the job is retried). */
export async function reportToEais(ctx: EaisContext, attempt = 1, now = new Date()): Promise<EaisRunResult> {
  const run = await withRedisLock(ctx, EAIS_LOCK, EAIS_LOCK_TTL_MS, (lock) => reportUnderLock(ctx, lock, attempt, now));
  if (!run.ran) {
    ctx.logger.info('ЕАИС report skipped: another run is in progress');
    return { delivered: 0, failed: 0, sales: 0, refunds: 0, skipped: true };
  }
  return run.value;
}

async function reportUnderLock(ctx: EaisContext, lock: HeldLock, attempt: number, now: Date): Promise<EaisRunResult> {
  const lines = await unreportedLines(ctx);
  const bySession = new Map<number, typeof lines>();
  for (const line of lines) bySession.set(line.sessionId, [...(bySession.get(line.sessionId) ?? []), line]);
  const result: EaisRunResult = { delivered: 0, failed: 0, sales: 0, refunds: 0 };
  const errors: string[] = [];
  for (const [sessionId, list] of bySession) {
    if (!(await lock.held())) {
      ctx.logger.warn('ЕАИС report stopped: its lock was lost; the next run reports the rest');
      break;
    }
    const sales = list.filter((l) => l.operation === 'sale');
    const refunds = list.filter((l) => l.operation === 'refund');
    const [report] = await ctx.db
      .insert(eaisReports)
      .values({
        sessionId,
        status: 'pending',
        destination: ctx.config.eais.url ? 'http' : 'file',
        sales: sales.length,
        refunds: refunds.length,
        attempts: attempt,
      })
      .returning({ id: eaisReports.id });
    try {
      const reference = await deliver(ctx, eaisDocument(ctx.config.eais.cinemaId, sessionId, list, now));
      const at = new Date();
      await ctx.db.transaction(async (tx) => {
        if (sales.length > 0)
          await tx
            .update(tickets)
            .set({ eaisSaleReportedAt: at })
            .where(
              and(
                inArray(
                  tickets.id,
                  sales.map((l) => l.ticketId),
                ),
                isNull(tickets.eaisSaleReportedAt),
              ),
            );
        if (refunds.length > 0)
          await tx
            .update(tickets)
            .set({ eaisRefundReportedAt: at })
            .where(
              and(
                inArray(
                  tickets.id,
                  refunds.map((l) => l.ticketId),
                ),
                isNull(tickets.eaisRefundReportedAt),
              ),
            );
        await tx
          .update(eaisReports)
          .set({ status: 'delivered', reference, deliveredAt: at })
          .where(eq(eaisReports.id, report!.id));
      });
      result.delivered += 1;
      result.sales += sales.length;
      result.refunds += refunds.length;
    } catch (err) {
      const reason = describeError(err);
      await ctx.db.update(eaisReports).set({ status: 'failed', error: reason }).where(eq(eaisReports.id, report!.id));
      ctx.logger.error({ sessionId, reason }, `ЕАИС delivery failed: ${reason}`);
      errors.push(`session ${sessionId}: ${reason}`);
      result.failed += 1;
    }
  }
  // The dashboard's ЕАИС panel shows failures and what is overdue: it asks again.
  if (result.delivered + result.failed > 0) emitterFor(ctx).to(STAFF_ROOM).emit('dashboard:changed');
  if (errors.length > 0) throw new Error(`ЕАИС: ${errors.length} report(s) not delivered (${errors.join('; ')})`);
  return result;
}
