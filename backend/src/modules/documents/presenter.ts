import type { DocumentVersion, PublishedDocument } from '../../contract/documents';
import { renderDocument } from './render';
import type { DocumentVersionRow } from './service';

/** A version as the public reads it: its text rendered on the server. */
export const presentPublished = (row: DocumentVersionRow): PublishedDocument => ({
  slug: row.slug,
  title: row.title,
  version: row.version,
  published_at: row.createdAt.toISOString(),
  text_hash: row.textHash,
  html: renderDocument(row.body),
});

/** A version as the back office lists it: its markdown and who wrote it. */
export const presentVersion = (
  row: DocumentVersionRow,
  editors: ReadonlyMap<number, string> = new Map(),
): DocumentVersion => ({
  slug: row.slug,
  version: row.version,
  title: row.title,
  body: row.body,
  text_hash: row.textHash,
  published_at: row.createdAt.toISOString(),
  edited_by: row.editedBy === null ? null : { id: row.editedBy, fio: editors.get(row.editedBy) ?? '' },
});
