import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/errors';
import { StockListSchema, StockSchema } from '../../contract/stocks';
import { fromCinemaTime } from '../../contract/time';
import { buildPromotion } from '../../testing/factories';
import { useTestApi } from '../../testing/api';

const api = useTestApi();

describe('GET /api/stocks', () => {
  it('returns 200 with running and coming promotions by start date, without ended ones', async () => {
    const coming = await buildPromotion(api.ctx.db, { title: 'Скоро', startsInDays: 3, endsInDays: 10 });
    const running = await buildPromotion(api.ctx.db, { title: 'Идёт', startsInDays: -5, endsInDays: 1 });
    await buildPromotion(api.ctx.db, { title: 'Прошла', startsInDays: -10, endsInDays: -1 });
    const { status, body } = await api.getJson('/api/stocks');
    expect(status).toBe(200);
    expect(StockListSchema.parse(body).map((s) => s.id)).toEqual([running.id, coming.id]);
  });
});

describe('GET /api/stocks/{id}', () => {
  it('returns the promotion with its dates as cinema wall time, ended ones too', async () => {
    const promotion = await buildPromotion(api.ctx.db, {
      title: 'Вторник дешевле',
      text: 'Все сеансы по 250 ₽',
      img: 'stocks/tue.jpg',
      dateStart: fromCinemaTime('2025-01-01 00:00'),
      dateEnd: fromCinemaTime('2025-03-31 23:59'),
    });
    const { status, body } = await api.getJson(`/api/stocks/${promotion.id}`);
    expect(status).toBe(200);
    expect(StockSchema.parse(body)).toEqual({
      id: promotion.id,
      title: 'Вторник дешевле',
      text: 'Все сеансы по 250 ₽',
      img: 'stocks/tue.jpg',
      date_start: '2025-01-01 00:00:00',
      date_end: '2025-03-31 23:59:00',
    });
  });

  it('returns 404 not_found for an unknown promotion and 400 for a malformed id', async () => {
    const missing = await api.getJson('/api/stocks/424242');
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(missing.body).error).toMatchObject({ code: 'not_found', message: 'Акция не найдена' });
    const bad = await api.getJson('/api/stocks/1;drop');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('invalid_input');
  });
});
