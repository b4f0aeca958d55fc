/**
 * How the back office names an order's payments and audit entries. The contract names statuses that
 * buyers see too (ORDER_STATUS_LABELS, REFUND_STATUS_LABELS); these words are the staff's screens' own.
 */
import { RETURNED_BY_HAND_LABEL, type OrderAction, type PaymentStatus } from '@kino/backend/contract';

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  created: 'Заказ создан',
  payment_created: 'Платёж создан',
  paid: 'Оплачен',
  expired: 'Время на оплату истекло',
  cancelled: 'Отменён',
  late_payment_sold: 'Оплата пришла после срока: билеты проданы',
  late_payment_refunded: 'Оплата пришла после срока, места заняты: оформлен возврат',
  refund_requested: 'Запрошен возврат',
  refunded: 'Деньги возвращены',
  refund_refused: 'В возврате отказано',
  sold_at_till: 'Продан в кассе',
  refund_returned_by_hand: RETURNED_BY_HAND_LABEL,
  session_cancelled: 'Сеанс отменён',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  creating: 'Создаётся',
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Ждёт подтверждения',
  succeeded: 'Оплачен',
  canceled: 'Отменён',
};

/** Who did it: a person, or nobody (the provider's word, expiry, reconciliation). */
export const actorLabel = (actor: string | null) => actor ?? 'Система';
