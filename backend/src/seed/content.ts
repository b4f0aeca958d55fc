/** News with their ordered blocks, and promotions; identified by title. */
import { addDays, fromCinemaTime } from '../contract/time';
import { schema, type Db } from '../db';
import { NEWS, type SeedNews, type SeedNewsBlock } from './data/news';
import { PROMOTIONS } from './data/promotions';
import { ensureByKey } from './ensure';
import { seedImage } from './images';

const DAY = 86_400_000;

/** How many articles were created; `authors` maps account slugs to user ids. */
export async function ensureNews(db: Db, authors: Map<string, number>, now: Date): Promise<number> {
  const { created } = await ensureByKey(
    db,
    schema.news,
    schema.news.title,
    NEWS,
    (n) => n.title,
    (missing) =>
      missing.map((n) => ({
        title: n.title,
        mainImg: seedImage.news(n.slug),
        userId: authors.get(n.author)!,
        createdAt: new Date(now.getTime() - n.daysAgo * DAY),
      })),
  );
  if (created.length > 0) {
    await db.insert(schema.newsItems).values(
      created.flatMap(({ item, id }) =>
        item.blocks.map((block, i) => ({
          newsId: id,
          type: block.type,
          itemOrder: i + 1,
          content: contentOf(item, block),
        })),
      ),
    );
  }
  return created.length;
}

/** An image block's content is the stored image value of the article's numbered picture. */
const contentOf = (news: SeedNews, block: SeedNewsBlock) =>
  block.type === 'image' ? seedImage.news(news.slug, block.image) : block.content;

/** How many promotions were created; each runs from midnight of its first day to the end of its last (cinema time). */
export async function ensurePromotions(db: Db, today: string): Promise<number> {
  const { created } = await ensureByKey(
    db,
    schema.promotions,
    schema.promotions.title,
    PROMOTIONS,
    (p) => p.title,
    (missing) =>
      missing.map((p) => ({
        title: p.title,
        text: p.text,
        img: seedImage.promotion(p.slug),
        dateStart: fromCinemaTime(`${addDays(today, -p.startedDaysAgo)} 00:00`),
        dateEnd: fromCinemaTime(`${addDays(today, p.endsInDays)} 23:59:59`),
      })),
  );
  return created.length;
}
