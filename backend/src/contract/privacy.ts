/**
 * A viewer's data (docs/architecture.md, "The public and its data"): the consents they gave and withdrew, the
 * marketing consent they may change, a copy of everything Kino keeps about them, and the account's deletion;
 * and the consent step of a first social sign-in.
 */
import { AuthResponseSchema, MarketingConsentSchema, PersonalDataConsentSchema } from './auth';
import { InstantSchema } from './common';
import { PUBLIC, SIGNED_IN, type EndpointMap } from './endpoint';
import { CONSENT_ACTIONS, CONSENT_CHANNELS, CONSENT_DOCUMENTS } from './legal';
import { ProfileSchema } from './profile';
import { OwnReviewSchema } from './reviews';
import { z } from './zod';

/** One consent record: who (the caller), which text, when, from where, how. */
export const ConsentRecordSchema = z.strictObject({
  id: z.number().int(),
  document: z.enum(CONSENT_DOCUMENTS),
  /** The document's title in that version. */
  title: z.string(),
  version: z.number().int(),
  text_hash: z.string(),
  action: z.enum(CONSENT_ACTIONS),
  channel: z.enum(CONSENT_CHANNELS),
  ip_address: z.string().nullable(),
  created_at: InstantSchema,
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

/** GET /api/profile/consents: the records, newest first, and where each consent stands now. */
export const ConsentsResponseSchema = z.strictObject({
  personal_data: z.boolean(),
  marketing: z.boolean(),
  records: z.array(ConsentRecordSchema),
});
export type ConsentsResponse = z.infer<typeof ConsentsResponseSchema>;

/** PUT /api/profile/consents/marketing: give or withdraw the marketing consent (withdrawal stops the mail at once). */
export const MarketingConsentBodySchema = z.strictObject({ marketing_consent: MarketingConsentSchema });
export type MarketingConsentBody = z.input<typeof MarketingConsentBodySchema>;

const ExportTicketSchema = z.strictObject({
  id: z.number().int(),
  order_id: z.number().int(),
  session_id: z.number().int(),
  film: z.string(),
  starts_at: z.string(),
  hall: z.string(),
  seat: z.string(),
  price_kopecks: z.number().int(),
  status: z.string(),
  purchased_at: InstantSchema,
  used_at: InstantSchema.nullable(),
  refunded_at: InstantSchema.nullable(),
});

const ExportOrderSchema = z.strictObject({
  id: z.number().int(),
  channel: z.string(),
  status: z.string(),
  total_kopecks: z.number().int(),
  email: z.string().nullable(),
  created_at: InstantSchema,
  paid_at: InstantSchema.nullable(),
  ticket_ids: z.array(z.number().int()),
});

/** GET /api/profile/export: everything Kino keeps about the caller, as one JSON document. */
export const DataExportSchema = z.strictObject({
  exported_at: InstantSchema,
  profile: ProfileSchema.extend({ registered_at: InstantSchema, marketing_consent: z.boolean() }),
  consents: z.array(ConsentRecordSchema),
  orders: z.array(ExportOrderSchema),
  tickets: z.array(ExportTicketSchema),
  reviews: z.array(OwnReviewSchema),
  favourites: z.strictObject({
    films: z.array(z.strictObject({ id: z.number().int(), title: z.string(), added_at: InstantSchema })),
    persons: z.array(z.strictObject({ id: z.number().int(), name: z.string(), added_at: InstantSchema })),
  }),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/**
 * DELETE /api/profile: an account with a password confirms with it; a social-only account has none and is
 * confirmed by a sign-in through its provider made within DELETE_REAUTH_MINUTES (the token's own age).
 */
export const DeleteAccountBodySchema = z.strictObject({
  password: z.string().min(1, 'Введите пароль').max(128).optional(),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;

/** The first social sign-in's consent step: the ticket /auth/callback?consent=… carries. */
const ConsentTicketSchema = z.string().min(20).max(100);

/** GET /api/auth/social-consent?ticket=…: whom the step is for (shown on it). */
export const SocialConsentPendingSchema = z.strictObject({
  fio: z.string(),
  email: z.string(),
  provider: z.string(),
  /** A new account is made on consent; an existing one (made before consents were asked) is signed into. */
  existing: z.boolean(),
});
export type SocialConsentPending = z.infer<typeof SocialConsentPendingSchema>;

/** POST /api/auth/social-consent: the boxes of the step; answers a session as a sign-in does. */
export const SocialConsentBodySchema = z.strictObject({
  ticket: ConsentTicketSchema,
  personal_data_consent: PersonalDataConsentSchema,
  marketing_consent: MarketingConsentSchema.optional(),
});
export type SocialConsentBody = z.input<typeof SocialConsentBodySchema>;

export const privacyEndpoints = {
  'GET /profile/consents': {
    summary: 'Мои согласия: какие тексты, когда, откуда; текущее состояние',
    access: SIGNED_IN,
    response: ConsentsResponseSchema,
  },
  'PUT /profile/consents/marketing': {
    summary: 'Дать или отозвать согласие на рекламную рассылку',
    access: SIGNED_IN,
    body: MarketingConsentBodySchema,
    response: ConsentsResponseSchema,
  },
  'GET /profile/export': {
    summary: 'Скачать мои данные (JSON: профиль, согласия, заказы, билеты, отзывы, избранное)',
    access: SIGNED_IN,
    response: DataExportSchema,
  },
  'DELETE /profile': {
    summary: 'Удалить аккаунт: данные обезличиваются, вход прекращается; билеты и платежи остаются в учёте',
    access: SIGNED_IN,
    body: DeleteAccountBodySchema,
    response: z.strictObject({ message: z.string() }),
  },
  'GET /auth/social-consent': {
    summary: 'Шаг согласия первого входа через соцсеть: кто входит',
    access: PUBLIC,
    query: z.strictObject({ ticket: ConsentTicketSchema }),
    response: SocialConsentPendingSchema,
  },
  'POST /auth/social-consent': {
    summary: 'Согласие при первом входе через соцсеть: аккаунт создаётся, выдаётся токен',
    access: PUBLIC,
    body: SocialConsentBodySchema,
    response: AuthResponseSchema,
  },
} as const satisfies EndpointMap;
