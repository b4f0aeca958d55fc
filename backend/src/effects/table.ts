/**
 * The effects table (DESIGN.md, "After-commit effects"): what a committed write changed → its
 * duties. Response caches to invalidate, live pushes to rooms, seat maps to update, jobs to enqueue
 * with deterministic ids. Writes only say what they changed; nothing else decides what follows.
 */
import type { CacheName } from '../lib/response-cache';
import type { TicketsChange } from '../modules/tickets/changes';
import { ticketJobIds } from '../modules/tickets/job-ids';
import type { JobName, JobPayload } from '../queues/jobs';

/** The vocabulary of changes: one entry per kind of thing a write can change. */
export type Change =
  | { what: 'films'; ids: number[] }
  | { what: 'sessions'; ids: number[] }
  /** Sold, refunded, admitted at the door (modules/tickets/changes.ts). */
  | TicketsChange
  /** Tickets moved to another watching state by the clock (the workers). */
  | { what: 'watching'; ticketIds: number[] }
  | { what: 'users'; change: 'registered' | 'role' | 'profile' | 'password'; id: number }
  | { what: 'reviews'; filmId: number }
  | { what: 'news' }
  | { what: 'promotions' }
  | { what: 'persons' }
  | { what: 'genres' }
  | { what: 'countries' }
  | { what: 'halls' }
  /** A reset link was issued: the mail that carries it. */
  | { what: 'password-resets'; id: number; mail: JobPayload<'mail.send'> };

export type ChangeKind = Change['what'];

/** One thing to do after a commit. Equal duties of one commit are done once. */
export type Duty =
  | { kind: 'invalidate'; cache: CacheName }
  | { kind: 'push'; room: 'staff'; event: 'dashboard:changed' }
  | { kind: 'push'; room: 'user'; userId: number; event: 'account:changed' }
  /** The person's sockets everywhere reconnect, so their rooms follow their new role. */
  | { kind: 'reconnect'; userId: number }
  /** Each owner's open pages get their tickets' new state (read after the commit). */
  | { kind: 'push-tickets'; ticketIds: number[] }
  | { kind: 'seats'; sessionId: number; sold?: string[]; freed?: string[] }
  /** Delayed jobs at the sessions' start and end move their tickets' watching states. */
  | { kind: 'watching-jobs'; sessionIds: number[] }
  | { kind: 'job'; name: JobName; payload: unknown; jobId: string };

const invalidate = (...caches: CacheName[]): Duty[] => caches.map((cache) => ({ kind: 'invalidate', cache }));
/** Every open dashboard fetches its counts again. */
const DASHBOARD: Duty = { kind: 'push', room: 'staff', event: 'dashboard:changed' };
const job = <N extends JobName>(name: N, payload: JobPayload<N>, jobId: string): Duty => ({
  kind: 'job',
  name,
  payload,
  jobId,
});

type Table = { [K in ChangeKind]: (change: Extract<Change, { what: K }>) => Duty[] };

export const EFFECTS: Table = {
  // A film's title, age, images, genres or rental flag show on the banner, the new films and the bill.
  films: () => [...invalidate('banner', 'new-films', 'schedules', 'films', 'film'), DASHBOARD],
  // The bill and a film page list sessions.
  sessions: (c) => [...invalidate('schedules', 'film'), DASHBOARD, { kind: 'watching-jobs', sessionIds: c.ids }],
  tickets: (c) => {
    const owner: Duty = { kind: 'push-tickets', ticketIds: c.ticketIds };
    switch (c.kind) {
      case 'sold':
        return [
          // The bill and a film page list taken seats; the dashboard counts sales.
          ...invalidate('schedules', 'film'),
          DASHBOARD,
          owner,
          { kind: 'seats', sessionId: c.sessionId, sold: c.seats },
          job('tickets.render-pdf', { ticketIds: c.ticketIds }, ticketJobIds.pdfs(c.ticketIds)),
          job('mail.tickets-sold', { userId: c.userId, ticketIds: c.ticketIds }, ticketJobIds.soldMail(c.ticketIds)),
        ];
      case 'refunded':
        return [
          ...invalidate('schedules', 'film'),
          DASHBOARD,
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
  users: (c) => {
    if (c.change === 'registered') return [DASHBOARD];
    // The person's open pages learn their new role (and the back office menu follows).
    // Every token was revoked: the sockets opened with them end.
    if (c.change === 'password') return [{ kind: 'reconnect', userId: c.id }];
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
  reviews: () => [...invalidate('film'), DASHBOARD],
  news: () => [DASHBOARD],
  promotions: () => [DASHBOARD],
  // A film page lists its cast.
  persons: () => [...invalidate('film'), DASHBOARD],
  // Genre names show on the new films, the bill, the catalogue and film pages.
  genres: () => [...invalidate('new-films', 'schedules', 'films', 'film'), DASHBOARD],
  countries: () => [...invalidate('films', 'film'), DASHBOARD],
  // Hall names show on the bill and a film page's sessions.
  halls: () => [...invalidate('schedules', 'film'), DASHBOARD],
  'password-resets': (c) => [job('mail.send', c.mail, `password-reset-${c.id}`)],
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
