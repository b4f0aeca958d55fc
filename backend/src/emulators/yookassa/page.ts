/**
 * The payment page at a payment's confirmation_url (`/payments/{id}`): what YooKassa's checkout shows the
 * buyer (the shop, the description, the amount, the receipt), and two plain forms instead of a card form:
 * 'Оплатить' confirms the payment, 'Отказаться' cancels it with the reason chosen beside it (by default
 * `yoo_kassa` / `expired_on_confirmation`: the buyer did not confirm — what YooKassa reports for a buyer who
 * leaves its page, here at once instead of after an hour). Both answer 303 to the payment's return_url. A
 * payment that is no longer pending says how it ended and links back. Russian, no scripts, a label for
 * every control.
 */
import type http from 'node:http';
import { escapeHtml } from '../../lib/documents/html';
import { sendHtml } from './http';
import { partyOf, type Store, type StoredPayment } from './store';

/** The reasons the page offers, the first being the default: what a buyer or their bank may cause. */
export const DECLINE_REASONS: readonly { reason: string; label: string }[] = [
  { reason: 'expired_on_confirmation', label: 'Покупатель не подтвердил оплату' },
  { reason: 'insufficient_funds', label: 'Недостаточно денег на карте' },
  { reason: 'general_decline', label: 'Банк отклонил платёж без объяснения причин' },
  { reason: '3d_secure_failed', label: 'Не пройдена проверка 3-D Secure' },
  { reason: 'card_expired', label: 'Истёк срок действия карты' },
  { reason: 'fraud_suspected', label: 'Платёж заблокирован из-за подозрения в мошенничестве' },
];

/** 70000 → "700,00 ₽", 123456789 → "1 234 567,89 ₽" (no-break spaces), on digits. */
export function roubles(kopecks: number): string {
  const digits = String(kopecks).padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${whole},${digits.slice(-2)}\u00a0₽`;
}

/** Thousandths of a quantity as the receipt shows it: 1000 → "1", 1500 → "1,5". */
const quantity = (milli: number) => String(milli / 1000).replace('.', ',');

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ЮKassa (эмулятор)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111; }
main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
.note { background: #fff7d6; padding: .5rem .75rem; border-radius: 8px; }
dt { color: #555; font-size: .9rem; } dd { margin: 0 0 .75rem; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; } caption { text-align: left; font-weight: 600; }
th, td { text-align: left; padding: .25rem .5rem .25rem 0; border-bottom: 1px solid #e5e7eb; }
form { margin: 1rem 0; } label { display: block; margin-bottom: .25rem; }
select, button { font: inherit; padding: .5rem .75rem; border-radius: 8px; }
button { border: 0; background: #1a56db; color: #fff; cursor: pointer; } .secondary { background: #6b7280; }
</style>
</head>
<body>
<main>
<p class="note" role="note">Эмулятор ЮKassa для демонстрации и тестов: деньги не списываются.</p>
${content}
</main>
</body>
</html>`;
}

function summary(payment: StoredPayment, shopName: string): string {
  const head = `<dl>
<dt>Магазин</dt><dd>${escapeHtml(shopName)}</dd>
${payment.description ? `<dt>Назначение платежа</dt><dd>${escapeHtml(payment.description)}</dd>` : ''}
<dt>Сумма</dt><dd><strong>${roubles(payment.amountKopecks)}</strong></dd>
${payment.method === 'sbp' ? '<dt>Способ</dt><dd>СБП: оплата из приложения банка по QR-коду</dd>' : ''}
</dl>`;
  // SBP at the counter: the shop's register prints the receipt, the provider shows none.
  if (!payment.receipt) return head;
  const items = payment.receipt.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.description)}</td><td>${quantity(item.quantity)}</td><td>${roubles(item.amount.value)}</td></tr>`,
    )
    .join('\n');
  const customer = payment.receipt.customer.email ?? payment.receipt.customer.phone ?? '';
  return `${head}
<table>
<caption>Чек</caption>
<thead><tr><th scope="col">Позиция</th><th scope="col">Количество</th><th scope="col">Цена</th></tr></thead>
<tbody>
${items}
</tbody>
</table>
<p>Чек будет отправлен: ${escapeHtml(customer)}</p>`;
}

const ENDINGS: Record<Exclude<StoredPayment['status'], 'pending'>, string> = {
  succeeded: 'Платёж оплачен',
  waiting_for_capture: 'Оплата подтверждена: магазин ещё не списал деньги',
  canceled: 'Платёж отменён',
};

function pageOf(payment: StoredPayment, shopName: string): string {
  if (payment.status !== 'pending') {
    const reason = DECLINE_REASONS.find((r) => r.reason === payment.cancellation?.reason)?.label;
    return layout(
      ENDINGS[payment.status],
      `<h1>${ENDINGS[payment.status]}</h1>
${reason ? `<p>Причина: ${escapeHtml(reason)}.</p>` : ''}
${summary(payment, shopName)}
${payment.returnUrl === null ? '' : `<p><a href="${escapeHtml(payment.returnUrl)}">Вернуться в магазин</a></p>`}`,
    );
  }
  const options = DECLINE_REASONS.map(
    (r, i) => `<option value="${r.reason}"${i === 0 ? ' selected' : ''}>${escapeHtml(r.label)}</option>`,
  ).join('\n');
  return layout(
    'Оплата заказа',
    `<h1>Оплата заказа</h1>
${summary(payment, shopName)}
<form method="post" action="/payments/${payment.id}/pay">
<button type="submit">Оплатить</button>
</form>
<form method="post" action="/payments/${payment.id}/decline">
<label for="reason">Причина отказа</label>
<select id="reason" name="reason">
${options}
</select>
<button type="submit" class="secondary">Отказаться</button>
</form>`,
  );
}

const notFoundPage = () =>
  layout('Платёж не найден', '<h1>Платёж не найден</h1><p>Проверьте ссылку, по которой вы перешли.</p>');

/** GET /payments/{id}, POST /payments/{id}/pay, POST /payments/{id}/decline; false when the path is not the page's. */
export function handlePage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  raw: string | null,
  { store, shopName }: { store: Store; shopName: string },
): boolean {
  const match = /^\/payments\/([A-Za-z0-9_-]{1,64})(?:\/(pay|decline))?$/.exec(path);
  if (!match) return false;
  const [, id, action] = match as unknown as [string, string, 'pay' | 'decline' | undefined];
  const payment = store.stored(id);
  if (!payment) {
    sendHtml(res, 404, notFoundPage());
    return true;
  }
  if (!action) {
    if (req.method !== 'GET') res.writeHead(405, { allow: 'GET' }).end();
    else sendHtml(res, 200, pageOf(payment, shopName));
    return true;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return true;
  }
  // A second press (or a reload of the form) changes nothing: the buyer goes back to the shop either way.
  if (payment.status === 'pending') {
    if (action === 'pay') store.confirm(id);
    else {
      const chosen = new URLSearchParams(raw ?? '').get('reason');
      const reason = DECLINE_REASONS.find((r) => r.reason === chosen)?.reason ?? DECLINE_REASONS[0]!.reason;
      store.decline(id, { party: partyOf(reason), reason });
    }
  }
  // Paid from a QR there is no shop page to return to: the page itself shows the outcome.
  res.writeHead(303, { location: payment.returnUrl ?? `/payments/${id}` }).end();
  return true;
}
