/**
 * The effects table (docs/architecture.md, "After-commit effects"): what a committed write changed → its
 * duties. Response caches to invalidate, live pushes to rooms, seat maps to update, jobs to enqueue
 * with deterministic ids. Writes only say what they changed; nothing else decides what follows.
 */
import type { CacheName } from '../lib/http/response-cache';
import type { OrderChange } from './changes/orders';
import { orderJobIds } from '../queues/job-ids/orders';
import type { TicketsChange } from './changes/tickets';
import { sessionJobIds } from '../queues/job-ids/sessions';
import { ticketJobIds } from '../queues/job-ids/tickets';
import type { JobName, JobPayload } from '../queues/jobs';

/** The vocabulary of changes: one entry per kind of thing a write can change. */
export type Change =
  | { what: 'films'; ids: number[] }
  /**
   * Sessions scheduled or changed. `moved`: their start or hall changed (Redis reads their seat record
   * again); `cancelled`: they left the bill (their orders are settled and their buyers told by a job).
   */
  | { what: 'sessions'; ids: number[]; moved?: boolean; cancelled?: boolean }
  /** Made, paid, ended unpaid, refunded late (effects/changes/orders.ts). */
  | OrderChange
  /** Refunded, admitted at the door (effects/changes/tickets.ts). */
  | TicketsChange
  /**
   * Pushkin card tickets to register, refund or visit in the registry (modules/pushkin): a job each; `refused`: the
   * registry refused a registration (the dashboard and the orders' flag).
   */
  | { what: 'pushkin'; action: 'register' | 'refund' | 'visit' | 'refused'; ticketIds: number[] }
  /** Tickets moved to another watching state by the clock (the workers). */
  | { what: 'watching'; ticketIds: number[] }
  /** `deleted`: the person deleted the account (its tokens are revoked, its reviews gone). */
  | { what: 'users'; change: 'registered' | 'role' | 'profile' | 'password' | 'deleted'; id: number }
  | { what: 'reviews'; filmId: number }
  | { what: 'news' }
  | { what: 'promotions' }
  | { what: 'persons' }
  | { what: 'genres' }
  | { what: 'countries' }
  /** A hall renamed, or its plan replaced (`replanned`: its sessions still to come). */
  | { what: 'halls'; replanned?: number[] }
  /**
   * A reset link was asked for: the mail that carries it is rendered by the workers, who make its token then
   * (the change, the outbox and the queue carry the reset's id, never a token).
   */
  | { what: 'password-resets'; id: number }
  /** A new version of a cinema document was published. */
  | { what: 'documents'; slug: string }
  /** The cinema's details saved (modules/settings). */
  | { what: 'settings' };

export type ChangeKind = Change['what'];

/** One thing to do after a commit. Equal duties of one commit are done once. */
export type Duty =
  | { kind: 'invalidate'; cache: CacheName }
  | { kind: 'push'; room: 'staff'; event: 'dashboard:changed' }
  /** Open reports covering these sessions' show dates ask again (read after the commit: the dates). */
  | { kind: 'push-sales'; sessionIds: number[] }
  | { kind: 'push'; room: 'user'; userId: number; event: 'account:changed' }
  /** The buyer's open order pages fetch it again, or (`withOrder`) are sent it as the buyer sees it (read after the commit). */
  | { kind: 'push'; room: 'user'; userId: number; event: 'orders:changed'; orderId: number; withOrder?: true }
  /** The person's sockets everywhere reconnect, so their rooms follow their new role. */
  | { kind: 'reconnect'; userId: number }
  /** Each owner's open pages get their tickets' new state (read after the commit). */
  | { kind: 'push-tickets'; ticketIds: number[] }
  /** `heldFor`: the freed seats are held for this viewer (a cashier) rather than freed for everyone. */
  | { kind: 'seats'; sessionId: number; sold?: string[]; freed?: string[]; heldFor?: number }
  /** Redis reads these sessions' hall plan again. */
  | { kind: 'replan'; sessionIds: number[] }
  /** Cancelled sessions: every open seat map of them closes. */
  | { kind: 'close-maps'; sessionIds: number[] }
  /** Delayed jobs at the sessions' start and end move their tickets' watching states. */
  | { kind: 'watching-jobs'; sessionIds: number[] }
  /** `at`: not before this instant (epoch ms), e.g. an order's payment deadline. */
  | { kind: 'job'; name: JobName; payload: unknown; jobId: string; at?: number };

