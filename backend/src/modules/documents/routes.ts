/** The cinema's documents: the public reads the version in force, the admin lists, reads the history and edits. */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { handlers } from '../../lib/http/api-router';
import { presentPublished, presentVersion } from './presenter';
import {
  currentVersion,
  currentVersions,
  documentHistory,
  documentSlug,
  publishVersion,
  type DocumentVersionRow,
} from './service';

/** The names of the admins who wrote these versions. */
async function editorsOf(ctx: AppContext, rows: DocumentVersionRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.editedBy === null ? [] : [r.editedBy])))];
  if (ids.length === 0) return new Map<number, string>();
  const users = await ctx.db
    .select({ id: schema.users.id, fio: schema.users.fio })
    .from(schema.users)
    .where(inArray(schema.users.id, ids));
  return new Map(users.map((u) => [u.id, u.fio]));
}

export const documentRoutes = (ctx: AppContext) =>
  handlers({
    'GET /documents/:slug': async ({ params }) =>
      presentPublished(await currentVersion(ctx.db, documentSlug(params.slug))),
    'GET /documents': async () => {
      const rows = await currentVersions(ctx.db);
      const editors = await editorsOf(ctx, rows);
      return { data: rows.map((row) => presentVersion(row, editors)) };
    },
    'GET /documents/:slug/versions': async ({ params }) => {
      const rows = await documentHistory(ctx.db, documentSlug(params.slug));
      const editors = await editorsOf(ctx, rows);
      return { data: rows.map((row) => presentVersion(row, editors)) };
    },
    'PUT /documents/:slug': async ({ params, body, user }) => {
      const row = await publishVersion(ctx, documentSlug(params.slug), body, user.id);
      return presentVersion(row, new Map([[user.id, user.fio]]));
    },
  });
