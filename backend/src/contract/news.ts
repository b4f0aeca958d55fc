/** News: GET /api/news, GET /api/news/{id}. */
import { IdParamsSchema, InstantSchema } from './common';
import { NEWS_BLOCK_TYPES, ROLES } from './constants';
import { PUBLIC, type EndpointMap } from './endpoint';
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

/**
 * One content block of an article, in order. Exactly one of img, title, text is set, after its type
 * (SPEC's item fields).
 */
export const NewsItemSchema = z.strictObject({
  id: z.number().int(),
  type: z.enum(NEWS_BLOCK_TYPES),
  item_order: z.number().int().positive(),
  img: z.string().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** The article's author, shown in the author block. */
export const NewsAuthorSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
});

/**
 * GET /api/news/{id}: the article with its author (`news.user`) and its blocks (`news.items`).
 * One object rather than the old client's bare list of items, so an article without blocks still
 * carries its title, image and author.
 */
export const NewsDetailSchema = NewsCardSchema.extend({
  user: NewsAuthorSchema,
  items: z.array(NewsItemSchema),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

export const newsEndpoints = {
  'GET /news': { summary: 'Новости, новые первыми', access: PUBLIC, response: NewsListSchema },
  'GET /news/:id': {
    summary: 'Новость с автором и блоками',
    access: PUBLIC,
    params: IdParamsSchema,
    response: NewsDetailSchema,
  },
} as const satisfies EndpointMap;
