import type { NewsCard, NewsDetail, NewsItem } from '../../contract/news';
import type { schema } from '../../db';

type NewsRow = typeof schema.news.$inferSelect;

export const presentNewsCard = (news: NewsRow): NewsCard => ({
  id: news.id,
  title: news.title,
  main_img: news.mainImg,
  created_at: news.createdAt.toISOString(),
});

/** A block's content goes in the field named after its type. */
const presentNewsItem = (item: typeof schema.newsItems.$inferSelect): NewsItem => ({
  id: item.id,
  type: item.type,
  item_order: item.itemOrder,
  img: item.type === 'image' ? item.content : null,
  title: item.type === 'title' ? item.content : null,
  text: item.type === 'text' ? item.content : null,
});

export const presentNewsDetail = (
  news: NewsRow & {
    user: Pick<typeof schema.users.$inferSelect, 'id' | 'fio' | 'avatar' | 'role'>;
    items: (typeof schema.newsItems.$inferSelect)[];
  },
): NewsDetail => ({
  ...presentNewsCard(news),
  user: { id: news.user.id, fio: news.user.fio, avatar: news.user.avatar, role: news.user.role },
  items: news.items.map(presentNewsItem),
});
