/**
 * The cinema's documents (docs/architecture.md, "The public and its data"): the consent, the privacy policy,
 * the offer, the rules, refunds, the marketing consent and the cookie policy. Versioned: an edit publishes a
 * new version, consents name the version they were given to.
 */
import { InstantSchema } from './common';
import { requires, PUBLIC, type EndpointMap } from './endpoint';
import { DOCUMENT_BODY_MAX, DOCUMENT_SLUGS } from './legal';
import { z } from './zod';

/** A document's slug in a path: an unknown one is 404 (a page that does not exist), not a validation error. */
const SlugParamsSchema = z.strictObject({ slug: z.string().max(40) });

/** GET /api/documents/{slug}: the current version, its text rendered to HTML on the server. */
export const PublishedDocumentSchema = z.strictObject({
  slug: z.enum(DOCUMENT_SLUGS),
  title: z.string(),
  version: z.number().int(),
  /** When this version was published, ISO 8601. */
  published_at: InstantSchema,
  /** SHA-256 of the text (hex): what a consent record names. */
  text_hash: z.string(),
  /** Rendered from markdown with raw HTML escaped: safe to insert as it is. */
  html: z.string(),
});
export type PublishedDocument = z.infer<typeof PublishedDocumentSchema>;

/** A version as the back office lists it (with its markdown, for the editor). */
export const DocumentVersionSchema = z.strictObject({
  slug: z.enum(DOCUMENT_SLUGS),
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  text_hash: z.string(),
  published_at: InstantSchema,
  /** Who wrote it; null for the draft that ships with Kino. */
  edited_by: z.strictObject({ id: z.number().int(), fio: z.string() }).nullable(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;

/** GET /api/documents: every document's current version. */
export const DocumentListSchema = z.strictObject({ data: z.array(DocumentVersionSchema) });
export type DocumentList = z.infer<typeof DocumentListSchema>;

/** PUT /api/documents/{slug}: the new version's title and markdown. */
export const DocumentEditBodySchema = z.strictObject({
  title: z.string().trim().min(1, 'Введите название').max(255, 'Слишком длинное название'),
  body: z
    .string()
    .trim()
    .min(1, 'Введите текст документа')
    .max(DOCUMENT_BODY_MAX, `Текст не длиннее ${DOCUMENT_BODY_MAX} символов`),
});
export type DocumentEditBody = z.input<typeof DocumentEditBodySchema>;

export const documentEndpoints = {
  'GET /documents/:slug': {
    summary: 'Документ кинотеатра: действующая редакция (оферта, правила, согласия, политики)',
    access: PUBLIC,
    params: SlugParamsSchema,
    response: PublishedDocumentSchema,
  },
  'GET /documents': {
    summary: 'Документы кинотеатра: действующие редакции',
    access: requires('documents', 'list'),
    response: DocumentListSchema,
  },
  'GET /documents/:slug/versions': {
    summary: 'Все редакции документа, новые первыми',
    access: requires('documents', 'read'),
    params: SlugParamsSchema,
    response: z.strictObject({ data: z.array(DocumentVersionSchema) }),
  },
  'PUT /documents/:slug': {
    summary: 'Опубликовать новую редакцию документа (старые сохраняются)',
    access: requires('documents', 'update'),
    params: SlugParamsSchema,
    body: DocumentEditBodySchema,
    response: DocumentVersionSchema,
  },
} as const satisfies EndpointMap;
