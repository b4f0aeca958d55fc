/**
 * Who may do what in the back office, declared once (docs/architecture.md, "Back office"): role → resource →
 * actions. The server's guards, the admin side menu, the client's route guards and its buttons all
 * read this table; nothing else names roles next to rights. Zod-free: the web client imports it.
 *
 * A role's row lists its resources in the order of its menu (docs/product.md §2), so the menu is the row.
 * Where SPEC leaves a right open, the entry carries the decision's reason.
 */
import type { Role } from './constants';

/**
 * CRUD, and the domain's verbs where CRUD would hide what happens (refund: money goes back; sell: tickets
 * sold at the till, money taken).
 */
export const ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'refund', 'sell'] as const;
export type Action = (typeof ACTIONS)[number];

/** Back-office resources: the screens of /admin/dashboard/… and the calls behind them. */
export const RESOURCES = {
  dashboard: { label: 'Главная', path: '' },
  users: { label: 'Пользователи', path: 'users' },
  tickets: { label: 'Билеты', path: 'tickets' },
  orders: { label: 'Заказы', path: 'orders' },
  films: { label: 'Фильмы', path: 'films' },
  persons: { label: 'Актёры', path: 'persons' },
  genres: { label: 'Жанры', path: 'genres' },
  halls: { label: 'Залы', path: 'halls' },
  prices: { label: 'Цены', path: 'prices' },
  promo: { label: 'Промокоды', path: 'promo-codes' },
  news: { label: 'Новости', path: 'news' },
  reviews: { label: 'Отзывы', path: 'reviews' },
  schedule: { label: 'Расписание', path: 'schedule' },
  stock: { label: 'Акции', path: 'stock' },
  countries: { label: 'Страны', path: 'countries' },
  achievments: { label: 'Достижения', path: 'achievments' },
  queues: { label: 'Очереди задач', path: 'queues' },
  reports: { label: 'Отчёты', path: 'reports' },
  subtitles: { label: 'Субтитры', path: 'subtitles' },
  till: { label: 'Касса', path: 'till' },
  shifts: { label: 'Смены', path: 'shifts' },
  documents: { label: 'Документы', path: 'documents' },
  settings: { label: 'Настройки', path: 'settings' },
} as const satisfies Record<string, { label: string; path: string }>;
export type Resource = keyof typeof RESOURCES;

/**
 * Resources that have a screen but no menu entry: the dashboard is the menu's last item ('Главная'),
 * achievements has a route in SPEC but is in no role's menu, the job monitor is an operator's screen,
 * orders are reached from the tickets table and the dashboard (SPEC's menus stay as SPEC lists them); the
 * till and the shifts have their screens in the menus of the roles that have them.
 */
const OFF_MENU: ReadonlySet<Resource> = new Set(['dashboard', 'achievments', 'queues', 'orders']);

/**
 * The right that opens a resource's screen (its route guard and its menu entry): 'list' for a table, a
 * narrower right where 'list' means more (shifts: 'list' is every cashier's; a cashier reads their own),
 * the domain's verb for a tool whose screen lists nothing (the till is where one sells), 'update' for a
 * form over one record (the cinema's settings).
 */
const SCREEN_ACTION: Partial<Record<Resource, Action>> = { till: 'sell', shifts: 'read', settings: 'update' };
export const screenAction = (resource: Resource): Action => SCREEN_ACTION[resource] ?? 'list';

export type StaffRole = Exclude<Role, 'customer'>;

interface Grant {
  actions: readonly Action[];
  /** Why, where SPEC does not say it. */
  why?: string;
}

const ALL: readonly Action[] = ['list', 'read', 'create', 'update', 'delete'];
const VIEW: readonly Action[] = ['list', 'read'];
const grant = (actions: readonly Action[], why?: string): Grant => (why ? { actions, why } : { actions });

/** The box office: every role that stands at the counter sells and refunds there. */
const TILL = grant(['sell', 'refund'], 'the counter sells to walk-ins and refunds (after the session: the admin only)');
/**
 * Shifts: 'list' is the right to see every shift; without it a role reads, opens and closes its own only
 * (modules/shifts/access.ts).
 */
const ALL_SHIFTS = grant(['list', 'read', 'create', 'update'], 'answers for every till: sees and closes all shifts');

const DASHBOARD = grant(['read'], 'every staff role lands on the dashboard: the counts are not secret among staff');

