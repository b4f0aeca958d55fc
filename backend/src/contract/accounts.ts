/**
 * Constants of accounts, profiles and reviews, kept free of zod so the web client can import them
 * without pulling in the schemas.
 */

export const PASSWORD_MIN_LENGTH = 8;

/** A reset link lives this long and works once. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** Social sign-in: the browser goes to /api/auth/{provider}/redirect and comes back to /auth/callback. */
export const OAUTH_PROVIDERS = ['yandex', 'google', 'vk'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Why a social sign-in failed: /auth/callback?error=<code> shows the message. */
export const OAUTH_ERRORS = {
  denied: 'Вход отменён',
  no_email: 'Провайдер не сообщил адрес почты. Разрешите доступ к почте или зарегистрируйтесь по почте и паролю',
  expired: 'Попытка входа устарела. Попробуйте ещё раз',
  not_configured: 'Этот способ входа не настроен',
  failed: 'Не удалось войти через провайдера. Попробуйте ещё раз',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

/** Avatars: images only, at most this size; stored resized to a square of AVATAR_SIZE pixels. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_COMMENT_MAX = 5000;
