/**
 * The cinema's details and its legal entity as settings (docs/architecture.md, "The cinema's details"):
 * GET /api/settings/cinema (public: what the site shows, and the legal entity a Russian site publishes
 * anyway) and PUT /api/settings/cinema (the admin). Null until the admin first saves them: a deployment
 * is then being set up and shows no made-up cinema.
 */
import { EmailSchema } from './auth';
import { isValidInn, isValidOgrn, TAXATION_SYSTEMS } from './cinema';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { z } from './zod';

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Не длиннее ${max} символов`);
const optionalText = (max: number) => z.string().trim().max(max, `Не длиннее ${max} символов`);

/** A coordinate in degrees: a number, or a form's text with a point or a comma ('55,7594'). */
const coordinate = (limit: number, what: string) => {
  const rule = `${what}: число градусов от −${limit} до ${limit}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,3}([.,]\d{1,8})?$/, rule)
          .transform((t) => Number(t.replace(',', '.'))),
      ],
      { error: rule },
    )
    .pipe(z.number({ error: rule }).min(-limit, rule).max(limit, rule));
};

const PHONE_RULE = 'Телефон в формате +7 (495) 123-45-67';
/** A Russian phone as people write it: +7 or 8, then ten digits, with spaces, brackets and hyphens. */
const PhoneSchema = z
  .string({ error: PHONE_RULE })
  .trim()
  .max(40, PHONE_RULE)
  .refine((t) => /^\+?[\d\s()-]+$/.test(t) && /^(\+7|8|7)\d{10}$/.test(t.replace(/[\s()-]/g, '')), PHONE_RULE);

const TIME_RULE = 'Время в формате ЧЧ:ММ, например 09:00';
const ClockTimeSchema = z
  .string({ error: TIME_RULE })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_RULE);

const LinkSchema = z.strictObject({
  name: text(40, 'Назовите ссылку: ВКонтакте, Telegram…'),
  url: z
    .string({ error: 'Укажите адрес ссылки' })
    .trim()
    .max(300, 'Не длиннее 300 символов')
    .pipe(z.url({ protocol: /^https$/, error: 'Адрес ссылки: https://…' })),
});

const HallNoteSchema = z.strictObject({
  name: text(60, 'Назовите зал'),
  about: optionalText(200),
});

export const MAX_DIRECTIONS = 10;
export const MAX_SOCIAL_LINKS = 10;
export const MAX_HALL_NOTES = 20;

/** The fields, one by one (the form extends them: lists typed one item a line). */
export const CinemaSettingsFieldsSchema = z.strictObject({
  /** The full name, as titles and documents print it: 'Кинотеатр «Ракета»'. */
  name: text(120, 'Введите название кинотеатра'),
  /** The logo's word and the mails' 'в кинотеатре «Ракета»': 'Ракета'. */
  short_name: text(40, 'Введите короткое название'),
  city: text(80, 'Введите город'),
  /** Street and building: 'ул. Покровка, 42'. */
  street_address: text(200, 'Введите улицу и дом'),
  /** Six digits, or empty. */
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Индекс — шесть цифр')
    .transform((t) => t || null)
    .nullable(),
  latitude: coordinate(90, 'Широта'),
  longitude: coordinate(180, 'Долгота'),
  phone: PhoneSchema,
  email: EmailSchema,
  /** Every day, the cinema's wall clock; a closing earlier than the opening is after midnight. */
  opens: ClockTimeSchema,
  closes: ClockTimeSchema,
  /** How to get there, one way a line. */
  directions: z.array(text(200, 'Пустая строка')).max(MAX_DIRECTIONS, `Не больше ${MAX_DIRECTIONS} строк`),
  parking: optionalText(500),
  social: z.array(LinkSchema).max(MAX_SOCIAL_LINKS, `Не больше ${MAX_SOCIAL_LINKS} ссылок`),
  /** The halls as a visitor chooses them (their seats and plans are the halls' screens). */
  halls: z.array(HallNoteSchema).max(MAX_HALL_NOTES, `Не больше ${MAX_HALL_NOTES} залов`),
  /** The legal entity (юридическое лицо or ИП) that sells the tickets: receipts, tickets, ЕАИС, the site's footer. */
  legal_name: text(200, 'Введите наименование юридического лица'),
  inn: z
    .string({ error: 'Введите ИНН' })
    .trim()
    .min(1, 'Введите ИНН')
    .regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 цифр (организация) или 12 (ИП)')
    .refine(isValidInn, 'ИНН с ошибкой: не сходится контрольная цифра'),
  ogrn: z
    .string({ error: 'Введите ОГРН' })
    .trim()
    .min(1, 'Введите ОГРН')
    .regex(/^(\d{13}|\d{15})$/, 'ОГРН — 13 цифр (организация) или ОГРНИП — 15 (ИП)')
    .refine(isValidOgrn, 'ОГРН с ошибкой: не сходится контрольная цифра'),
  legal_address: text(300, 'Введите юридический адрес'),
  taxation: z.enum(TAXATION_SYSTEMS, { error: 'Выберите систему налогообложения' }),
});

/** An organisation has a 10-digit ИНН and a 13-digit ОГРН; an ИП a 12-digit ИНН and a 15-digit ОГРНИП. */
export function checkLegalIds(value: { inn: string; ogrn: string }, ctx: z.RefinementCtx): void {
  const organisation = value.inn.length === 10;
  if (/^\d+$/.test(value.ogrn) && (value.ogrn.length === 13) !== organisation) {
    ctx.addIssue({
      code: 'custom',
      path: ['ogrn'],
      message: organisation
        ? 'У организации (ИНН из 10 цифр) ОГРН из 13 цифр'
        : 'У ИП (ИНН из 12 цифр) ОГРНИП из 15 цифр',
    });
  }
}

/** PUT /api/settings/cinema: every field, checked (ИНН and ОГРН with their check digits). */
export const CinemaSettingsBodySchema = CinemaSettingsFieldsSchema.superRefine(checkLegalIds);
export type CinemaSettingsBody = z.input<typeof CinemaSettingsBodySchema>;

/** The settings as saved: what every reader gets (cinemaSettings(ctx) on the server). */
export const CinemaSettingsSchema = z.strictObject({
  name: z.string(),
  short_name: z.string(),
  city: z.string(),
  street_address: z.string(),
  postal_code: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  email: z.string(),
  opens: z.string(),
  closes: z.string(),
  directions: z.array(z.string()),
  parking: z.string(),
  social: z.array(z.strictObject({ name: z.string(), url: z.string() })),
  halls: z.array(z.strictObject({ name: z.string(), about: z.string() })),
  legal_name: z.string(),
  inn: z.string(),
  ogrn: z.string(),
  legal_address: z.string(),
  taxation: z.enum(TAXATION_SYSTEMS),
});
export type CinemaSettings = z.infer<typeof CinemaSettingsSchema>;

export const settingsEndpoints = {
  'GET /settings/cinema': {
    summary: 'Сведения о кинотеатре и юридическом лице; null, пока администратор их не заполнил',
    access: PUBLIC,
    response: CinemaSettingsSchema.nullable(),
  },
  'PUT /settings/cinema': {
    summary: 'Сохранить сведения о кинотеатре (ИНН и ОГРН — с контрольными цифрами); страницы покажут их сразу',
    access: requires('settings', 'update'),
    body: CinemaSettingsBodySchema,
    response: CinemaSettingsSchema,
  },
} as const satisfies EndpointMap;
