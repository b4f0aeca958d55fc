/**
 * Who may do what in the back office, declared once (DESIGN.md, "Back office"): role → resource →
 * actions. The server's guards, the admin side menu, the client's route guards and its buttons all
 * read this table; nothing else names roles next to rights. Zod-free: the web client imports it.
 *
 * A role's row lists its resources in the order of its SPEC menu (section 2), so the menu is the row.
 * Where SPEC leaves a right open, the entry carries the decision's reason.
 */
import type { Role } from './constants';

export const ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Back-office resources: the screens of /admin/dashboard/… and the calls behind them. */
export const RESOURCES = {
  dashboard: { label: 'Главная', path: '' },
  users: { label: 'Пользователи', path: 'users' },
  tickets: { label: 'Билеты', path: 'tickets' },
  films: { label: 'Фильмы', path: 'films' },
  persons: { label: 'Актёры', path: 'persons' },
  genres: { label: 'Жанры', path: 'genres' },
  halls: { label: 'Залы', path: 'halls' },
  news: { label: 'Новости', path: 'news' },
  reviews: { label: 'Отзывы', path: 'reviews' },
  schedule: { label: 'Расписание', path: 'schedule' },
  stock: { label: 'Акции', path: 'stock' },
  countries: { label: 'Страны', path: 'countries' },
  achievments: { label: 'Достижения', path: 'achievments' },
  queues: { label: 'Очереди задач', path: 'queues' },
} as const satisfies Record<string, { label: string; path: string }>;
export type Resource = keyof typeof RESOURCES;

/**
 * Resources that have a screen but no menu entry: the dashboard is the menu's last item ('Главная'),
 * achievements has a route in SPEC but is in no role's menu, the job monitor is an operator's screen.
 */
const OFF_MENU: ReadonlySet<Resource> = new Set(['dashboard', 'achievments', 'queues']);

export type StaffRole = Exclude<Role, 'customer'>;

interface Grant {
  actions: readonly Action[];
  /** Why, where SPEC does not say it. */
  why?: string;
}

const ALL: readonly Action[] = ACTIONS;
const VIEW: readonly Action[] = ['list', 'read'];
const grant = (actions: readonly Action[], why?: string): Grant => (why ? { actions, why } : { actions });

const DASHBOARD = grant(['read'], 'every staff role lands on the dashboard: the counts are not secret among staff');

/** The table. A resource absent from a role's row is refused (403). Customers have no row. */
export const ACCESS: Record<StaffRole, Partial<Record<Resource, Grant>>> = {
  admin: {
    users: grant(['list', 'read', 'update'], 'accounts are made by registration; the admin changes roles only'),
    tickets: grant(['list', 'read', 'update'], 'update = admit at the door; tickets are sold and refunded by viewers'),
    films: grant(ALL),
    persons: grant(ALL),
    genres: grant(VIEW, 'genres come with imported films'),
    halls: grant(VIEW, 'the halls are the building: 10 rows × 11 places, not edited on screen'),
    news: grant(ALL),
    reviews: grant(['list', 'read', 'delete'], 'reviews belong to viewers: the admin moderates by deleting'),
    schedule: grant(ALL),
    stock: grant(ALL),
    countries: grant(VIEW, 'countries come with imported films'),
    dashboard: DASHBOARD,
    achievments: grant(['list'], 'SPEC shows the route empty and in no menu: the admin alone may open it'),
    queues: grant(['list', 'update'], 'the job monitor is for the main administrator: update = retry a failed job'),
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
    halls: grant(VIEW),
    schedule: grant(ALL, 'sessions are the manager’s work: create, move, cancel unsold ones'),
    dashboard: DASHBOARD,
  },
  cashier: {
    tickets: grant(['list', 'read', 'update'], 'the cashier checks tickets in at the door: update = admit'),
    dashboard: DASHBOARD,
  },
};

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

/** The side menu of a role: its row's listable resources in row order, then 'Главная' (SPEC section 2). */
export function menuFor(role: Role | undefined): MenuItem[] {
  if (!role || !isStaffRole(role)) return [];
  const row = Object.keys(ACCESS[role]) as Resource[];
  const items = row.filter((r) => !OFF_MENU.has(r) && can(role, r, 'list'));
  return [...items, 'dashboard' as const].map((resource) => ({ resource, ...RESOURCES[resource] }));
}
