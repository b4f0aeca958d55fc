import type { Stock } from '../../contract/stocks';
import { toCinemaTime } from '../../contract/time';
import type { schema } from '../../db';

export const presentStock = (promotion: typeof schema.promotions.$inferSelect): Stock => ({
  id: promotion.id,
  title: promotion.title,
  text: promotion.text,
  img: promotion.img,
  date_start: toCinemaTime(promotion.dateStart),
  date_end: toCinemaTime(promotion.dateEnd),
});
