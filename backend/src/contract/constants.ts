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

/** Seat code 'r{row}m{place}', rows 1–10, places 1–11. The database CHECK uses the same pattern. */
export const SEAT_CODE_PATTERN = '^r([1-9]|10)m([1-9]|1[01])$';
export const SEAT_CODE_RE = new RegExp(SEAT_CODE_PATTERN);

export const TICKET_STATUSES = ['paid', 'refunded', 'cancelled'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Tickets in these states no longer occupy their seat. */
export const RELEASED_TICKET_STATUSES = ['refunded', 'cancelled'] as const satisfies readonly TicketStatus[];

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
/** How film parts (`persons[].role`) are named to people; other values are shown as they are. */
export const FILM_ROLE_LABELS: Readonly<Record<string, string>> = { actor: 'Актёр', director: 'Режиссёр' };

export const REGISTRATION_BIRTHDAY = { min: '1990-01-01', max: '2024-01-31' } as const;

/** Session times are the cinema's wall-clock time in this zone, written 'YYYY-MM-DD HH:mm:ss'. */
export const CINEMA_TIME_ZONE = 'Europe/Moscow';

/** The cinema's contact data: fixed in the page, not fetched (SPEC section 1). */
export const CINEMA = {
  name: 'Кинотеатр «Ракета»',
  shortName: 'Ракета',
  address: 'Пермь, ул. Ленина, 42',
  mapsUrl:
    'https://yandex.ru/maps/?text=%D0%9F%D0%B5%D1%80%D0%BC%D1%8C%2C%20%D1%83%D0%BB.%20%D0%9B%D0%B5%D0%BD%D0%B8%D0%BD%D0%B0%2C%2042',
  mapFrameUrl: 'https://yandex.ru/map-widget/v1/?ll=56.2294%2C58.0105&z=16&pt=56.2294%2C58.0105%2Cpm2rdm',
  phone: '+7 (342) 200-42-42',
  phoneHref: 'tel:+73422004242',
  site: 'https://kino-raketa.ru',
  social: [
    { name: 'ВКонтакте', href: 'https://vk.com/kino_raketa' },
    { name: 'Telegram', href: 'https://t.me/kino_raketa' },
  ],
} as const;
