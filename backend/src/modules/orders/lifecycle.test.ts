/**
 * Every allowed transition and every refusal of the money lifecycles, as tables: the session's states
 * and sale rule (schedules/lifecycle.ts), the refund rule by actor (tickets/lifecycle.ts), the pay rule
 * (orders/mark-paid.ts), and the transition lists themselves (orders/lifecycle.ts, tickets/lifecycle.ts),
 * which docs/architecture.md prints.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EAIS_REPORT_STATUSES,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PUSHKIN_TICKET_STATUSES,
  REFUND_STATUSES,
  type RefundStatus,
  TICKET_STATUSES,
  type TicketStatus,
} from '../../contract/constants';
import { canBeCancelled, canBeChanged, canBeSold, sessionState, type SessionTimes } from '../schedules/lifecycle';
import { type RefundActor, refundRefusal, TICKET_TRANSITIONS, type Transition } from '../tickets/lifecycle';
import { MONEY_REFUSALS, payRefusal } from './mark-paid';
import { PUSHKIN_TRANSITIONS } from '../pushkin/lifecycle';
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, REFUND_TRANSITIONS } from './lifecycle';
import { LIFECYCLE_TABLES, transitionTable } from './lifecycle-table';

const MINUTE = 60_000;
const NOW = new Date('2031-11-22T16:00:00Z');
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * MINUTE);
const session = (startsIn: number, cancelled = false): SessionTimes => ({
  startTime: at(startsIn),
  endTime: at(startsIn + 120),
  cancelledAt: cancelled ? at(-60) : null,
});

describe('a session’s lifecycle', () => {
  it.each([
    ['on sale before its start', session(10), 'on_sale', undefined],
    ['started at its start time', session(0), 'started', 'session_started'],
    ['started during the show', session(-30), 'started', 'session_started'],
    ['ended after its end time', session(-120), 'ended', 'session_started'],
    ['cancelled before its start', session(60, true), 'cancelled', 'session_cancelled'],
    ['cancelled, whatever the time', session(-300, true), 'cancelled', 'session_cancelled'],
  ] as const)('%s: %s, sale refused with %s', (_name, s, state, saleCode) => {
    expect(sessionState(s, NOW)).toBe(state);
    expect(canBeSold(s, NOW)?.code).toBe(saleCode);
  });

  it.each([
    ['on sale', session(10), undefined, undefined],
    ['started', session(-30), 'session_started', undefined],
    ['ended', session(-120), 'session_started', 'session_started'],
    ['cancelled', session(60, true), 'session_cancelled', 'session_cancelled'],
  ] as const)('%s: a change is refused with %s, a cancellation with %s', (_name, s, change, cancel) => {
    expect(canBeChanged(s, NOW)?.code).toBe(change);
    expect(canBeCancelled(s, NOW)?.code).toBe(cancel);
  });
});

describe('who may refund a ticket, and when', () => {
  const viewer: RefundActor = { kind: 'viewer', cutoffMinutes: 30 };
  const staff: RefundActor = { kind: 'staff' };
  const cashier: RefundActor = { kind: 'counter', role: 'cashier' };
  const admin: RefundActor = { kind: 'counter', role: 'admin', reason: 'Зритель ушёл: авария звука' };
  const adminNoReason: RefundActor = { kind: 'counter', role: 'admin' };
  const ticket = (
    over: Partial<{
      status: TicketStatus;
      usedAt: Date | null;
      refunds: { status: RefundStatus }[];
      session: SessionTimes;
      method: string;
    }> = {},
  ) => ({
    status: over.status ?? 'paid',
    usedAt: over.usedAt ?? null,
    refunds: over.refunds ?? [],
    session: over.session ?? session(120),
    order: {
      paymentMethod: over.method ?? 'online',
      channel: over.method && over.method !== 'online' ? 'box_office' : 'web',
    },
  });

  it.each([
    // [case, ticket, actor, refusal code (undefined: allowed)]
    ['a live ticket, by its owner, before the cut-off', ticket(), viewer, undefined],
    ['a live ticket, by its owner, after the cut-off', ticket({ session: session(20) }), viewer, 'refund_closed'],
    [
      'a cancelled session’s ticket, by its owner, after its start',
      ticket({ session: session(-10, true) }),
      viewer,
      undefined,
    ],
    ['a refunded ticket', ticket({ status: 'refunded' }), viewer, 'ticket_refunded'],
    ['a pending line', ticket({ status: 'pending' }), staff, 'order_closed'],
    ['a released line', ticket({ status: 'cancelled' }), staff, 'order_closed'],
    ['a ticket whose refund is under way', ticket({ refunds: [{ status: 'pending' }] }), viewer, 'refund_pending'],
    ['a ticket whose refund is being asked', ticket({ refunds: [{ status: 'creating' }] }), staff, 'refund_pending'],
    [
      'a ticket whose refund the provider refused, again',
      ticket({ refunds: [{ status: 'canceled' }] }),
      viewer,
      undefined,
    ],
    ['a used ticket', ticket({ usedAt: at(-5) }), admin, 'ticket_used'],
    ['an online ticket, by the back office, after the start', ticket({ session: session(-30) }), staff, undefined],
    ['a cash ticket, by the back office', ticket({ method: 'cash' }), staff, 'conflict'],
    ['a cash ticket, at the counter, before the start', ticket({ method: 'cash' }), cashier, undefined],
    [
      'a ticket at the counter after the start, by a cashier',
      ticket({ session: session(-10) }),
      cashier,
      'refund_closed',
    ],
    [
      'a ticket at the counter after the start, by the admin with a reason',
      ticket({ session: session(-10) }),
      admin,
      undefined,
    ],
    [
      'a ticket at the counter after the start, by the admin without one',
      ticket({ session: session(-10) }),
      adminNoReason,
      'invalid_input',
    ],
    [
      'a cancelled session’s ticket at the counter, by a cashier',
      ticket({ session: session(-10, true) }),
      cashier,
      undefined,
    ],
  ] as const)('%s → %s', (_name, t, actor, code) => {
    expect(refundRefusal(t, actor, NOW)?.code).toBe(code);
  });
});

describe('whether money may buy an order’s seats', () => {
  it.each([
    ['a pending order, session on sale', 'pending', session(60), undefined],
    ['an expired order, session on sale (sold if the seats are free)', 'expired', session(60), undefined],
    ['a cancelled order', 'cancelled', session(60), MONEY_REFUSALS.orderCancelled],
    ['a pending order, session cancelled', 'pending', session(60, true), MONEY_REFUSALS.sessionCancelled],
    ['a cancelled order, session cancelled', 'cancelled', session(60, true), MONEY_REFUSALS.sessionCancelled],
    ['a pending order, session started', 'pending', session(-5), MONEY_REFUSALS.sessionStarted],
    ['an expired order, session ended', 'expired', session(-200), MONEY_REFUSALS.sessionStarted],
  ] as const)('%s → %s', (_name, status, s, refusal) => {
    expect(payRefusal(status, s, NOW)).toBe(refusal);
  });
});

describe('the transition lists', () => {
  const tables: [string, Record<string, Transition<string>>, readonly string[]][] = [
    ['order', ORDER_TRANSITIONS, ORDER_STATUSES],
    ['ticket', TICKET_TRANSITIONS, TICKET_STATUSES],
    ['payment', PAYMENT_TRANSITIONS, PAYMENT_STATUSES],
    ['refund', REFUND_TRANSITIONS, REFUND_STATUSES],
    ['pushkin ticket', PUSHKIN_TRANSITIONS, PUSHKIN_TICKET_STATUSES],
  ];

  /** Each machine's allowed moves as `from → to` (`∅` for a row created in its state). */
  const moves = (table: Record<string, Transition<string>>) =>
    Object.entries(table).flatMap(([name, t]) =>
      (t.from.length ? t.from : ['∅']).map((from) => `${name}: ${from} → ${t.to}`),
    );

  it('allows exactly these transitions, and no other', () => {
    expect(moves(ORDER_TRANSITIONS)).toEqual([
      'create: ∅ → pending',
      'sellAtOnce: ∅ → paid',
      'pay: pending → paid',
      'payLate: expired → paid',
      'expire: pending → expired',
      'cancel: pending → cancelled',
    ]);
    expect(moves(TICKET_TRANSITIONS)).toEqual([
      'reserve: ∅ → pending',
      'sellAtOnce: ∅ → paid',
      'sell: pending → paid',
      'sellLate: cancelled → paid',
      'release: pending → cancelled',
      'refund: paid → refunded',
    ]);
    expect(moves(PAYMENT_TRANSITIONS)).toEqual([
      'create: ∅ → creating',
      'answer: creating → pending',
      'succeed: creating → succeeded',
      'succeed: pending → succeeded',
      'succeed: waiting_for_capture → succeeded',
      'cancel: creating → canceled',
      'cancel: pending → canceled',
      'cancel: waiting_for_capture → canceled',
    ]);
    expect(moves(REFUND_TRANSITIONS)).toEqual([
      'request: ∅ → creating',
      'wait: creating → pending',
      'succeed: creating → succeeded',
      'succeed: pending → succeeded',
      'refuse: creating → canceled',
      'refuse: pending → canceled',
    ]);
    expect(moves(PUSHKIN_TRANSITIONS)).toEqual([
      'awaitPayment: ∅ → awaiting_payment',
      'sellAtOnce: ∅ → registering',
      'pay: awaiting_payment → registering',
      'register: registering → active',
      'refuse: registering → refused',
      'refund: active → refunded',
      'visit: active → visited',
    ]);
  });

  it.each(tables)(
    '%s: every transition goes between real states and writes a real audit action',
    (_n, table, states) => {
      for (const [name, t] of Object.entries(table)) {
        expect(states, name).toContain(t.to);
        for (const from of t.from) expect(states, name).toContain(from);
        for (const action of t.audit) expect(ORDER_ACTIONS, name).toContain(action);
        expect(t.lock, name).not.toBe('');
      }
    },
  );

  it.each(tables)('%s: every state can be reached', (_n, table, states) => {
    const reached = new Set(Object.values(table).map((t) => t.to));
    // A payment's waiting_for_capture is the provider's own (two-stage payments, which Kino does not use).
    expect(states.filter((s) => !reached.has(s) && s !== 'waiting_for_capture')).toEqual([]);
  });

  it('refuses what no transition allows: a paid order never goes back to pending, a refunded ticket never to paid', () => {
    const allowed = (table: Record<string, Transition<string>>, from: string, to: string) =>
      Object.values(table).some((t) => t.to === to && t.from.includes(from));
    expect(allowed(ORDER_TRANSITIONS, 'paid', 'pending')).toBe(false);
    expect(allowed(ORDER_TRANSITIONS, 'paid', 'cancelled')).toBe(false);
    expect(allowed(TICKET_TRANSITIONS, 'refunded', 'paid')).toBe(false);
    expect(allowed(TICKET_TRANSITIONS, 'paid', 'cancelled')).toBe(false);
    expect(allowed(REFUND_TRANSITIONS, 'succeeded', 'canceled')).toBe(false);
    expect(allowed(PAYMENT_TRANSITIONS, 'succeeded', 'canceled')).toBe(false);
  });
});

