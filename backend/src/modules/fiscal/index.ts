/**
 * The cash register's documents (docs/architecture.md, "The cash register"): what the workers use — the
 * follow-up of tasks the register never answered.
 */
export { followUnansweredOperations, type FollowUpResult } from './follow-up';
