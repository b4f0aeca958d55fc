/**
 * Why the provider cancelled a payment or refused a refund, told to people in Russian. The keys are
 * YooKassa's `cancellation_details.reason` values (docs/architecture.md, "YooKassa facts the code relies on"); anything else gets the general line.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: 'На карте недостаточно средств',
  card_expired: 'Срок действия карты истёк',
  '3d_secure_failed': 'Не пройдено подтверждение платежа (3-D Secure)',
  call_issuer: 'Банк отклонил платёж: обратитесь в свой банк',
  fraud_suspected: 'Платёж отклонён из-за подозрения в мошенничестве',
  general_decline: 'Платёж отклонён банком',
  expired_on_confirmation: 'Время на подтверждение платежа истекло',
  canceled_by_merchant: 'Платёж отменён кинотеатром',
  permission_revoked: 'Платёж отменён: нет разрешения на списание',
  internal_timeout: 'Платёжный сервис не ответил вовремя',
  invalid_card_number: 'Неверный номер карты',
  invalid_csc: 'Неверный код CVV/CVC',
  issuer_unavailable: 'Банк, выпустивший карту, недоступен',
  payment_method_limit_exceeded: 'Превышен лимит платежей',
  payment_method_restricted: 'Операции этим способом оплаты запрещены',
  country_forbidden: 'Оплата картой этой страны запрещена',
  deal_expired: 'Срок сделки истёк',
  // Refunds (the PHP SDK's refund reason codes).
  rejected_by_payee: 'Банк покупателя не принял возврат',
};

export const declineMessage = (reason: string | null | undefined): string =>
  (reason && MESSAGES[reason]) || 'Платёж не прошёл. Попробуйте ещё раз или выберите другой способ оплаты';