describe('docs/architecture.md', () => {
  it.each(Object.entries(LIFECYCLE_TABLES))('prints the %s transitions exactly as the code lists them', (_n, table) => {
    // Prettier pads the document's table cells; the cells themselves must be the same.
    const cells = (text: string) => text.replace(/ *\| */g, '|').replace(/-{3,}/g, '---');
    const doc = readFileSync(new URL('../../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(cells(doc)).toContain(cells(transitionTable(table)));
  });
});

describe('status literals', () => {
  // Every state a query or a write could name by hand, and the session's states (schedules/lifecycle.ts).
  const states = [
    ...new Set<string>([
      ...ORDER_STATUSES,
      ...TICKET_STATUSES,
      ...PAYMENT_STATUSES,
      ...REFUND_STATUSES,
      ...PUSHKIN_TICKET_STATUSES,
      ...EAIS_REPORT_STATUSES,
      'on_sale',
      'started',
      'ended',
    ]),
  ].join('|');
  const literal = `'(?:${states})'`;
  /** A status compared, written or queried as a literal: `.status === 'paid'`, `status: 'paid'`, SQL `status} = 'paid'`, `eq(x.status, 'paid')`, `sessionState(…) === 'started'`. */
  const patterns = [
    new RegExp(`\\.status\\s*[!=]==?\\s*${literal}`),
    new RegExp(`\\bstatus\\s*:\\s*${literal}`),
    new RegExp(`status\\}?\\s*(?:=|<>|!=)\\s*${literal}`),
    new RegExp(`\\b(?:eq|ne)\\([^()]*status,\\s*${literal}`),
    new RegExp(`\\binArray\\([^()]*status,\\s*\\[[^\\]]*${literal}`),
    new RegExp(`State\\([^()]*\\)\\s*[!=]==\\s*${literal}`),
  ];
  const modules = fileURLToPath(new URL('..', import.meta.url));
  const sources = (readdirSync(modules, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => !/(^|\/)(lifecycle|state)\.ts$/.test(f));

  it('are written only in the state files: every other file of modules/ names a transition or a rule', () => {
    const found = sources.flatMap((file) =>
      readFileSync(path.join(modules, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${file}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith('*') && !line.startsWith('//'))
        .filter(({ line }) => patterns.some((p) => p.test(line)))
        .map(({ line, at }) => `${at}  ${line}`),
    );
    expect(found).toEqual([]);
  });

  it('would be found: the patterns match the forms they name', () => {
    for (const line of [
      "if (ticket.status !== 'paid') return;",
      ".set({ status: 'refunded' })",
      "sql`${t.status} = 'refused'`",
      "eq(schema.orders.status, 'pending')",
      "inArray(tickets.status, ['pending', 'paid'])",
      "sessionState(s, now) === 'started'",
    ])
      expect(
        patterns.some((p) => p.test(line)),
        line,
      ).toBe(true);
  });
});
