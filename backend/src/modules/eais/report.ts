/**
 * The ЕАИС delivery (REGISTRIES.md §3): the ledger's rows not yet in a file are formed into one file per session
 * (format.ts), kept as an eais_reports row with its name and body, and sent until ЕАИС accepts it.
 *
 * Exactly once: a row joins one file, once (formed in one transaction with the file); a file is marked delivered,
 * with its rows, only on a success reply. A failure reply (a body with `error`, or an HTTP error) and a lost reply
 * (a timeout, a reset connection) leave the file undelivered: the next run sends the same file under the same name
 * (ЕАИС offers no way to ask what it took; the operator recognises the repeat by its name). New sales of the session
 * meanwhile go into a new file. Runs never overlap (the Redis lock below), and the staff dashboard hears of each run
 * that delivered or failed something.
 *
 * Transport: `POST {EAIS_URL}` multipart/form-data with `login`, `password` and the file field `XMLfile`; unset
 * EAIS_URL → the files are written to DATA_DIR/eais/.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSeatCode } from '../../contract/seats';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { describeError } from '../../lib/infra/operator-messages';
import { withRedisLock, type HeldLock } from '../../lib/infra/redis-lock';
import { emitterFor } from '../../realtime/emitter';
import { STAFF_ROOM } from '../../realtime/rooms';
import { EAIS_FILE } from './state';
import { eaisFileName, eaisXml, sessionFormat, type EaisFormInput, type EaisSessionInput } from './format';

const { tickets, orders, sessions, films, halls, ticketTypes, eaisReports, eaisLedger } = schema;

type EaisContext = Pick<AppContext, 'db' | 'config' | 'logger' | 'redis' | 'keys' | 'clock'>;

export interface EaisRunResult {
  /** Files formed this run, files ЕАИС accepted, and files it refused or did not answer. */
  formed: number;
  delivered: number;
  failed: number;
  sales: number;
  refunds: number;
  /** Another run held the lock: this one did nothing (that run delivers everything). */
  skipped?: true;
}

/** One run at a time across every worker process (a Redis lock: it expires if its worker dies, see lib/infra). */
const EAIS_LOCK = 'eais-report';
const EAIS_LOCK_TTL_MS = 60_000;
/**
 * Files of different sessions sent side by side, at most this many at once (a session's own files go one after
 * another, in order): a run of a busy day's hundred sessions takes the time of a few uploads, not of a hundred.
 */
export const EAIS_PARALLEL_UPLOADS = 4;
/** How long a reply may take; past it the reply counts as lost (the same file goes again). */
export const EAIS_REPLY_TIMEOUT_MS = 30_000;

/** How ЕАИС answered one upload. */
export type EaisReply =
  { kind: 'accepted'; reply: string } | { kind: 'refused' | 'lost'; reply: string | null; error: string };

