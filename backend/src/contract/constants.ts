/** Business constants shared by the API, the workers and the web client (docs/product.md §1, §5, §9). */

export const ROLES = ['customer', 'admin', 'content-manager', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ROLES.filter((r): r is Exclude<Role, 'customer'> => r !== 'customer');
/** How each role is named to people (author blocks, the back office navigation). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Пользователь',
  admin: 'Главный администратор',
  'content-manager': 'Контент-менеджер',
  manager: 'Менеджер',
  cashier: 'Кассир',
};

/** How an account signed up: 'youth' is what the registration form sends. */
export const PROVIDERS = ['youth', 'yandex', 'google', 'vk'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const HALL_ROWS = 10;
export const HALL_PLACES = 11;
export const HALL_CAPACITY = HALL_ROWS * HALL_PLACES;
export const MAX_SEATS_PER_PURCHASE = 6;
/** A session's price per seat is a whole number of roubles up to this. */
export const MAX_TICKET_PRICE = 100_000;
/** Seat holds one socket may ask for per second (a burst of as many, then this rate). */
export const MAX_HOLDS_PER_SECOND = 10;

/**
 * Seat code 'r{row}m{place}' (rows and places from 1, at most MAX_PLAN_ROWS × MAX_PLAN_PLACES); which
 * seats a hall has is its plan (hall_seats). The database CHECK uses the same pattern.
 */
export const SEAT_CODE_PATTERN = '^r([1-9]|[1-2][0-9]|30)m([1-9]|[1-3][0-9]|40)$';
/** The largest plan the editor makes. */
export const MAX_PLAN_ROWS = 30;
export const MAX_PLAN_PLACES = 40;
/** Columns of the drawing: places plus aisle gaps (the database CHECK on hall_seats.x). */
export const MAX_PLAN_COLUMNS = 80;
export const SEAT_CODE_RE = new RegExp(SEAT_CODE_PATTERN);

/**
 * A ticket is an order's line (docs/architecture.md, "Orders and payments"): 'pending' while its order waits for
 * the payment, 'paid' once it is sold (live: refundable before the cut-off, admits once at the door),
 * 'refunded' when the money went back, 'cancelled' when its order expired or was cancelled unpaid.
 */
export const TICKET_STATUSES = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/**
 * The one rule of who has a seat: a ticket in these states occupies it. The unique index on live
 * seats, the Redis seat record, the bill, the staff counts and the dashboard all read this list
 * (modules/tickets/state.ts gives it as SQL and as a predicate).
 */
export const SEAT_OCCUPYING_TICKET_STATUSES = ['pending', 'paid'] as const satisfies readonly TicketStatus[];
/** Tickets that were sold (the buyer's lists, the staff's tickets table): paid, and later perhaps refunded. */
export const SOLD_TICKET_STATUSES = ['paid', 'refunded'] as const satisfies readonly TicketStatus[];
/** A live ticket: it holds its seat, can be refunded before the cut-off and admits once at the door. */
export const LIVE_TICKET_STATUS = 'paid' satisfies TicketStatus;
/** How a ticket's status is named to people (profile, back office, the PDF). */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  pending: 'Ожидает оплаты',
  paid: 'Оплачен',
  refunded: 'Возвращён',
  cancelled: 'Отменён',
};

/**
 * Seat zones a hall plan paints its seats with (docs/architecture.md, "Prices and halls"). The standard zone is
 * SPEC's seat; a sofa is sold as its two seats together.
 */
export const STANDARD_ZONE = 'standard';
/** The ticket type SPEC's purchase is (full price). */
export const ADULT_TICKET_TYPE = 'adult';
/** How a ticket type makes its price from the zone's: a percentage off, a fixed price, or the full price. */
export const TICKET_TYPE_RULES = ['full', 'percent', 'fixed'] as const;
export type TicketTypeRule = (typeof TICKET_TYPE_RULES)[number];
export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** An order waits for its payment ('pending'), then is paid, or expired unpaid, or cancelled. */
export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Ожидает оплаты',
  paid: 'Оплачен',
  expired: 'Время оплаты истекло',
  cancelled: 'Отменён',
};
/** Where an order was made: the website, or the cinema's till. */
export const ORDER_CHANNELS = ['web', 'box_office'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = { web: 'Сайт', box_office: 'Касса' };

/**
 * How an order is paid: 'online' through the provider (the website, or a payment link sent from the till),
 * 'cash' into the till's drawer, 'card' on the bank's terminal at the counter, 'sbp' by the provider's QR
 * shown at the counter (the register's receipt, not the provider's).
 */
export const PAYMENT_METHODS = ['online', 'cash', 'card', 'sbp', 'pushkin'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Онлайн',
  cash: 'Наличные',
  card: 'Карта (терминал)',
  sbp: 'СБП (QR-код)',
  pushkin: 'Пушкинская карта',
};
/**
 * Paid through the payment provider — the website, a till's payment link, SBP by QR at the till, an online Pushkin
 * card payment (the second shop) — so the money goes back through it; cash, card and a Pushkin card at the till go
 * back at the counter.
 */
export function paidThroughProvider(order: { paymentMethod: string; channel: string }): boolean {
  if (order.paymentMethod === 'online' || order.paymentMethod === 'sbp') return true;
  return order.paymentMethod === 'pushkin' && order.channel === 'web';
}
/**
 * Does a cancellation of its session give the order's money back through the provider with no one at the counter
 * (docs/architecture.md, "Cancelling a session")? Paid online: on the site, by the till's payment link, or by a
 * Pushkin card on the site. SBP taken at the till goes back at the counter, where the register prints the return
 * receipt; cash and card too.
 */
export function refundedWithItsSession(order: { paymentMethod: string; channel: string }): boolean {
  return paidThroughProvider(order) && order.paymentMethod !== 'sbp';
}
/** How a paid order's money goes back (a Pushkin card at the till: to the card on the terminal). */
export function refundMethodOf(order: { paymentMethod: PaymentMethod; channel: string }): 'provider' | 'cash' | 'card' {
  if (paidThroughProvider(order)) return 'provider';
  return order.paymentMethod === 'cash' ? 'cash' : 'card';
}
/**
 * A Pushkin card ticket in the registry (REGISTRIES.md §2, modules/pushkin): waiting for its payment,
 * to be registered, registered (active), refused by the registry, refunded, visited.
 */
export const PUSHKIN_TICKET_STATUSES = [
  'awaiting_payment',
  'registering',
  'active',
  'refused',
  'refunded',
  'visited',
] as const;
export type PushkinTicketStatus = (typeof PUSHKIN_TICKET_STATUSES)[number];
export const PUSHKIN_TICKET_STATUS_LABELS: Record<PushkinTicketStatus, string> = {
  awaiting_payment: 'Ждёт оплаты',
  registering: 'Регистрируется в реестре',
  active: 'Зарегистрирован в реестре',
  refused: 'Реестр отказал в регистрации',
  refunded: 'Возврат передан в реестр',
  visited: 'Посещение передано в реестр',
};
/** The till a shift opens at when the cashier names none. */
export const DEFAULT_TILL = 'Касса 1';
/**
 * How the till is paid: cash, card on the bank's terminal, a payment link (the online flow), SBP by QR, or a Pushkin
 * card on the cinema's Pushkin terminal.
 */
export const TILL_METHODS = ['cash', 'card', 'link', 'sbp', 'pushkin'] as const;
export type TillMethod = (typeof TILL_METHODS)[number];
/** The holder's name a ticket sold at the till to a walk-in (no account) shows. */
export const WALK_IN_BUYER = 'Покупатель в кассе';
/** How money goes back: through the provider, out of the till's drawer, or to the card on the terminal. */
export const REFUND_METHODS = ['provider', 'cash', 'card'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  provider: 'Через платёжный сервис',
  cash: 'Наличные',
  card: 'Карта (терминал)',
};
/** A cashier's shift: open (sales and refunds count to it) or closed with the counted cash. */
export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
export const SHIFT_STATUS_LABELS: Record<ShiftStatus, string> = { open: 'Открыта', closed: 'Закрыта' };

/** A delivery of sales and refunds to ЕАИС (modules/eais): made, then delivered or failed (retried). */
export const EAIS_REPORT_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type EaisReportStatus = (typeof EAIS_REPORT_STATUSES)[number];
export const EAIS_REPORT_STATUS_LABELS: Record<EaisReportStatus, string> = {
  pending: 'Ждёт ответа',
  delivered: 'Принята',
  failed: 'Ошибка, повторим',
};
/** A line of the ЕАИС delivery ledger: a ticket's sale or its refund (a form with a negative price). */
export const EAIS_OPERATIONS = ['sale', 'refund'] as const;
export type EaisOperation = (typeof EAIS_OPERATIONS)[number];

/** A refund of one line: asked of the provider ('creating' until it answers), then pending, done or refused. */
export const REFUND_STATUSES = ['creating', 'pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  creating: 'Оформляется',
  pending: 'Оформляется',
  succeeded: 'Деньги возвращены',
  canceled: 'Отклонён',
};
/** Refunds the provider has not settled yet: the ticket neither admits nor can be refunded again. */
export const UNSETTLED_REFUND_STATUSES = ['creating', 'pending'] as const satisfies readonly RefundStatus[];
/** Refunds that are under way or done: a line has at most one. */
export const ACTIVE_REFUND_STATUSES = ['creating', 'pending', 'succeeded'] as const satisfies readonly RefundStatus[];

/** A payment attempt: 'creating' until the provider answered, then the provider's own statuses. */
export const PAYMENT_STATUSES = ['creating', 'pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The audit trail of an order: each named operation writes one entry. */
export const ORDER_ACTIONS = [
  'created',
  'payment_created',
  'paid',
  'expired',
  'cancelled',
  'late_payment_sold',
  'late_payment_refunded',
  'refund_requested',
  'refunded',
  'refund_refused',
  /** The box office (docs/architecture.md, "The box office"). */
  'sold_at_till',
  'session_cancelled',
  /** Staff returned by hand a payment the provider would not give back. */
  'refund_returned_by_hand',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** is_watching: 0 not yet shown, 1 showing now, 2 finished. */
export const WATCHING_STATES = [0, 1, 2] as const;

/** type_rating: 1 positive, 2 negative. */
export const REACTIONS = { positive: 1, negative: 2 } as const;

export const NEWS_BLOCK_TYPES = ['title', 'text', 'image'] as const;
export type NewsBlockType = (typeof NEWS_BLOCK_TYPES)[number];

/**
 * URL path of stored images: an image value that is not an http(s) URL is a file name here
 * (SPEC's image rule; the client resolves it in one place, shared/lib/image.ts).
 */
export const STORAGE_IMAGES_PATH = '/storage/images';

/** The persons list shows this many per page (docs/product.md §9). */
export const PERSONS_PAGE_SIZE = 10;

/** A film part (`persons[].role`) that puts the person on the film page's actors slider. */
export const ACTOR_ROLE = 'actor';
/**
 * How film parts (`persons[].role`) are named to people; other values are shown as they are. The
 * keys are Kinopoisk's profession keys, lower-cased (what the film import writes).
 */
export const FILM_ROLE_LABELS: Readonly<Record<string, string>> = {
  actor: 'Актёр',
  director: 'Режиссёр',
  writer: 'Сценарист',
  producer: 'Продюсер',
  operator: 'Оператор',
  composer: 'Композитор',
  design: 'Художник',
  editor: 'Монтажёр',
  translator: 'Переводчик',
  voice_director: 'Режиссёр дубляжа',
};

export const REGISTRATION_BIRTHDAY = { min: '1990-01-01', max: '2024-01-31' } as const;

/**
 * Session times are the cinema's wall-clock time, written 'YYYY-MM-DD HH:mm:ss', in the zone
 * CINEMA_TIMEZONE configures; this one when it is unset (see contract/time.ts).
 */
export const DEFAULT_CINEMA_TIME_ZONE = 'Europe/Moscow';

/**
 * The players a trailer may embed (docs/product.md §2): the site's Content-Security-Policy allows frames
 * from these origins and the map's, and no others (backend/src/lib/http/security-headers.ts, docker/nginx.conf).
 */
export const TRAILER_EMBED_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  rutube: 'https://rutube.ru',
} as const;