const invalidate = (...caches: CacheName[]): Duty[] => caches.map((cache) => ({ kind: 'invalidate', cache }));
/** Every open dashboard fetches its counts again. */
const DASHBOARD: Duty = { kind: 'push', room: 'staff', event: 'dashboard:changed' };
const job = <N extends JobName>(name: N, payload: JobPayload<N>, jobId: string, at?: number): Duty => ({
  kind: 'job',
  name,
  payload,
  jobId,
  ...(at === undefined ? {} : { at }),
});

type Table = { [K in ChangeKind]: (change: Extract<Change, { what: K }>) => Duty[] };

export const EFFECTS: Table = {
  // A film's title, age, images, genres or rental flag show on the banner, the new films and the bill.
  films: () => [...invalidate('banner', 'new-films', 'schedules', 'films', 'film', 'pages'), DASHBOARD],
  // The bill and a film page list sessions (and their rendered pages, their seats left); the catalogue
  // says which films are on the bill and which are announced.
  sessions: (c) => [
    ...invalidate('schedules', 'films', 'film', 'pages'),
    DASHBOARD,
    { kind: 'watching-jobs', sessionIds: c.ids },
    ...(c.moved || c.cancelled ? [{ kind: 'replan', sessionIds: c.ids } as const] : []),
    ...(c.cancelled
      ? [
          { kind: 'close-maps', sessionIds: c.ids } as const,
          ...c.ids.map((sessionId) =>
            job('sessions.refund-cancelled', { sessionId }, sessionJobIds.cancelledRefunds(sessionId)),
          ),
        ]
      : []),
  ],
  orders: (c) => {
    // The moment a buyer waits for, paid: the page is sent the order with its tickets, no read of its own.
    const buyer: Duty[] =
      c.userId === null
        ? []
        : [
            {
              kind: 'push',
              room: 'user',
              userId: c.userId,
              event: 'orders:changed',
              orderId: c.orderId,
              ...(c.kind === 'paid' ? { withOrder: true as const } : {}),
            },
          ];
    switch (c.kind) {
      case 'created':
        return [
          // Its seats show taken on every map and on the bill while the buyer pays; the dashboard counts them.
          { kind: 'seats', sessionId: c.sessionId, sold: c.seats },
          ...invalidate('schedules', 'film', 'pages'),
          DASHBOARD,
          ...buyer,
          job('orders.expire', { orderId: c.orderId }, orderJobIds.expire(c.orderId), c.expiresAt),
        ];
      case 'paid':
        return [
          // Taken again, for a payment that came after its order expired; for the others a no-op.
          { kind: 'seats', sessionId: c.sessionId, sold: c.seats },
          ...invalidate('schedules', 'film', 'pages'),
          DASHBOARD,
          { kind: 'push-sales', sessionIds: [c.sessionId] },
          ...buyer,
          { kind: 'push-tickets', ticketIds: c.ticketIds },
          job('tickets.render-pdf', { ticketIds: c.ticketIds }, ticketJobIds.pdfs(c.ticketIds)),
          job('mail.order-paid', { orderId: c.orderId }, orderJobIds.paidMail(c.orderId)),
        ];
      case 'closed':
        return [
          {
            kind: 'seats',
            sessionId: c.sessionId,
            freed: c.seats,
            ...(c.heldFor === undefined ? {} : { heldFor: c.heldFor }),
          },
          ...invalidate('schedules', 'film', 'pages'),
          DASHBOARD,
          ...buyer,
        ];
      case 'late-refund':
        return [...buyer, job('mail.order-late-refund', { orderId: c.orderId }, orderJobIds.lateRefundMail(c.orderId))];
      case 'refund-refused':
        // The dashboard counts the late payments left for staff to return by hand.
        return [...buyer, DASHBOARD, { kind: 'push-tickets', ticketIds: c.ticketIds }];
      case 'returned-by-hand':
        return [DASHBOARD];
    }
  },
  tickets: (c) => {
    const owner: Duty = { kind: 'push-tickets', ticketIds: c.ticketIds };
    switch (c.kind) {
      case 'refunded':
        return [
          ...invalidate('schedules', 'film', 'pages'),
          DASHBOARD,
          { kind: 'push-sales', sessionIds: [c.sessionId] },
          owner,
          { kind: 'seats', sessionId: c.sessionId, freed: c.seats },
          // The PDF again (it now says refunded), and the confirmation.
          ...c.ticketIds.flatMap((ticketId) => [
            job('tickets.render-pdf', { ticketIds: [ticketId] }, ticketJobIds.refundedPdf(ticketId)),
            job('mail.ticket-refunded', { ticketId }, ticketJobIds.refundedMail(ticketId)),
          ]),
        ];
      case 'used':
        return [owner];
    }
  },
  watching: (c) => [{ kind: 'push-tickets', ticketIds: c.ticketIds }],
  pushkin: (c) => {
    const { action } = c;
    // The orders list's flag and the dashboard follow a refusal.
    if (action === 'refused') return [DASHBOARD];
    return c.ticketIds.map((ticketId) =>
      job(`pushkin.${action}`, { ticketId }, ticketJobIds.pushkin(action, ticketId)),
    );
  },
  users: (c) => {
    if (c.change === 'registered') return [DASHBOARD];
    // The person's open pages learn their new role (and the back office menu follows).
    // Every token was revoked: the sockets opened with them end.
    if (c.change === 'password') return [{ kind: 'reconnect', userId: c.id }];
    // A deleted account: its sockets end (their tokens are revoked), its reviews leave the film pages.
    if (c.change === 'deleted') return [{ kind: 'reconnect', userId: c.id }, ...invalidate('film', 'pages'), DASHBOARD];
    if (c.change === 'role') {
      return [
        DASHBOARD,
        { kind: 'push', room: 'user', userId: c.id, event: 'account:changed' },
        { kind: 'reconnect', userId: c.id },
      ];
    }
    return [];
  },
  // A film page lists its reviews.
  reviews: () => [...invalidate('film', 'pages'), DASHBOARD],
  // The news and promotions pages are rendered on the server (and the home page shows promotions).
  news: () => [...invalidate('pages'), DASHBOARD],
  promotions: () => [...invalidate('pages'), DASHBOARD],
  // A film page lists its cast; a person has a page.
  persons: () => [...invalidate('film', 'pages'), DASHBOARD],
  // Genre names show on the new films, the bill, the catalogue and film pages.
  genres: () => [...invalidate('new-films', 'schedules', 'films', 'film', 'pages'), DASHBOARD],
  countries: () => [...invalidate('films', 'film', 'pages'), DASHBOARD],
  // Hall names show on the bill and a film page's sessions.
  halls: (c) => [
    ...invalidate('schedules', 'film', 'pages'),
    DASHBOARD,
    ...(c.replanned?.length ? [{ kind: 'replan', sessionIds: c.replanned } as const] : []),
  ],
  'password-resets': (c) => [job('mail.password-reset', { resetId: c.id }, `password-reset-${c.id}`)],
  // The document pages are rendered on the server.
  documents: () => invalidate('pages'),
  // Every page shows the cinema's name, address and phone (header, footer, JSON-LD); mails and PDFs read them too.
  settings: () => invalidate('cinema', 'pages'),
};

/** The duties of a commit's changes, each once. */
export function dutiesOf(changes: Change[]): Duty[] {
  const seen = new Set<string>();
  const duties: Duty[] = [];
  for (const change of changes) {
    for (const duty of (EFFECTS[change.what] as (c: Change) => Duty[])(change)) {
      const key = JSON.stringify(duty);
      if (seen.has(key)) continue;
      seen.add(key);
      duties.push(duty);
    }
  }
  return duties;
}
