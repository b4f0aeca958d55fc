/**
 * Films: GET /api/banner, /api/films/news, /api/films, /api/films/{id}; the back office's table,
 * import from Kinopoisk (film-import.ts), edit and poster upload.
 */
import { FilmCountrySchema, FilmGenreSchema } from './catalog';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import {
  DateSchema,
  FormIdSchema,
  FormIntSchema,
  IdParamsSchema,
  IdSchema,
  InstantSchema,
  pageSchema,
  StaffPageQuerySchema,
} from './common';
import {
  ImportedFilmSchema,
  ImportedPersonListSchema,
  ImportedPhotoListSchema,
  KinopoiskIdSchema,
} from './film-import';
import { trailerEmbed } from './trailer';
import { PROVIDERS, REACTIONS } from './constants';
import { SessionSchema } from './schedules';
import { z } from './zod';

/**
 * GET /api/banner: the film the home page promotes — the newest film in rental that has a promo
 * image (the first such film of /api/films/news) — or null when there is none.
 */
export const BannerFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  age: z.number().int(),
  promo_img: z.string(),
});
export type BannerFilm = z.infer<typeof BannerFilmSchema>;
export const BannerResponseSchema = BannerFilmSchema.nullable();

/** GET /api/films/news: the films in rental, most recently added first. */
export const NewFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  age: z.number().int(),
  promo_img: z.string().nullable(),
  poster: z.string().nullable(),
  /** Running time in minutes: scheduling a session derives its end from it. */
  time: z.number().int(),
  genres: z.array(FilmGenreSchema),
});
export type NewFilm = z.infer<typeof NewFilmSchema>;
export const NewFilmListSchema = z.array(NewFilmSchema);

/** A film in the catalogue (and the back office table). */
export const FilmCardSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /** Age limit, shown with '+'. */
  age: z.number().int(),
  year: z.number().int().nullable(),
  /** 0–10, shown with one decimal. */
  rating: z.number().nullable(),
  poster: z.string().nullable(),
  promo_img: z.string().nullable(),
  type_graphic: z.string(),
  /** Running time in minutes. */
  time: z.number().int(),
  /** 1 in rental, 0 not. */
  is_rent: z.union([z.literal(0), z.literal(1)]),
  genres: z.array(FilmGenreSchema),
  countries: z.array(FilmCountrySchema),
});
export type FilmCard = z.infer<typeof FilmCardSchema>;

/**
 * Where a film of the catalogue stands (docs/glossary.md): 'now' — on the bill, a session from today on;
 * 'soon' — «Скоро в кино»: in rental and announced, no session scheduled yet; 'off' — not showing.
 */
export const FILM_SHOWING = ['now', 'soon', 'off'] as const;
export type FilmShowing = (typeof FILM_SHOWING)[number];

/** A film of /api/films: its card and where it stands. */
export const CatalogueFilmSchema = FilmCardSchema.extend({ showing: z.enum(FILM_SHOWING) });
export type CatalogueFilm = z.infer<typeof CatalogueFilmSchema>;
export const CatalogueFilmListSchema = z.array(CatalogueFilmSchema);

/**
 * GET /api/films?genre=&country=&q=: each optional; a genre or country id, and a text the film's title
 * or a name in its cast contains (case and ё/е aside).
 */
export const FilmListQuerySchema = z.strictObject({
  genre: IdSchema.optional(),
  country: IdSchema.optional(),
  q: z.string().trim().max(100, 'Слишком длинный запрос').optional(),
});
export type FilmListQuery = z.infer<typeof FilmListQuerySchema>;

/** A person's part in a film: role is the kind of work (Актер, Режиссер…), position the character. */
export const FilmPersonSchema = z.strictObject({
  id: z.number().int(),
  role: z.string(),
  position: z.string().nullable(),
  person: z.strictObject({ id: z.number().int(), fio: z.string(), main_img: z.string().nullable() }),
});
export type FilmPerson = z.infer<typeof FilmPersonSchema>;

/** A viewer's review as the film page lists it. */
export const FilmReviewSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  comment: z.string(),
  created_at: InstantSchema,
  /** 1 positive, 2 negative. */
  type_rating: z.union([z.literal(REACTIONS.positive), z.literal(REACTIONS.negative)]),
  user: z.strictObject({
    id: z.number().int(),
    fio: z.string(),
    avatar: z.string().nullable(),
    provider: z.enum(PROVIDERS),
    /** How many reviews this viewer has written in all. */
    reviews_count: z.number().int().nonnegative(),
  }),
});
export type FilmReview = z.infer<typeof FilmReviewSchema>;

