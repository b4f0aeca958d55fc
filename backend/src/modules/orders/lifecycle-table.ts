/**
 * The transition lists as markdown tables: docs/architecture.md ("Lifecycles") prints exactly these,
 * and lifecycle.test.ts fails when the document and the code part.
 */
import { PUSHKIN_TRANSITIONS } from '../pushkin/lifecycle';
import { TICKET_TRANSITIONS, type Transition } from '../tickets/lifecycle';
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, REFUND_TRANSITIONS } from './lifecycle';

const code = (values: readonly string[]) => (values.length ? values.map((v) => `\`${v}\``).join(', ') : '—');

export function transitionTable(table: Record<string, Transition<string>>): string {
  const rows = Object.entries(table).map(
    ([name, t]) => `| \`${name}\` | ${code(t.from)} | \`${t.to}\` | ${t.lock} | ${code(t.audit)} | ${t.where} |`,
  );
  return ['| Transition | From | To | Lock | Audit | Where |', '| --- | --- | --- | --- | --- | --- |', ...rows].join(
    '\n',
  );
}

export const LIFECYCLE_TABLES = {
  Order: ORDER_TRANSITIONS,
  Ticket: TICKET_TRANSITIONS,
  'Payment attempt': PAYMENT_TRANSITIONS,
  Refund: REFUND_TRANSITIONS,
  'Pushkin card ticket': PUSHKIN_TRANSITIONS,
} as const;
