/**
 * The cinema's documents and the consents given to them (docs/architecture.md, "The public and its data"),
 * kept free of zod so the web client's footer, forms and cookie notice can import them cheaply.
 */

/** The documents the cinema publishes at /documents/<slug>, in the footer's order. */
export const DOCUMENT_SLUGS = [
  'personal-data-consent',
  'privacy-policy',
  'offer',
  'rules',
  'refunds',
  'marketing-consent',
  'cookies',
] as const;
export type DocumentSlug = (typeof DOCUMENT_SLUGS)[number];

/** How each document is named in the footer, the forms and the back office (the page shows its own title). */
export const DOCUMENT_LABELS: Record<DocumentSlug, string> = {
  'personal-data-consent': 'Согласие на обработку персональных данных',
  'privacy-policy': 'Политика обработки персональных данных',
  offer: 'Публичная оферта',
  rules: 'Правила посещения',
  refunds: 'Возврат билетов',
  'marketing-consent': 'Согласие на рекламную рассылку',
  cookies: 'Политика cookie',
};

/**
 * What a viewer consents to: 152-FZ (as amended from 1 September 2025) wants the processing consent as a
 * document of its own, and advertising mail as a consent apart from it (REGISTRIES.md §4.1).
 */
export const CONSENT_DOCUMENTS = ['personal-data-consent', 'marketing-consent'] as const satisfies DocumentSlug[];
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/** A consent record says a consent was given or withdrawn. */
export const CONSENT_ACTIONS = ['given', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/**
 * Where it was said: the registration form (web), the first social sign-in (oauth), the profile (a marketing
 * box ticked or cleared, an account deleted), the box office (a walk-in's contact taken at the till).
 */
export const CONSENT_CHANNELS = ['web', 'oauth', 'profile', 'till'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** The longest document text the editor takes (characters of markdown). */
export const DOCUMENT_BODY_MAX = 100_000;

/** The field the registration and the social consent step require, and its refusal. */
export const PERSONAL_DATA_CONSENT_REQUIRED = 'Нужно согласие на обработку персональных данных';

/**
 * A social-only account has no password to confirm its deletion: it signs in again through its provider, and
 * the token of that fresh sign-in may delete the account for this long (modules/privacy/delete-account.ts).
 */
export const DELETE_REAUTH_MINUTES = 10;