/** GET /api/films/{id} */
export const FilmDetailSchema = FilmCardSchema.extend({
  description: z.string(),
  /** When the film's page was added: its trailer's publication date for search engines. */
  created_at: InstantSchema,
  /** US dollars. */
  budget: z.number().nullable(),
  /** A link to the trailer on a video host. */
  trailer: z.string().nullable(),
  kinopoisk_id: z.string().nullable(),
  video: z.array(z.strictObject({ id: z.number().int(), video: z.string() })),
  persons: z.array(FilmPersonSchema),
  photo: z.array(z.strictObject({ id: z.number().int(), photo: z.string() })),
  /** Sessions from today on, earliest first. */
  schedule: z.array(SessionSchema),
  /** Newest first. */
  review: z.array(FilmReviewSchema),
  /** 'Без скидок до' this date (the distributor's condition), or null. */
  no_discount_until: DateSchema.nullable(),
  /** The distribution certificate (прокатное удостоверение, ПУ) number; without one no session goes on sale. */
  pu_number: z.string().nullable(),
  /** The ПУ's issue date and rental end: sessions go on sale only between them (inclusive). */
  pu_issued: DateSchema.nullable(),
  pu_until: DateSchema.nullable(),
  /** ЕАИС's reason code for an event shown without a ПУ (then no ПУ is needed). */
  pu_reason: z.string().nullable(),
  /** The film's Pro.Культура event (Pushkin card programme): its sessions may be paid with the Pushkin card. */
  pushkin_event_id: z.string().nullable(),
});
export type FilmDetail = z.infer<typeof FilmDetailSchema>;

/** A distribution certificate (ПУ) number: 9 digits. */
export const PU_NUMBER_PATTERN = /^\d{9}$/;

/** A Pro.Культура event id (`events[]._id`, REGISTRIES.md §2.9): a number, as ЕАИС's `event_id` takes it (§3.2). */
export const PUSHKIN_EVENT_ID_PATTERN = /^[0-9]{1,20}$/;

/** GET /api/films/{id}/pushkin-event: the Pro.Культура event found by the film's ПУ number. */
export const PushkinEventQuerySchema = z.strictObject({
  /** The ПУ number to look up (default: the film's). */
  pu_number: z.string().trim().regex(PU_NUMBER_PATTERN, 'Номер ПУ — 9 цифр, например 121012345').optional(),
});
export const PushkinEventSchema = z.strictObject({ event_id: z.string(), name: z.string() });

/** The first year of cinema (the Lumières' first public screening). */
export const FILM_YEAR_MIN = 1895;
export const FILM_AGE_MAX = 21;
/** A film poster upload: a phone photo of a printed poster fits. */
export const FILM_POSTER_MAX_BYTES = 10 * 1024 * 1024;

/** A year a film can have: from 1895 to next year (a film announced ahead), read at each check. */
const FilmYearSchema = FormIntSchema.pipe(
  z
    .number()
    .min(FILM_YEAR_MIN, `Год — не раньше ${FILM_YEAR_MIN}`)
    .refine((year) => year <= new Date().getFullYear() + 1, 'Год — не позже следующего года'),
);

/** Optional in a form: empty text (a cleared field) or null is no value. */
const orEmpty = <T extends z.ZodType>(schema: T, error: string) =>
  z.union([z.literal('').transform(() => null), z.null(), schema], { error });

/**
 * PUT /api/films/{id}/edit (JSON): every field the edit screen has. Empty year, budget or trailer
 * clear them; the trailer is a link of an accepted video host (trailer.ts), so the page can play it.
 */
export const FilmEditBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Укажите название').max(255, 'Не длиннее 255 символов'),
    description: z.string().trim().max(20_000, 'Не длиннее 20 000 символов'),
    age: FormIntSchema.pipe(z.number().min(0, 'Возраст — от 0').max(FILM_AGE_MAX, `Возраст — до ${FILM_AGE_MAX}`)),
    year: orEmpty(FilmYearSchema, 'Введите год числом'),
    budget: orEmpty(FormIntSchema.pipe(z.number().min(0, 'Бюджет не может быть отрицательным')), 'Введите целое число'),
    trailer: orEmpty(
      z
        .string()
        .trim()
        .max(500, 'Не длиннее 500 символов')
        .refine((link) => trailerEmbed(link) !== null, 'Ссылка на трейлер: YouTube или Rutube'),
      'Ссылка на трейлер: YouTube или Rutube',
    ),
    /** 1 in rental, 0 not. */
    is_rent: z.union([z.literal(0), z.literal(1)], { error: 'В прокате: 1 или 0' }),
    /** The distributor's condition: no ticket type discount and no promo code for sessions until this date (inclusive). */
    no_discount_until: orEmpty(DateSchema, 'Дата в виде ГГГГ-ММ-ДД').optional(),
    /** The ПУ number (9 digits, as the Ministry of Culture's register writes it); empty clears it. */
    pu_number: orEmpty(
      z.string().trim().regex(PU_NUMBER_PATTERN, 'Номер ПУ — 9 цифр, например 121012345'),
      'Номер ПУ — 9 цифр, например 121012345',
    ).optional(),
    /** The ПУ's issue date and rental end (ГГГГ-ММ-ДД); empty clears them. */
    pu_issued: orEmpty(DateSchema, 'Дата выдачи ПУ в виде ГГГГ-ММ-ДД').optional(),
    pu_until: orEmpty(DateSchema, 'Дата окончания проката в виде ГГГГ-ММ-ДД').optional(),
    /** ЕАИС's reason code for an event without a ПУ (its list of reasons); empty clears it. */
    pu_reason: orEmpty(
      z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, 'Код причины отсутствия ПУ — число из справочника ЕАИС'),
      'Код причины отсутствия ПУ — число из справочника ЕАИС',
    ).optional(),
    /** The Pro.Культура event id (the Pushkin card programme); empty clears it. */
    pushkin_event_id: orEmpty(
      z.string().trim().regex(PUSHKIN_EVENT_ID_PATTERN, 'ID мероприятия Про.Культуры — число, например 2154873'),
      'ID мероприятия Про.Культуры — число, например 2154873',
    ).optional(),
  })
  .refine((f) => !f.pu_issued || !f.pu_until || f.pu_issued <= f.pu_until, {
    path: ['pu_until'],
    message: 'Окончание проката не может быть раньше даты выдачи ПУ',
  });
