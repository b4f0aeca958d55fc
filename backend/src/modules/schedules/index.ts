/** The schedules module as the workers see it: a cancelled session's settlement. */
export { settleCancelledSession } from './settle-cancellation';
