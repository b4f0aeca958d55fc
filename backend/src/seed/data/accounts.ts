/**
 * Demo accounts: one per role (printed by `npm run demo` and listed in README) and a few more
 * viewers who bought tickets and wrote reviews. Every account has the same password.
 */
import type { Role } from '../../contract/constants';
import type { FilmSlug } from './films';
import type { PersonSlug } from './persons';

export const DEMO_PASSWORD = 'kino-demo-2026';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  fio: string;
}

interface SeedAccount extends DemoAccount {
  /** The email's local part; also names the avatar image. */
  slug: string;
  birthday: string;
  hasAvatar: boolean;
}

const account = (
  slug: string,
  role: Role,
  fio: string,
  birthday: string,
  hasAvatar = true,
): SeedAccount => ({ slug, email: `${slug}@kino.local`, password: DEMO_PASSWORD, role, fio, birthday, hasAvatar });

/** The customer account of the demo: it has its own tickets, a review and favourites. */
export const DEMO_VIEWER = 'viewer';

/** One account per role, in the order the demo prints them. */
const ROLE_ACCOUNTS = [
  account('admin', 'admin', 'Ирина Соколова', '1990-03-14'),
  account('content', 'content-manager', 'Дарья Миронова', '1994-07-02'),
  account('manager', 'manager', 'Павел Громов', '1991-11-23'),
  account('cashier', 'cashier', 'Светлана Ковалёва', '1998-05-30'),
  account(DEMO_VIEWER, 'customer', 'Алексей Петров', '1996-09-08'),
];

/** Other viewers: they hold tickets and wrote the reviews. */
const VIEWER_ACCOUNTS = [
  account('maria', 'customer', 'Мария Лебедева', '1993-02-17'),
  account('oleg', 'customer', 'Олег Никитин', '1990-12-01'),
  account('katya', 'customer', 'Екатерина Белова', '2001-06-19', false),
  account('timur', 'customer', 'Тимур Сафин', '1999-04-04'),
  account('olga', 'customer', 'Ольга Кравец', '1995-08-27', false),
  account('nikita', 'customer', 'Никита Орехов', '2003-10-10'),
];

export const SEED_ACCOUNTS: readonly SeedAccount[] = [...ROLE_ACCOUNTS, ...VIEWER_ACCOUNTS];

/** The logins to show: email, password, role and name of one account per role. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ROLE_ACCOUNTS.map(({ email, password, role, fio }) => ({
  email,
  password,
  role,
  fio,
}));

/** The other viewers, who fill the halls with tickets. */
export const BUYERS = VIEWER_ACCOUNTS.map((a) => a.slug);

/** What the demo viewer keeps as favourites. */
export const VIEWER_FAVOURITES: { films: readonly FilmSlug[]; persons: readonly PersonSlug[] } = {
  films: ['helios', 'ladoga', 'puck'],
  persons: ['kirill-zorin', 'polina-gracheva', 'varvara-ezhova'],
};

/** The demo logins as printed by `npm run demo` and `npm run seed`. */
export function describeDemoAccounts(): string {
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.role}`);
  return `Demo accounts (password ${DEMO_PASSWORD}):\n${rows.join('\n')}`;
}
