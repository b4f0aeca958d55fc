/**
 * People (docs/product.md §3): the accounts of viewers and staff with their role and sign-in provider, the
 * bearer tokens issued to them, and single-use password reset links. A deleted account's row stays, anonymised,
 * for the tickets and money that name it (docs/architecture.md, "The public and its data").
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { type Provider, type Role, PROVIDERS, ROLES } from '../../contract/constants';
import { createdAt, inList } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fio: varchar('fio', { length: 255 }).notNull(),
    /** Stored lower-cased; unique. */
    email: varchar('email', { length: 255 }).notNull(),
    /** argon2id hash; null for accounts created through a social provider. */
    password: text('password'),
    birthday: date('birthday', { mode: 'string' }),
    provider: varchar('provider', { length: 20 }).$type<Provider>().notNull().default('youth'),
    avatar: text('avatar'),
    role: varchar('role', { length: 20 }).$type<Role>().notNull().default('customer'),
    /** A staff member's INN (12 digits): the cash register's operator (tag 1203) on every receipt they print. */
    inn: varchar('inn', { length: 12 }),
    /**
     * The advertising mail consent as it stands (the last of its consent records): what every marketing send
     * checks at the moment of sending (workers/src/mailer.ts).
     */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When the person deleted the account: the row stays, anonymised, for the tickets and money that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', inList('role', ROLES)),
    check('users_provider_valid', inList('provider', PROVIDERS)),
  ],
);

/** One row per issued bearer token; logout revokes it. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/**
 * Single-use password reset links; only the token's hash is kept. The token is made when the mail is rendered
 * (workers/src/jobs/mail-password-reset.ts): until then the hash is null and no link works.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);
