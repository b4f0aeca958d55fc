/**
 * The cinema's documents and the consents given to them (docs/architecture.md, "The public and its data"):
 * every edit of a document is a new version, and a consent names the version it was given to.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  CONSENT_ACTIONS,
  CONSENT_CHANNELS,
  DOCUMENT_BODY_MAX,
  DOCUMENT_SLUGS,
  type ConsentAction,
  type ConsentChannel,
  type DocumentSlug,
} from '../../contract/legal';
import { createdAt, inList } from './columns';
import { users } from './people';

/**
 * The cinema's documents (docs/architecture.md, "The public and its data"): each edit is a new version, the old
 * ones kept, since consents name the version they were given to. The current one is the highest.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 40 }).$type<DocumentSlug>().notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    /** Markdown, rendered to HTML on the server with raw HTML off (modules/documents/render.ts). */
    body: text('body').notNull(),
    /** SHA-256 of the body, hex: what a consent record copies to prove which text was shown. */
    textHash: varchar('text_hash', { length: 64 }).notNull(),
    /** The admin who wrote it; null for the bundled draft. */
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_slug_version_unique').on(t.slug, t.version),
    check('document_versions_slug_valid', inList('slug', DOCUMENT_SLUGS)),
    check('document_versions_version_positive', sql`${t.version} > 0`),
    check(
      'document_versions_body_length',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(DOCUMENT_BODY_MAX))}`,
    ),
  ],
);

/**
 * Who consented to which text, when, from where and through which channel; a withdrawal is a record too. Kept
 * after an account is deleted: the operator must be able to prove a consent (152-FZ art. 9 part 3).
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    documentVersionId: integer('document_version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'restrict' }),
    /** The document's slug, beside its version, so the current state of a consent is one indexed read. */
    document: varchar('document', { length: 40 }).$type<DocumentSlug>().notNull(),
    action: varchar('action', { length: 10 }).$type<ConsentAction>().notNull(),
    channel: varchar('channel', { length: 10 }).$type<ConsentChannel>().notNull(),
    /** The version's text hash, copied: the record stands on its own. */
    textHash: varchar('text_hash', { length: 64 }).notNull(),
    /** The address the request came from (behind the proxies the configuration trusts). */
    ipAddress: varchar('ip_address', { length: 45 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('consents_action_valid', inList('action', CONSENT_ACTIONS)),
    check('consents_channel_valid', inList('channel', CONSENT_CHANNELS)),
    check('consents_document_valid', inList('document', DOCUMENT_SLUGS)),
    index('consents_user_idx').on(t.userId, t.document, t.id),
  ],
);
