/**
 * A Pushkin card ticket's life in the registry (docs/architecture.md, "Lifecycles" and "The Pushkin card"):
 * each named transition with its states, the guard it writes under and the file that performs it. The
 * registry's jobs and the orders' queries write and read these states only through the names.
 */
import type { PushkinTicketStatus } from '../../contract/constants';
import type { Transition } from '../tickets/lifecycle';

export const PUSHKIN_TRANSITIONS = {
  awaitPayment: {
    from: [],
    to: 'awaiting_payment',
    lock: 'the order’s transaction (an online order)',
    audit: [],
    where: 'pushkin/holder.ts recordPushkinTicket',
  },
  sellAtOnce: {
    from: [],
    to: 'registering',
    lock: 'the order’s transaction (a till sale)',
    audit: [],
    where: 'pushkin/holder.ts recordPushkinTicket',
  },
  pay: {
    from: ['awaiting_payment'],
    to: 'registering',
    lock: 'the order row (the payment’s transaction)',
    audit: [],
    where: 'pushkin/holder.ts pushkinTicketsPaid',
  },
  register: {
    from: ['registering'],
    to: 'active',
    lock: 'a conditional update from its state',
    audit: [],
    where: 'pushkin/registry.ts registerPushkinTicket',
  },
  refuse: {
    from: ['registering'],
    to: 'refused',
    lock: 'a conditional update from its state',
    audit: [],
    where: 'pushkin/registry.ts registerPushkinTicket',
  },
  refund: {
    from: ['active'],
    to: 'refunded',
    lock: 'a conditional update from its state',
    audit: [],
    where: 'pushkin/registry.ts reportPushkinRefund',
  },
  visit: {
    from: ['active'],
    to: 'visited',
    lock: 'a conditional update from its state',
    audit: [],
    where: 'pushkin/registry.ts reportPushkinVisit',
  },
} as const satisfies Record<string, Transition<PushkinTicketStatus>>;

export type PushkinTransition = keyof typeof PUSHKIN_TRANSITIONS;

/** The state a transition ends in (for writes). */
export const pushkinBecomes = (name: PushkinTransition): PushkinTicketStatus => PUSHKIN_TRANSITIONS[name].to;

/** The one state a transition starts from (for the `where` of its write, and the jobs' checks). */
export const pushkinWas = (name: 'pay' | 'register' | 'refuse' | 'refund' | 'visit'): PushkinTicketStatus =>
  PUSHKIN_TRANSITIONS[name].from[0];