/** The table. A resource absent from a role's row is refused (403). Customers have no row. */
export const ACCESS: Record<StaffRole, Partial<Record<Resource, Grant>>> = {
  admin: {
    users: grant(['list', 'read', 'update'], 'accounts are made by registration; the admin changes roles only'),
    tickets: grant(['list', 'read', 'update'], 'update = admit at the door; tickets are sold and refunded by viewers'),
    orders: grant(['list', 'read', 'refund'], 'the admin answers for the money: refunds at any time, with a reason'),
    films: grant(ALL),
    persons: grant(ALL),
    genres: grant(VIEW, 'genres come with imported films'),
    halls: grant(['list', 'read', 'update'], 'halls are built once; update = the plan (zones, aisles, blocked seats)'),
    news: grant(ALL),
    reviews: grant(['list', 'read', 'delete'], 'reviews belong to viewers: the admin moderates by deleting'),
    schedule: grant(ALL, 'update = move a session or change its prices; delete = cancel it, refunding every ticket'),
    stock: grant(ALL),
    countries: grant(VIEW, 'countries come with imported films'),
    // Kino's additions to SPEC's menu, after SPEC's items.
    prices: grant(ALL, 'zones × ticket types → price cards, and the rules that suggest them'),
    promo: grant(ALL),
    reports: grant(VIEW, 'the admin answers for the money: sales, refunds, occupancy and the distributors’ reports'),
    subtitles: grant(VIEW, 'the admin answers for Минкультуры’s rule: the weekly subtitles report of national films'),
    dashboard: DASHBOARD,
    achievments: grant(['list'], 'SPEC shows the route empty and in no menu: the admin alone may open it'),
    queues: grant(['list', 'update'], 'the job monitor is for the main administrator: update = retry a failed job'),
    till: TILL,
    shifts: ALL_SHIFTS,
    documents: grant(
      ['list', 'read', 'update'],
      'the operator answers for its documents: an edit publishes a new version, the old ones stay for the consents',
    ),
    settings: grant(
      ['read', 'update'],
      'the cinema’s details and legal entity are the main administrator’s: receipts, tickets and ЕАИС print them',
    ),
  },
  'content-manager': {
    films: grant(ALL),
    persons: grant(ALL),
    genres: grant(VIEW, 'genres come with imported films'),
    news: grant(ALL),
    countries: grant(VIEW, 'countries come with imported films'),
    dashboard: DASHBOARD,
  },
  manager: {
    films: grant(VIEW, 'a manager schedules films, so sees the catalogue, but content is the content manager’s'),
    tickets: grant(['list', 'read', 'update'], 'a manager stands in at the door: update = admit a ticket'),
    orders: grant(
      ['list', 'read', 'refund'],
      'a manager settles complaints: refunds after the viewers’ cut-off, with a reason',
    ),
    halls: grant(['list', 'read', 'update'], 'a manager lays out the halls: zones, aisles, blocked seats'),
    schedule: grant(
      ALL,
      'sessions are the manager’s work: create, move (unsold ones), reprice, cancel (delete: every ticket refunded)',
    ),
    prices: grant(ALL, 'a manager prices the sessions'),
    promo: grant(ALL, 'a manager runs the promotions’ codes'),
    reports: grant(VIEW, 'a manager plans the repertoire from sales and occupancy and sends the distributors theirs'),
    subtitles: grant(VIEW, 'a manager schedules the sessions, so keeps national films subtitled (Минкультуры’s rule)'),
    dashboard: DASHBOARD,
    till: TILL,
    shifts: ALL_SHIFTS,
  },
  cashier: {
    tickets: grant(['list', 'read', 'update'], 'the cashier checks tickets in at the door: update = admit'),
    orders: grant(VIEW, 'the cashier answers buyers’ questions about a payment; refunds are the manager’s'),
    dashboard: DASHBOARD,
    till: TILL,
    shifts: grant(['read', 'create', 'update'], 'a cashier opens, reads and closes their own shifts only'),
  },
};

/**
 * After a session has started its tickets are refunded at the counter by the admin alone, with a reason:
 * the admin answers for the money (a seat already shown cannot be sold again).
 */
export const mayRefundAfterStart = (role: Role | undefined) => role === 'admin';

export const isStaffRole = (role: Role): role is StaffRole => role !== 'customer';

/** May this role do this to this resource? Customers and guests may do nothing in the back office. */
export function can(role: Role | undefined, resource: Resource, action: Action): boolean {
  if (!role || !isStaffRole(role)) return false;
  return ACCESS[role][resource]?.actions.includes(action) ?? false;
}

export interface MenuItem {
  resource: Resource;
  label: string;
  /** Under /admin/dashboard: '' is the dashboard itself. */
  path: string;
}

/**
 * The side menu of a role: the resources of its row whose screen it may open, in row order, then 'Главная'
 * (docs/product.md §2).
 */
export function menuFor(role: Role | undefined): MenuItem[] {
  if (!role || !isStaffRole(role)) return [];
  const row = Object.keys(ACCESS[role]) as Resource[];
  const items = row.filter((r) => !OFF_MENU.has(r) && can(role, r, screenAction(r)));
  return [...items, 'dashboard' as const].map((resource) => ({ resource, ...RESOURCES[resource] }));
}
