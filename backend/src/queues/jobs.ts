/**
 * Every background job: its name, its queue, its payload schema, and the payload fields the queue
 * monitor may show an admin (`shown`: ids and the like, never a secret or a mail's text), defined
 * once. Producers (the API) enqueue through `Queues.enqueue`; the workers process refuses to start
 * unless each job here has exactly one handler.
 */
import { MAX_SEATS_PER_PURCHASE } from '../contract/constants';
import type { Config } from '../config';
import { z } from '../contract/zod';

export const QUEUE_NAMES = ['mail', 'tickets', 'orders'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
/** The states a queue's jobs are counted by (metrics, the queue monitor). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

const TicketIdsSchema = z.array(z.number().int().positive()).min(1).max(MAX_SEATS_PER_PURCHASE);

export const JOBS = {
  /** Sends one e-mail given whole (SMTP_URL, or a file in data/outbox when unset). Never for a secret: see below. */
  'mail.send': {
    queue: 'mail',
    // Never the text: a mail's words are not the monitor's business.
    shown: ['to', 'subject'],
    payload: z.object({
      to: z.email(),
      subject: z.string().min(1),
      text: z.string(),
      html: z.string().optional(),
    }),
  },
  /**
   * Mails a password reset link. The payload is the reset's id only: the worker makes the link's token as it
   * renders the mail and stores its hash, so no token ever sits in the outbox, the queue or a log line.
   */
  'mail.password-reset': {
    queue: 'mail',
    shown: ['resetId'],
    payload: z.object({ resetId: z.number().int().positive() }),
  },
  /**
   * Mails the buyer their paid order: the tickets, each as a PDF attachment (rendered here when
   * missing: Redis carries ids only), and the receipt's data.
   */
  'mail.order-paid': {
    queue: 'mail',
    shown: ['orderId'],
    payload: z.object({ orderId: z.number().int().positive() }),
  },
  /** Tells the buyer that their payment came after the seats were resold and is being returned. */
  'mail.order-late-refund': {
    queue: 'mail',
    shown: ['orderId'],
    payload: z.object({ orderId: z.number().int().positive() }),
  },
  /** Confirms a refund to the ticket's owner. */
  'mail.ticket-refunded': {
    queue: 'mail',
    shown: ['ticketId'],
    payload: z.object({ ticketId: z.number().int().positive() }),
  },
  /** Tells every buyer of a cancelled session (online and at the till, when a contact is known) how their money comes back. */
  'mail.session-cancelled': {
    queue: 'mail',
    shown: ['sessionId'],
    payload: z.object({ sessionId: z.number().int().positive() }),
  },
  /**
   * Settles a cancelled session's orders (modules/schedules/settle-cancellation.ts): pending ones cancelled,
   * each line paid online refunded through the provider exactly once, then its buyers mailed. Enqueued by
   * the cancellation's own outbox entry; safe to run again from anywhere it stopped.
   */
  'sessions.refund-cancelled': {
    queue: 'orders',
    shown: ['sessionId'],
    payload: z.object({ sessionId: z.number().int().positive() }),
  },
  /** Renders the current PDF of each ticket into <storage>/tickets/<id>/ (after a sale, and again after a refund). */
  'tickets.render-pdf': {
    queue: 'tickets',
    shown: ['ticketIds'],
    payload: z.object({ ticketIds: TicketIdsSchema }),
  },
  /**
   * Moves one session's tickets to the watching state its clock says (delayed to its start and to
   * its end; see scheduleWatchingJobs). The state is read from the clock, not from the payload, so
   * a job of an earlier schedule that still fires does no harm.
   */
  'tickets.watching': {
    queue: 'tickets',
    shown: ['sessionId'],
    payload: z.object({ sessionId: z.number().int().positive() }),
  },
  /** Moves every ticket whose session started or ended to its state: heals what delayed jobs missed. */
  'tickets.watching-sweep': {
    queue: 'tickets',
    shown: [],
    payload: z.object({}),
  },
  /**
   * Delivers the ЕАИС ledger's undelivered sales and refunds, one XML file per session (modules/eais): to
   * EAIS_URL, or files in DATA_DIR/eais/. A refused or unanswered file is recorded, sent again as it is, and the
   * job fails (the queue monitor shows it).
   */
  'eais.report': {
    queue: 'tickets',
    shown: [],
    payload: z.object({}),
  },
  /**
   * The Pushkin card ticket registry (modules/pushkin, REGISTRIES.md §2): registers a ticket once its payment
   * succeeded (POST /tickets; a refusal refunds the money and flags the order for staff), records its refund
   * (PUT /tickets/{id}/refund) and its visit (PUT /tickets/{id}/visit). A failure reply fails the job, which BullMQ
   * retries; a retried registration asks the registry by barcode first, so a lost answer is never a second ticket.
   */
  'pushkin.register': {
    queue: 'tickets',
    shown: ['ticketId'],
    payload: z.object({ ticketId: z.number().int().positive() }),
  },
  'pushkin.refund': {
    queue: 'tickets',
    shown: ['ticketId'],
    payload: z.object({ ticketId: z.number().int().positive() }),
  },
  'pushkin.visit': {
    queue: 'tickets',
    shown: ['ticketId'],
    payload: z.object({ ticketId: z.number().int().positive() }),
  },
  /**
   * Sends again each registration, refund or visit the registry has not got PUSHKIN_STUCK_MINUTES after it happened
   * (modules/pushkin/sweep.ts): a failed job retried, a lost one added, under its one job id.
   */
  'pushkin.sweep': {
    queue: 'tickets',
    shown: [],
    payload: z.object({}),
  },
  /**
   * Reads back by its uuid each task the cash register has not answered for ATOL_TIMEOUT_SECONDS, never posting
   * it again (modules/fiscal/follow-up.ts): a receipt printed for a sale or refund that was refused is listed
   * in the corrections for staff.
   */
  'fiscal.follow-up': {
    queue: 'orders',
    shown: [],
    payload: z.object({}),
  },
  /** At an order's payment deadline: asks the provider, then expires it unless it was paid. */
  'orders.expire': {
    queue: 'orders',
    shown: ['orderId'],
    payload: z.object({ orderId: z.number().int().positive() }),
  },
  /** Asks the provider about pending orders, late payments and unsettled refunds: lost notifications heal. */
  'orders.reconcile': {
    queue: 'orders',
    shown: [],
    payload: z.object({}),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType; shown: readonly string[] }>;

/**
 * Jobs the workers schedule themselves: each runs every `everyMs` (a BullMQ job scheduler, one
 * per deployment however many workers upsert it) and once when a workers process starts.
 */
export const REPEATED_JOBS = [
  { name: 'tickets.watching-sweep', everyMs: () => 60_000 },
  { name: 'orders.reconcile', everyMs: () => 60_000 },
  // ЕАИС wants every ticket at least hourly: EAIS_INTERVAL_SECONDS, 15 minutes unless set.
  { name: 'eais.report', everyMs: (config) => config.eais.intervalMs },
  { name: 'pushkin.sweep', everyMs: () => 60_000 },
  { name: 'fiscal.follow-up', everyMs: () => 60_000 },
] as const satisfies readonly {
  name: keyof typeof JOBS;
  everyMs: (config: Config) => number;
}[];

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