export type FilmEditBody = z.input<typeof FilmEditBodySchema>;
export type FilmEdit = z.output<typeof FilmEditBodySchema>;

/** POST /api/films/store (multipart): the film's id on Kinopoisk. */
export const FilmStoreBodySchema = z.strictObject({ kinopoisk_id: KinopoiskIdSchema });

/** POST /api/upload-film-poster (multipart poster, film_id): the film's text field. */
export const FilmPosterBodySchema = z.strictObject({ film_id: FormIdSchema });
/** The stored poster, relative to /storage/images. */
export const FilmPosterResponseSchema = z.strictObject({ poster: z.string() });

/** The Kinopoisk id of an imported film in a path. */
export const KinopoiskIdParamsSchema = z.object({ kinopoiskId: KinopoiskIdSchema });

export const filmEndpoints = {
  'GET /banner': { summary: 'Фильм баннера главной страницы', access: PUBLIC, response: BannerResponseSchema },
  'GET /films/news': { summary: 'Новинки: фильмы в прокате', access: PUBLIC, response: NewFilmListSchema },
  'GET /films': {
    summary:
      'Каталог фильмов: сейчас в кино, скоро, не в прокате; фильтр по жанру и стране, поиск q по названию и актёрам',
    access: PUBLIC,
    query: FilmListQuerySchema,
    response: CatalogueFilmListSchema,
  },
  'GET /films/:id': { summary: 'Фильм', access: PUBLIC, params: IdParamsSchema, response: FilmDetailSchema },
  'GET /films/admin': {
    summary: 'Фильмы для панели постранично, новые первыми; q — поиск по названию',
    access: requires('films', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(FilmCardSchema),
  },
  'POST /films/store': {
    summary: 'Импортировать фильм с Кинопоиска (поле kinopoisk_id); 409 с id, если он уже импортирован',
    access: requires('films', 'create'),
    body: FilmStoreBodySchema,
    upload: { files: {} },
    response: ImportedFilmSchema,
    status: 201,
  },
  'GET /upload-persons-for-film/:kinopoiskId': {
    summary: 'Добавить фильму актёров и съёмочную группу с Кинопоиска; повтор ничего не дублирует',
    access: requires('films', 'update'),
    params: KinopoiskIdParamsSchema,
    response: ImportedPersonListSchema,
  },
  'GET /upload-image-for-film/:kinopoiskId': {
    summary: 'Добавить фильму кадры с Кинопоиска; повтор ничего не дублирует',
    access: requires('films', 'update'),
    params: KinopoiskIdParamsSchema,
    response: ImportedPhotoListSchema,
  },
  'PUT /films/:id/edit': {
    summary: 'Изменить фильм',
    access: requires('films', 'update'),
    params: IdParamsSchema,
    body: FilmEditBodySchema,
    response: FilmDetailSchema,
  },
  'GET /films/:id/pushkin-event': {
    summary: 'Найти мероприятие Пушкинской карты (Про.Культура) по номеру ПУ фильма; 404, если его нет в программе',
    access: requires('films', 'update'),
    params: IdParamsSchema,
    query: PushkinEventQuerySchema,
    response: PushkinEventSchema,
  },
  'POST /upload-film-poster': {
    summary: 'Загрузить постер фильма (поля poster, film_id)',
    access: requires('films', 'update'),
    body: FilmPosterBodySchema,
    upload: { files: { poster: { maxBytes: FILM_POSTER_MAX_BYTES, required: true } } },
    response: FilmPosterResponseSchema,
  },
} as const satisfies EndpointMap;
