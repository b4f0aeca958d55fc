/**
 * The cinema's documents as data (docs/architecture.md, "The public and its data"): every edit publishes a new
 * version and keeps the old ones, because consents name the version they were given to. A document that has
 * never been written is given Kino's bundled draft as its first version the first time anyone reads it.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DocumentEditBodySchema } from '../../contract/documents';
import { DOCUMENT_SLUGS, type DocumentSlug } from '../../contract/legal';
import type { AppContext } from '../../context';
import { PG_UNIQUE_VIOLATION, pgErrorCode, schema, type Db, type Tx } from '../../db';
import { write } from '../../effects';
import { conflict, notFound } from '../../lib/http/errors';
import { DRAFTS } from './drafts';
import { textHash } from './render';

export type DocumentVersionRow = typeof schema.documentVersions.$inferSelect;

const { documentVersions } = schema;

export const isDocumentSlug = (slug: string): slug is DocumentSlug =>
  (DOCUMENT_SLUGS as readonly string[]).includes(slug);

/** The slug of a path, or 404. */
export function documentSlug(slug: string): DocumentSlug {
  if (!isDocumentSlug(slug)) throw notFound('Такого документа нет');
  return slug;
}

const latest = (db: Db | Tx, slug: DocumentSlug) =>
  db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.slug, slug))
    .orderBy(desc(documentVersions.version))
    .limit(1)
    .then((rows) => rows[0]);

/** The version in force: the newest, or the bundled draft written as version 1 when there is none yet. */
export async function currentVersion(db: Db | Tx, slug: DocumentSlug): Promise<DocumentVersionRow> {
  const found = await latest(db, slug);
  if (found) return found;
  const draft = DRAFTS[slug];
  // Two first readers at once both try; the unique (slug, version) keeps one.
  await db
    .insert(documentVersions)
    .values({ slug, version: 1, title: draft.title, body: draft.body, textHash: textHash(draft.body) })
    .onConflictDoNothing();
  return (await latest(db, slug))!;
}

/** Every document's version in force, in the footer's order. */
export const currentVersions = (db: Db | Tx) => Promise.all(DOCUMENT_SLUGS.map((slug) => currentVersion(db, slug)));

/** Every version of a document, newest first. */
export async function documentHistory(db: Db, slug: DocumentSlug): Promise<DocumentVersionRow[]> {
  await currentVersion(db, slug);
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.slug, slug))
    .orderBy(desc(documentVersions.version));
}

const EDITED_MEANWHILE = 'Документ только что изменили. Обновите страницу и повторите правку';

/** Publishes an admin's edit as the next version; the older versions stay as they were. */
export async function publishVersion(
  ctx: AppContext,
  slug: DocumentSlug,
  edit: z.output<typeof DocumentEditBodySchema>,
  editorId: number,
): Promise<DocumentVersionRow> {
  await currentVersion(ctx.db, slug);
  try {
    return await write(ctx, async (tx, changed) => {
      const [row] = await tx
        .insert(documentVersions)
        .values({
          slug,
          version: sql`(select max(${documentVersions.version}) + 1 from ${documentVersions} where ${documentVersions.slug} = ${slug})`,
          title: edit.title,
          body: edit.body,
          textHash: textHash(edit.body),
          editedBy: editorId,
        })
        .returning();
      changed({ what: 'documents', slug });
      return row!;
    });
  } catch (err) {
    // Two admins saving at once: the second is told, nothing of theirs is lost silently.
    if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw conflict('conflict', EDITED_MEANWHILE);
    throw err;
  }
}
