/** The session edit form's fields (docs/architecture.md, "Sessions change and ЕАИС"): prefilled from the list, and what changed. */
import type { ScheduleUpdateBody, StaffSession } from '@kino/backend/contract';

/** The form's fields as typed: text, as the inputs hold it. */
export type SessionFields = {
  hall_id: string;
  start_time: string;
  price_card_id: string;
  price: string;
  subtitles: boolean;
  audio_description: boolean;
};

/** The session as the form starts: its hall, start (the picker's 'YYYY-MM-DDTHH:mm'), card, price and accessibility. */
export const fieldsOf = (session: StaffSession): SessionFields => ({
  hall_id: String(session.hall.id),
  // 'YYYY-MM-DD HH:mm:ss' → the picker's 'YYYY-MM-DDTHH:mm'.
  start_time: session.start_time.slice(0, 16).replace(' ', 'T'),
  price_card_id: session.price_card ? String(session.price_card.id) : '',
  price: String(session.price),
  subtitles: session.subtitles,
  audio_description: session.audio_description,
});

/** What changed, as the endpoint takes it; a price only counts without a card (a card sets it). */
export function changesOf(before: SessionFields, now: Partial<SessionFields>): ScheduleUpdateBody {
  const body: ScheduleUpdateBody = {};
  if (now.hall_id !== before.hall_id) body.hall_id = now.hall_id ?? '';
  if (now.start_time !== before.start_time) body.start_time = (now.start_time ?? '').replace('T', ' ');
  if (now.price_card_id !== before.price_card_id) body.price_card_id = now.price_card_id ?? '';
  if (!now.price_card_id && now.price !== before.price) body.price = now.price ?? '';
  if (now.subtitles !== undefined && now.subtitles !== before.subtitles) body.subtitles = now.subtitles;
  if (now.audio_description !== undefined && now.audio_description !== before.audio_description)
    body.audio_description = now.audio_description;
  return body;
}
