import type { StaffSession } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { changesOf, fieldsOf } from './session-edit';

const session = {
  hall: { id: 3, name: 'Зал 3' },
  start_time: '2026-11-28 18:00:00',
  price: 420,
  price_card: { id: 7, name: 'Вечер' },
  subtitles: false,
  audio_description: true,
} as StaffSession;

describe('the session edit form', () => {
  it('starts from the session as the pickers show it', () => {
    expect(fieldsOf(session)).toEqual({
      hall_id: '3',
      start_time: '2026-11-28T18:00',
      price_card_id: '7',
      price: '420',
      subtitles: false,
      audio_description: true,
    });
  });

  it('sends only what changed; a price only without a card', () => {
    const before = fieldsOf(session);
    expect(changesOf(before, before)).toEqual({});
    expect(changesOf(before, { ...before, start_time: '2026-11-28T19:30', hall_id: '4' })).toEqual({
      start_time: '2026-11-28 19:30',
      hall_id: '4',
    });
    // A card sets the price: the field shows the card's, which is not sent.
    expect(changesOf(before, { ...before, price_card_id: '8', price: '500' })).toEqual({ price_card_id: '8' });
    // No card: the typed price goes with it.
    expect(changesOf(before, { ...before, price_card_id: '', price: '390' })).toEqual({
      price_card_id: '',
      price: '390',
    });
  });

  it('sends an accessibility flag only when its box changed', () => {
    const before = fieldsOf(session);
    expect(changesOf(before, { ...before, subtitles: true })).toEqual({ subtitles: true });
    expect(changesOf(before, { ...before, audio_description: false })).toEqual({ audio_description: false });
  });
});
