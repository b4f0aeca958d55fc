/** News: GET /api/news, GET /api/news/{id}; the back office's GET /api/news/admin, POST /api/news/create. */
import { FormIntSchema, IdParamsSchema, InstantSchema, pageSchema, StaffPageQuerySchema } from './common';
import { NEWS_BLOCK_TYPES, ROLES } from './constants';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { z } from './zod';

export const NewsCardSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  main_img: z.string(),
  created_at: InstantSchema,
});
export type NewsCard = z.infer<typeof NewsCardSchema>;
/** GET /api/news: newest first. */
export const NewsListSchema = z.array(NewsCardSchema);

/** The article's author, shown in the author block. */
export const NewsAuthorSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
});

/**
 * One content block of an article, in order, with its article and the article's author (SPEC's
 * `news.user`). Exactly one of img, title, text is set, after its type (SPEC's item fields).
 */
export const NewsItemSchema = z.strictObject({
  id: z.number().int(),
  type: z.enum(NEWS_BLOCK_TYPES),
  item_order: z.number().int().positive(),
  img: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  news: NewsCardSchema.extend({ user: NewsAuthorSchema }),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/**
 * GET /api/news/{id}: SPEC's shape, the article's blocks in order, each with `news.user`. Every
 * article has at least one block (POST /news/create refuses one without), so the first block
 * carries the title, the image and the author.
 */
export const NewsDetailSchema = z.array(NewsItemSchema).min(1);
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

/** A row of the back office's news table: id, title, author, image. */
export const NewsRowSchema = NewsCardSchema.extend({
  user: z.strictObject({ id: z.number().int(), fio: z.string() }),
});
export type NewsRow = z.infer<typeof NewsRowSchema>;

/** The main image and each image block: larger → 413. */
export const NEWS_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const NEWS_MAX_BLOCKS = 30;
export const NEWS_TITLE_MAX = 255;
export const NEWS_TEXT_MAX = 20_000;
/** The multipart field of block i's content when it is an image file. */
export const newsBlockContentField = (i: number) => `blocks[${i}][content]`;

/**
 * One block of the create form (`blocks[i][type]`, `blocks[i][item_order]`, `blocks[i][content]`):
 * title and text blocks carry their text in content, image blocks a file under the same name.
 */
export const NewsBlockInputSchema = z.strictObject({
  type: z.enum(NEWS_BLOCK_TYPES, { error: 'Тип блока: заголовок, текст или изображение' }),
  item_order: FormIntSchema.pipe(z.number().positive('Порядковый номер — целое число от 1')),
  content: z.string().trim().max(NEWS_TEXT_MAX, `Не больше ${NEWS_TEXT_MAX} символов`).optional(),
});
export type NewsBlockInput = z.infer<typeof NewsBlockInputSchema>;

/** POST /api/news/create (multipart; mainImage is the file). No two blocks share an order number. */
export const NewsCreateBodySchema = z.strictObject({
  mainTitle: z
    .string({ error: 'Введите заголовок' })
    .trim()
    .min(1, 'Введите заголовок')
    .max(NEWS_TITLE_MAX, `Не больше ${NEWS_TITLE_MAX} символов`),
  blocks: z
    .array(NewsBlockInputSchema, { error: 'Добавьте хотя бы один блок' })
    .min(1, 'Добавьте хотя бы один блок')
    .max(NEWS_MAX_BLOCKS, `Не больше ${NEWS_MAX_BLOCKS} блоков`)
    .refine((blocks) => new Set(blocks.map((b) => b.item_order)).size === blocks.length, {
      message: 'Порядковые номера блоков повторяются',
    }),
});
export type NewsCreateBody = z.infer<typeof NewsCreateBodySchema>;

export const NEWS_SAVED = 'Новость успешно сохранена!';
export const NewsCreatedSchema = z.strictObject({ id: z.number().int(), message: z.string() });

export const newsEndpoints = {
  'GET /news': { summary: 'Новости, новые первыми', access: PUBLIC, response: NewsListSchema },
  'GET /news/:id': {
    summary: 'Блоки новости по порядку, каждый с news.user',
    access: PUBLIC,
    params: IdParamsSchema,
    response: NewsDetailSchema,
  },
  'GET /news/admin': {
    summary: 'Новости постранично для панели (с автором); q — поиск по заголовку',
    access: requires('news', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(NewsRowSchema),
  },
  'POST /news/create': {
    summary: 'Написать новость: mainTitle, mainImage, blocks[i][type|item_order|content]; автор — тот, кто вошёл',
    access: requires('news', 'create'),
    body: NewsCreateBodySchema,
    upload: {
      files: { mainImage: { maxBytes: NEWS_IMAGE_MAX_BYTES, required: true } },
      pattern: { match: /^blocks\[\d{1,2}\]\[content\]$/, maxBytes: NEWS_IMAGE_MAX_BYTES, maxFiles: NEWS_MAX_BLOCKS },
    },
    response: NewsCreatedSchema,
    status: 201,
  },
} as const satisfies EndpointMap;
