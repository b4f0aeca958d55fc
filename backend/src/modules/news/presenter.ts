import type { NewsCard, NewsDetail, NewsRow } from '../../contract/news';
import type { schema } from '../../db';

type NewsDbRow = typeof schema.news.$inferSelect;
type Author = Pick<typeof schema.users.$inferSelect, 'id' | 'fio' | 'avatar' | 'role'>;

export const presentNewsCard = (news: NewsDbRow): NewsCard => ({
  id: news.id,
  title: news.title,
  main_img: news.mainImg,
  created_at: news.createdAt.toISOString(),
});

export const presentNewsRow = (news: NewsDbRow & { user: Pick<Author, 'id' | 'fio'> }): NewsRow => ({
  ...presentNewsCard(news),
  user: { id: news.user.id, fio: news.user.fio },
});

/**
 * SPEC's article: its blocks in order, each with `news.user`. A block's content goes in the field
 * named after its type.
 */
export function presentNewsDetail(
  news: NewsDbRow & { user: Author; items: (typeof schema.newsItems.$inferSelect)[] },
): NewsDetail {
  const article = {
    ...presentNewsCard(news),
    user: { id: news.user.id, fio: news.user.fio, avatar: news.user.avatar, role: news.user.role },
  };
  return news.items.map((item) => ({
    id: item.id,
    type: item.type,
    item_order: item.itemOrder,
    img: item.type === 'image' ? item.content : null,
    title: item.type === 'title' ? item.content : null,
    text: item.type === 'text' ? item.content : null,
    news: article,
  }));
}
