/** Business constants shared by the API, the workers and the web client (SPEC sections 1, 5, 9). */

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

/** Seat code 'r{row}m{place}', rows 1–10, places 1–11. The database CHECK uses the same pattern. */
export const SEAT_CODE_PATTERN = '^r([1-9]|10)m([1-9]|1[01])$';
export const SEAT_CODE_RE = new RegExp(SEAT_CODE_PATTERN);

export const TICKET_STATUSES = ['paid', 'refunded', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Tickets in these states no longer occupy their seat. */
export const RELEASED_TICKET_STATUSES = ['refunded', 'cancelled'] as const satisfies readonly TicketStatus[];
/** A live ticket: it holds its seat, can be refunded before the cut-off and admits once at the door. */
export const LIVE_TICKET_STATUS = 'paid' satisfies TicketStatus;
/** How a ticket's status is named to people (profile, back office, the PDF). */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  paid: 'Оплачен',
  refunded: 'Возвращён',
  cancelled: 'Отменён',
};

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

/** The persons list shows this many per page (SPEC section 9). */
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
 * The players a trailer may embed (SPEC section 2): the site's Content-Security-Policy allows frames
 * from these origins and the map's, and no others (backend/src/lib/security-headers.ts, docker/nginx.conf).
 */
export const TRAILER_EMBED_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  rutube: 'https://rutube.ru',
} as const;

/** The cinema's contact data: fixed in the page, not fetched (SPEC section 1). */
export const CINEMA = {
  name: 'Кинотеатр «Ракета»',
  shortName: 'Ракета',
  /** In the cinema's time zone (Europe/Moscow by default, see DEFAULT_CINEMA_TIME_ZONE). */
  address: 'Москва, ул. Покровка, 42',
  mapsUrl:
    'https://yandex.ru/maps/?text=%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0%2C%20%D1%83%D0%BB.%20%D0%9F%D0%BE%D0%BA%D1%80%D0%BE%D0%B2%D0%BA%D0%B0%2C%2042',
  mapFrameUrl: 'https://yandex.ru/map-widget/v1/?ll=37.6481%2C55.7594&z=16&pt=37.6481%2C55.7594%2Cpm2rdm',
  phone: '+7 (495) 200-42-42',
  phoneHref: 'tel:+74952004242',
  site: 'https://kino-raketa.ru',
  social: [
    { name: 'ВКонтакте', href: 'https://vk.com/kino_raketa' },
    { name: 'Telegram', href: 'https://t.me/kino_raketa' },
  ],
} as const;
