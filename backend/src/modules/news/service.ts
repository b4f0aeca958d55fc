/** Articles: the public reads, the back office's table and the writing of an article with its blocks. */
import { desc } from 'drizzle-orm';
import type { StaffPageQuery } from '../../contract/common';
import type { FieldErrors } from '../../contract/errors';
import {
  NEWS_SAVED,
  newsBlockContentField,
  type NewsCreateBody,
  type NewsDetail,
  type NewsRow,
} from '../../contract/news';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { invalidInput, notFound } from '../../lib/http/errors';
import { withStoredImages, type ImageSize } from '../../lib/documents/images';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import type { UploadedFiles } from '../../lib/http/upload';
import { presentNewsDetail, presentNewsRow } from './presenter';

const { news, newsItems } = schema;

/** The main image and image blocks: the widest an article shows them, proportions kept. */
const NEWS_IMAGE: ImageSize = { folder: 'news', width: 1600, height: 1200, fit: 'inside' };

/** The article's blocks in order with its author; 404 for an unknown article (or one without blocks). */
export async function findNews(ctx: Pick<AppContext, 'db'>, id: number): Promise<NewsDetail> {
  const found = await ctx.db.query.news.findFirst({
    where: (n, { eq }) => eq(n.id, id),
    with: {
      user: { columns: { id: true, fio: true, avatar: true, role: true } },
      items: { orderBy: (i, { asc }) => [asc(i.itemOrder)] },
    },
  });
  if (!found || found.items.length === 0) throw notFound('Новость не найдена');
  return presentNewsDetail(found);
}

/** The back office's table: newest first, `q` searching the title. */
export function listNewsForStaff(ctx: Pick<AppContext, 'db'>, query: StaffPageQuery): Promise<Page<NewsRow>> {
  const where = searchCondition(query.q, news.title);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await ctx.db.query.news.findMany({
          where,
          with: { user: { columns: { id: true, fio: true } } },
          orderBy: [desc(news.createdAt), desc(news.id)],
          limit,
          offset,
        })
      ).map(presentNewsRow),
    () => ctx.db.$count(news, where),
  );
}

/**
 * Each block's content where its type wants it: text for title and text blocks, a file under
 * `blocks[i][content]` for image blocks. Files that belong to no image block are refused too.
 */
function checkBlockContents(blocks: NewsCreateBody['blocks'], files: UploadedFiles) {
  const fields: FieldErrors = {};
  const expected = new Set(['mainImage']);
  blocks.forEach((block, i) => {
    const file = files[newsBlockContentField(i)];
    const key = `blocks.${i}.content`;
    if (block.type === 'image') {
      expected.add(newsBlockContentField(i));
      if (!file) fields[key] = 'Выберите изображение для блока';
    } else if (file) fields[key] = 'Здесь ожидается текст, а не файл';
    else if (!block.content) fields[key] = block.type === 'title' ? 'Введите подзаголовок' : 'Введите текст';
  });
  for (const name of Object.keys(files)) {
    if (!expected.has(name) && !(name in fields)) fields[name] = 'Здесь файл не ожидается';
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
}

/**
 * Writes an article signed by `userId`: its images checked and re-encoded, then the article and its
 * blocks in one transaction, the blocks numbered from 1 in the order of their item_order.
 */
export async function createNews(
  ctx: AppContext,
  userId: number,
  body: NewsCreateBody,
  files: UploadedFiles,
): Promise<{ id: number; message: string }> {
  checkBlockContents(body.blocks, files);
  const ordered = body.blocks
    .map((block, index) => ({ ...block, field: newsBlockContentField(index) }))
    .sort((a, b) => a.item_order - b.item_order);
  const imageBlocks = ordered.filter((block) => block.type === 'image');
  const uploads = [
    { file: files.mainImage, target: { ...NEWS_IMAGE, field: 'mainImage' } },
    ...imageBlocks.map((block) => ({ file: files[block.field], target: { ...NEWS_IMAGE, field: block.field } })),
  ];
  return withStoredImages(ctx.config, uploads, ([mainImg, ...blockImages]) =>
    write(ctx, async (tx, changed) => {
      const [article] = await tx
        .insert(news)
        .values({ title: body.mainTitle, mainImg: mainImg!, userId })
        .returning({ id: news.id });
      const images = new Map(imageBlocks.map((block, i) => [block.field, blockImages[i]!]));
      await tx.insert(newsItems).values(
        ordered.map((block, i) => ({
          newsId: article!.id,
          type: block.type,
          itemOrder: i + 1,
          content: block.type === 'image' ? images.get(block.field)! : block.content!,
        })),
      );
      changed({ what: 'news' });
      return { id: article!.id, message: NEWS_SAVED };
    }),
  );
}
