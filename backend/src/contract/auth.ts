/**
 * Accounts and sign-in: registration, password sign-in, the session check, password reset and
 * social sign-in (docs/product.md §2, §4, §5, §7).
 */
import { PASSWORD_MIN_LENGTH } from './accounts';
import { PROVIDERS, REGISTRATION_BIRTHDAY, ROLES } from './constants';
import { PERSONAL_DATA_CONSENT_REQUIRED } from './legal';
import { PUBLIC, SIGNED_IN, type EndpointMap } from './endpoint';
import { z } from './zod';

/** An e-mail address, trimmed and lower-cased (accounts are matched case-insensitively). */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, 'Слишком длинный адрес')
  .pipe(z.email('Введите корректный адрес почты'));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`)
  .max(128, 'Пароль должен быть не длиннее 128 символов');

export const FioSchema = z.string().trim().min(1, 'Введите имя').max(255, 'Слишком длинное имя');

/** A birth date 'YYYY-MM-DD' within SPEC's range 1990-01-01…2024-01-31. */
export const BirthdaySchema = z.iso
  .date('Введите дату в формате ГГГГ-ММ-ДД')
  .refine(
    (d) => d >= REGISTRATION_BIRTHDAY.min && d <= REGISTRATION_BIRTHDAY.max,
    'Дата рождения должна быть между 01.01.1990 и 31.01.2024',
  );

/**
 * The box every form that takes personal data requires (152-FZ: a consent of its own, REGISTRIES.md §4.1): only
 * `true` passes, and a missing box is refused naming it.
 */
export const PersonalDataConsentSchema = z.literal(true, PERSONAL_DATA_CONSENT_REQUIRED);
/** The separate, optional box of advertising mail. */
export const MarketingConsentSchema = z.boolean('Ответ должен быть да или нет');

/**
 * POST /api/register. The form sends provider 'youth'; it is the only value accepted here. The consent is
 * recorded with the account, naming the document's current version.
 */
export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  fio: FioSchema,
  birthday: BirthdaySchema,
  provider: z.literal('youth').default('youth'),
  personal_data_consent: PersonalDataConsentSchema,
  marketing_consent: MarketingConsentSchema.optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

/** POST /api/authenticate */
export const AuthenticateBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, 'Введите пароль').max(128),
});
export type AuthenticateBody = z.input<typeof AuthenticateBodySchema>;

/** The user a client keeps locally with its token: enough for the header, the avatar menu and the admin link. */
export const SessionUserSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  email: z.string(),
  /** A file under /storage/images (e.g. 'avatars/….webp') or an http(s) URL; null for none. */
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  provider: z.enum(PROVIDERS),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** POST /api/register answers the new user; GET /api/get-token the token's user. */
export const UserResponseSchema = z.strictObject({ user: SessionUserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** POST /api/authenticate */
export const AuthResponseSchema = z.strictObject({ token: z.string(), user: SessionUserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** A confirmation to show as it is. */
export const MessageResponseSchema = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** POST /api/forgot-password with an e-mail: sends a reset link. */
export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** POST /api/reset-password (also accepted on /api/forgot-password, as SPEC lists it). */
export const ResetPasswordBodySchema = z
  .strictObject({
    token: z.string().min(1, 'Ссылка для сброса пароля неполная').max(200),
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: 'Пароли не совпадают',
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** GET /api/auth/providers: which social sign-ins are configured on this server. */
export const OAuthProvidersResponseSchema = z.strictObject({
  yandex: z.boolean(),
  google: z.boolean(),
  vk: z.boolean(),
});
export type OAuthProvidersResponse = z.infer<typeof OAuthProvidersResponseSchema>;

/** POST /api/forgot-password: SPEC sends both the request for a link and the reset itself here. */
export const ForgotOrResetBodySchema = z.union([ResetPasswordBodySchema, ForgotPasswordBodySchema]);

/** A social sign-in provider in a path: an unknown one is 404, not a validation error. */
const ProviderParamsSchema = z.strictObject({ provider: z.string().max(20) });

export const authEndpoints = {
  'POST /register': {
    summary: 'Регистрация по почте и паролю',
    access: PUBLIC,
    body: RegisterBodySchema,
    response: UserResponseSchema,
  },
  'POST /authenticate': {
    summary: 'Вход по почте и паролю: токен и пользователь',
    access: PUBLIC,
    body: AuthenticateBodySchema,
    response: AuthResponseSchema,
  },
  'GET /logout': { summary: 'Выход: токен отзывается', access: SIGNED_IN, response: MessageResponseSchema },
  'GET /get-token': { summary: 'Проверка токена: его пользователь', access: SIGNED_IN, response: UserResponseSchema },
  'POST /forgot-password': {
    summary: 'Письмо со ссылкой для сброса пароля; с token — сам сброс',
    access: PUBLIC,
    body: ForgotOrResetBodySchema,
    response: MessageResponseSchema,
  },
  'POST /reset-password': {
    summary: 'Новый пароль по ссылке из письма',
    access: PUBLIC,
    body: ResetPasswordBodySchema,
    response: MessageResponseSchema,
  },
  'GET /auth/providers': {
    summary: 'Какие способы входа через соцсети настроены',
    access: PUBLIC,
    response: OAuthProvidersResponseSchema,
  },
  'GET /auth/:provider/redirect': {
    summary: 'Переход к провайдеру входа (yandex, google, vk)',
    access: PUBLIC,
    params: ProviderParamsSchema,
    response: z.never(),
    produces: 'redirect',
  },
  'GET /auth/:provider/callback': {
    summary: 'Возврат от провайдера: на /auth/callback сайта с токеном или кодом ошибки',
    access: PUBLIC,
    params: ProviderParamsSchema,
    response: z.never(),
    produces: 'redirect',
  },
} as const satisfies EndpointMap;
