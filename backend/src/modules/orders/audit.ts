/**
 * The audit trail of orders (pretix's `order.log_action`): every named operation writes one entry in
 * its own transaction — who (a person, or null for the provider and the rules), when, why, channel.
 */
import type { OrderAction, OrderChannel } from '../../contract/constants';
import { schema, type Tx } from '../../db';

export interface Actor {
  /** The person who acted; null for the provider or a rule (expiry, reconciliation). */
  userId: number | null;
  channel: OrderChannel;
}

/** A rule acting on the website's orders (expiry, the provider's word, reconciliation). */
export const WEB_SYSTEM: Actor = { userId: null, channel: 'web' };

export async function logAction(
  tx: Tx,
  orderId: number,
  action: OrderAction,
  actor: Actor,
  details: { reason?: string; data?: Record<string, unknown> } = {},
): Promise<void> {
  await tx.insert(schema.orderEvents).values({
    orderId,
    action,
    actorId: actor.userId,
    channel: actor.channel,
    reason: details.reason ?? null,
    data: details.data ?? null,
  });
}