/** Sends one file: the reply's body without `error` is a success (REGISTRIES.md §3.3). */
export async function uploadToEais(
  config: AppContext['config']['eais'],
  file: { name: string; body: string },
  timeoutMs = EAIS_REPLY_TIMEOUT_MS,
): Promise<EaisReply> {
  if (!config.url) {
    await fs.mkdir(config.dir, { recursive: true });
    await fs.writeFile(path.join(config.dir, file.name), file.body);
    return { kind: 'accepted', reply: `записан в ${path.join(config.dir, file.name)}` };
  }
  const form = new FormData();
  form.set('login', config.login ?? '');
  form.set('password', config.password ?? '');
  form.set('XMLfile', new Blob([file.body], { type: 'text/xml' }), file.name);
  let status: number;
  let reply: string;
  try {
    const answer = await fetch(config.url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
    status = answer.status;
    reply = await answer.text();
  } catch (err) {
    return { kind: 'lost', reply: null, error: `Ответ ЕАИС не получен: ${describeError(err)}` };
  }
  const shown = reply.trim().slice(0, 500);
  if (status < 200 || status >= 300) return { kind: 'refused', reply: shown, error: `ЕАИС ответил ${status}` };
  if (/error/i.test(reply)) return { kind: 'refused', reply: shown, error: `ЕАИС отказал: ${shown}` };
  return { kind: 'accepted', reply: shown };
}

/** One run: forms files of the rows not yet in one, then sends every undelivered file; throws when one failed. */
export async function reportToEais(ctx: EaisContext, now = ctx.clock.now()): Promise<EaisRunResult> {
  const run = await withRedisLock(ctx, EAIS_LOCK, EAIS_LOCK_TTL_MS, (lock) => reportUnderLock(ctx, lock, now));
  if (!run.ran) {
    ctx.logger.info('ЕАИС report skipped: another run is in progress');
    return { formed: 0, delivered: 0, failed: 0, sales: 0, refunds: 0, skipped: true };
  }
  return run.value;
}

async function reportUnderLock(ctx: EaisContext, lock: HeldLock, now: Date): Promise<EaisRunResult> {
  const result: EaisRunResult = { formed: 0, delivered: 0, failed: 0, sales: 0, refunds: 0 };
  result.formed = await formFiles(ctx, now);
  const waiting = await ctx.db
    .select({
      id: eaisReports.id,
      name: eaisReports.fileName,
      body: eaisReports.body,
      sessionId: eaisReports.sessionId,
    })
    .from(eaisReports)
    .where(ne(eaisReports.status, EAIS_FILE.accepted))
    .orderBy(asc(eaisReports.id));
  const outcomes = await sendFiles(ctx, lock, waiting);
  const errors = outcomes.flatMap(({ name, answer }) =>
    answer.kind === 'accepted' ? [] : [`${name}: ${answer.error}`],
  );
  // The replies recorded together (one transaction and a few statements, however many files). A crash before
  // this leaves accepted files undelivered: the next run sends them again under their names, as after a lost reply.
  const accepted = outcomes.filter((o) => o.answer.kind === 'accepted');
  const missed = outcomes.filter((o) => o.answer.kind !== 'accepted');
  await ctx.db.transaction(async (tx) => {
    if (accepted.length > 0) {
      const ids = accepted.map((o) => o.id);
      const atOf = byReport(eaisReports.id, accepted, (o) => sql`${o.at.toISOString()}::timestamptz`);
      await tx
        .update(eaisReports)
        .set({
          status: EAIS_FILE.accepted,
          reply: byReport(eaisReports.id, accepted, (o) => sql`${o.answer.reply}::text`),
          error: null,
          deliveredAt: atOf,
          lastAttemptAt: atOf,
          attempts: sql`${eaisReports.attempts} + 1`,
        })
        .where(inArray(eaisReports.id, ids));
      const lines = await tx
        .update(eaisLedger)
        .set({ deliveredAt: byReport(eaisLedger.reportId, accepted, (o) => sql`${o.at.toISOString()}::timestamptz`) })
        .where(and(inArray(eaisLedger.reportId, ids), isNull(eaisLedger.deliveredAt)))
        .returning({ operation: eaisLedger.operation });
      result.delivered = accepted.length;
      for (const line of lines) result[line.operation === 'sale' ? 'sales' : 'refunds'] += 1;
    }
    // Refused: ЕАИС said no; lost: it may have taken it. Either way the same file goes again next run.
    for (const { id, answer, at } of missed) {
      if (answer.kind === 'accepted') continue;
      await tx
        .update(eaisReports)
        .set({
          status: answer.kind === 'refused' ? EAIS_FILE.refused : EAIS_FILE.waiting,
          reply: answer.reply,
          error: answer.error,
          lastAttemptAt: at,
          attempts: sql`${eaisReports.attempts} + 1`,
        })
        .where(eq(eaisReports.id, id));
    }
    result.failed = missed.length;
  });
  if (result.delivered + result.failed > 0) emitterFor(ctx).to(STAFF_ROOM).emit('dashboard:changed');
  if (errors.length > 0) throw new Error(`ЕАИС: ${errors.length} file(s) not delivered (${errors.join('; ')})`);
  return result;
}

/** `case <column> when <file> then <its value> … end`: one statement sets each file's own value. */
function byReport<T extends { id: number }>(column: AnyColumn, files: readonly T[], value: (file: T) => SQL): SQL {
  return sql`case ${column} ${sql.join(
    files.map((f) => sql`when ${f.id} then ${value(f)}`),
    sql` `,
  )} end`;
}

interface WaitingFile {
  id: number;
  name: string;
  body: string;
  sessionId: number | null;
}

interface Outcome {
  id: number;
  name: string;
  answer: EaisReply;
  at: Date;
}

/**
 * Sends the files, EAIS_PARALLEL_UPLOADS sessions at a time; a session's files go in order, and after one is
 * refused or unanswered its later ones wait for the next run. Before each upload the lock is renewed: a run that
 * lost it stops (the next holder sends the rest).
 */
async function sendFiles(ctx: EaisContext, lock: HeldLock, files: readonly WaitingFile[]): Promise<Outcome[]> {
  const bySession = new Map<number | null, WaitingFile[]>();
  for (const file of files) {
    const own = bySession.get(file.sessionId);
    if (own) own.push(file);
    else bySession.set(file.sessionId, [file]);
  }
  const queue = [...bySession.values()];
  const outcomes: Outcome[] = [];
  let lockLost = false;
  const lane = async () => {
    for (let own = queue.shift(); own && !lockLost; own = queue.shift()) {
      for (const file of own) {
        if (!(await lock.held())) {
          if (!lockLost) ctx.logger.warn('ЕАИС report stopped: its lock was lost; the next run sends the rest');
          lockLost = true;
          return;
        }
        const answer = await uploadToEais(ctx.config.eais, file);
        outcomes.push({ id: file.id, name: file.name, answer, at: ctx.clock.now() });
        if (answer.kind === 'accepted') continue;
        ctx.logger.error({ file: file.name, sessionId: file.sessionId }, `ЕАИС delivery failed: ${answer.error}`);
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(EAIS_PARALLEL_UPLOADS, queue.length) }, lane));
  return outcomes;
}

/** Ledger rows assigned to their files per statement (well under PostgreSQL's 65,535 parameters). */
const LEDGER_CHUNK = 10_000;

/**
 * The ledger's rows not yet in a file, one file per session, all formed in one transaction with their rows (a
 * row joins one file, once: the rows are locked and taken only while not yet in one).
 */
async function formFiles(ctx: EaisContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: eaisLedger.id,
        sessionId: eaisLedger.sessionId,
        operation: eaisLedger.operation,
        at: eaisLedger.occurredAt,
        seat: tickets.seatNumber,
        price: tickets.priceKopecks,
        typeDiscount: tickets.typeDiscountKopecks,
        promoDiscount: tickets.promoDiscountKopecks,
        ticketType: ticketTypes.name,
        channel: orders.channel,
        paymentMethod: orders.paymentMethod,
        rrn: orders.cardRrn,
        terminalId: orders.terminalId,
        terminalOwner: orders.terminalOwnerInn,
      })
      .from(eaisLedger)
      .innerJoin(tickets, eq(tickets.id, eaisLedger.ticketId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .innerJoin(ticketTypes, eq(ticketTypes.code, tickets.ticketTypeCode))
      .where(isNull(eaisLedger.reportId))
      .orderBy(asc(eaisLedger.sessionId), asc(eaisLedger.occurredAt), asc(eaisLedger.id))
      .for('update', { of: eaisLedger, skipLocked: true });
    if (rows.length === 0) return 0;
    const bySession = new Map<number, typeof rows>();
    for (const row of rows) {
      const own = bySession.get(row.sessionId);
      if (own) own.push(row);
      else bySession.set(row.sessionId, [row]);
    }
    const about = await tx
      .select({
        id: sessions.id,
        start: sessions.startTime,
        subtitles: sessions.subtitles,
        title: films.title,
        picture: films.typeGraphic,
        puNumber: films.puNumber,
        puReason: films.puReason,
        eventId: films.pushkinEventId,
        hall: halls.name,
        showroom: halls.showroom,
      })
      .from(sessions)
      .innerJoin(films, eq(films.id, sessions.filmId))
      .innerJoin(halls, eq(halls.id, sessions.hallId))
      .where(inArray(sessions.id, [...bySession.keys()]));
    // The files' ids first: each file is named by its id once and for all.
    const fileIds = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('eais_reports', 'id'))::int`.mapWith(Number) })
      .from(sql`generate_series(1, ${about.length})`);
    const files = about.map((s, i) => {
      const id = fileIds[i]!.id;
      const session: EaisSessionInput = {
        orgId: ctx.config.eais.cinemaId,
        showroom: s.showroom ?? s.hall,
        start: s.start,
        title: s.title,
        puNumber: s.puNumber,
        puReason: s.puReason,
        format: sessionFormat(s.picture, s.subtitles),
        eventId: s.eventId,
      };
      const lines = bySession.get(s.id)!;
      const forms: EaisFormInput[] = lines.map((r) => {
        const { row, place } = parseSeatCode(r.seat);
        return {
          operation: r.operation,
          row,
          seat: place,
          priceKopecks: r.price,
          discountKopecks: r.typeDiscount + r.promoDiscount,
          ticketType: r.ticketType,
          at: r.at,
          online: r.channel === 'web',
          // A Pushkin card ticket: payment_type 1 with the card operation's RRN and terminal (REGISTRIES.md §3.2).
          pushkin:
            r.paymentMethod === 'pushkin'
              ? { rrn: r.rrn ?? '', terminalId: r.terminalId ?? '0', terminalOwner: r.terminalOwner ?? '' }
              : null,
        };
      });
      return {
        id,
        values: {
          id,
          sessionId: s.id,
          status: EAIS_FILE.waiting,
          destination: ctx.config.eais.url ? 'http' : 'file',
          fileName: eaisFileName(ctx.config.eais.cinemaId, now, id),
          body: eaisXml(session, forms),
          sales: forms.filter((f) => f.operation === 'sale').length,
          refunds: forms.filter((f) => f.operation === 'refund').length,
        },
      };
    });
    await tx.insert(eaisReports).values(files.map((f) => f.values));
    // Each row to its session's file: one statement per LEDGER_CHUNK rows, not one per file.
    const fileOfSession = files.map((f) => ({ id: f.values.sessionId, file: f.id }));
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += LEDGER_CHUNK)
      await tx
        .update(eaisLedger)
        .set({
          reportId: sql`case ${eaisLedger.sessionId} ${sql.join(
            fileOfSession.map((f) => sql`when ${f.id} then ${f.file}::int`),
            sql` `,
          )} end`,
        })
        .where(inArray(eaisLedger.id, ids.slice(i, i + LEDGER_CHUNK)));
    return files.length;
  });
}
