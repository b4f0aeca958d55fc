/** Promotions in the back office: the table of all of them and the adding of one. */
import { desc } from 'drizzle-orm';
import type { StaffPageQuery } from '../../contract/common';
import type { Stock, StockCreateBodySchema } from '../../contract/stocks';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { withStoredImages, type ImageSize } from '../../lib/documents/images';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import type { UploadedFile } from '../../lib/http/upload';
import { presentStock } from './presenter';

const { promotions } = schema;

/** A promotion's picture: the carousel's and the page's widest, proportions kept. */
const STOCK_IMAGE: ImageSize = { folder: 'stocks', width: 1600, height: 1200, fit: 'inside' };

/** Every promotion, past and coming, the latest start first; `q` searches the title. */
export function listStocksForStaff(ctx: Pick<AppContext, 'db'>, query: StaffPageQuery): Promise<Page<Stock>> {
  const where = searchCondition(query.q, promotions.title);
  return paginate(
    query,
    async (limit, offset) =>
      (
        await ctx.db
          .select()
          .from(promotions)
          .where(where)
          .orderBy(desc(promotions.dateStart), desc(promotions.id))
          .limit(limit)
          .offset(offset)
      ).map(presentStock),
    () => ctx.db.$count(promotions, where),
  );
}

/** Adds a promotion with its picture (checked and re-encoded); the public list shows it at once. */
export function createStock(
  ctx: AppContext,
  body: z.output<typeof StockCreateBodySchema>,
  img: UploadedFile | undefined,
): Promise<Stock> {
  return withStoredImages(ctx.config, [{ file: img, target: { ...STOCK_IMAGE, field: 'img' } }], ([name]) =>
    write(ctx, async (tx, changed) => {
      const [row] = await tx
        .insert(promotions)
        .values({ title: body.title, text: body.text, img: name!, dateStart: body.date_start, dateEnd: body.date_end })
        .returning();
      changed({ what: 'promotions' });
      return presentStock(row!);
    }),
  );
}
