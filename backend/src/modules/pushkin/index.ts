/**
 * The Pushkin card (REGISTRIES.md §2, docs/architecture.md "The Pushkin card"): the holder's rules at the sale, the
 * ticket registry's jobs, and the film's Pro.Культура event. What the orders, the till, the door and the workers use.
 */
export {
  holderOf,
  pushkinEventOf,
  pushkinTicketIds,
  pushkinTicketsPaid,
  recordPushkinTicket,
  refuseSecondTicket,
} from './holder';
export { findPushkinEvent } from './event';
export { registerPushkinTicket, reportPushkinRefund, reportPushkinVisit, type RegistrationOutcome } from './registry';
export {
  findStuckPushkinTickets,
  pushkinStuckSql,
  sweepStuckPushkinTickets,
  type PushkinAction,
  type PushkinSweepResult,
} from './sweep';
