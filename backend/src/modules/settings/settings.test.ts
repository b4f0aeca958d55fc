/**
 * The cinema's details as settings: the public read, the admin's save and its refusals (a bad ИНН or ОГРН, a
 * bad phone, e-mail or coordinates, anyone but the admin), a deployment before its first setup, and the server's
 * own readers (the PDFs, the reset mail) following a rename at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CinemaSettings, CinemaSettingsBody } from '../../contract/settings';
import { ErrorBodySchema } from '../../contract/errors';
import { schema } from '../../db';
import { DEMO_CINEMA } from '../../seed/data/cinema';
import { buildFilm, buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { pdfText } from '../../testing/pdf';
import { cinemaSettings } from './cinema';

const VOSHOD: CinemaSettings = {
  ...DEMO_CINEMA,
  name: 'Кинотеатр «Восход»',
  short_name: 'Восход',
  city: 'Казань',
  street_address: 'ул. Баумана, 7',
  postal_code: null,
  latitude: 55.7903,
  longitude: 49.1147,
  phone: '8 (843) 200-00-07',
  email: 'kassa@voshod.example',
  social: [{ name: 'Telegram', url: 'https://t.me/voshod' }],
  halls: [{ name: 'Большой зал', about: '' }],
  // An ИП: a 12-digit ИНН and a 15-digit ОГРНИП (ФНС's published examples).
  legal_name: 'ИП Петров Пётр Петрович',
  inn: '500100732259',
  ogrn: '304500116000157',
  legal_address: 'Казань, ул. Баумана, 7, офис 3',
  taxation: 'patent',
};

const fieldsOf = (body: unknown) =>
  (ErrorBodySchema.parse(body).error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};

let t: TestApi;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await startTestApi();
  admin = (await buildSignedInUser(t.ctx, { role: 'admin' })).token;
  manager = (await buildSignedInUser(t.ctx, { role: 'manager' })).token;
});
afterAll(() => t?.close());

const put = (body: unknown, token?: string) =>
  t.call('PUT /settings/cinema', { body: body as CinemaSettingsBody }, token);

describe('GET /api/settings/cinema', () => {
  it('answers 200 to anyone with the cinema’s details and legal entity', async () => {
    const { status, body } = await t.call('GET /settings/cinema');
    expect(status).toBe(200);
    expect(body).toEqual(DEMO_CINEMA);
  });
});

describe('PUT /api/settings/cinema', () => {
  it('returns 401 to a guest and 403 to a manager, and changes nothing', async () => {
    expect((await put(VOSHOD)).status).toBe(401);
    const refused = await put(VOSHOD, manager);
    expect(refused.status).toBe(403);
    expect(ErrorBodySchema.parse(refused.body).error.code).toBe('forbidden');
    expect((await t.call('GET /settings/cinema')).body).toEqual(DEMO_CINEMA);
  });

  it.each([
    ['inn', { inn: '7709424241', ogrn: '1027709424247' }, 'ИНН с ошибкой: не сходится контрольная цифра'],
    ['inn', { inn: '77094242' }, 'ИНН — 10 цифр (организация) или 12 (ИП)'],
    ['inn', { inn: '500100732258' }, 'ИНН с ошибкой: не сходится контрольная цифра'],
    ['ogrn', { inn: '7709424242', ogrn: '1027709424246' }, 'ОГРН с ошибкой: не сходится контрольная цифра'],
    ['ogrn', { ogrn: '102770942424' }, 'ОГРН — 13 цифр (организация) или ОГРНИП — 15 (ИП)'],
    ['ogrn', { ogrn: '1027709424247' }, 'У ИП (ИНН из 12 цифр) ОГРНИП из 15 цифр'],
    ['ogrn', { inn: '7709424242', ogrn: '304500116000157' }, 'У организации (ИНН из 10 цифр) ОГРН из 13 цифр'],
    ['phone', { phone: '200-42-42' }, 'Телефон в формате +7 (495) 123-45-67'],
    ['phone', { phone: '+7 (495) 200-42-4x' }, 'Телефон в формате +7 (495) 123-45-67'],
    ['email', { email: 'kassa@' }, 'Введите корректный адрес почты'],
    ['latitude', { latitude: 91 }, 'Широта: число градусов от −90 до 90'],
    ['longitude', { longitude: '37,6481e2' }, 'Долгота: число градусов от −180 до 180'],
    ['opens', { opens: '9:00' }, 'Время в формате ЧЧ:ММ, например 09:00'],
    ['postal_code', { postal_code: '1010' }, 'Индекс — шесть цифр'],
    ['social.0.url', { social: [{ name: 'VK', url: 'http://vk.com/x' }] }, 'Адрес ссылки: https://…'],
    ['taxation', { taxation: 'usn' }, 'Выберите систему налогообложения'],
    ['name', { name: ' ' }, 'Введите название кинотеатра'],
  ])('returns 400 naming %s for %j, and saves nothing', async (field, change, message) => {
    const { status, body } = await put({ ...VOSHOD, ...change }, admin);
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual({ [field]: message });
    expect((await t.call('GET /settings/cinema')).body).toEqual(DEMO_CINEMA);
  });

  it('returns 400 for an unknown field and for a missing one', async () => {
    const extra = await put({ ...VOSHOD, site: 'https://voshod.example' }, admin);
    expect(extra.status).toBe(400);
    expect(Object.keys(fieldsOf(extra.body))).toEqual(['site']);
    const { inn: _inn, ...withoutInn } = VOSHOD;
    const missing = await put(withoutInn, admin);
    expect(fieldsOf(missing.body)).toEqual({ inn: 'Введите ИНН' });
  });

  it('saves the admin’s details: the next read and the server’s own reader (cinemaSettings) see them at once', async () => {
    // Read (and kept) before the change, as a busy site has them.
    expect((await cinemaSettings(t.ctx))?.name).toBe(DEMO_CINEMA.name);
    const saved = await put({ ...VOSHOD, postal_code: '', latitude: '55,7903' }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(VOSHOD);
    expect((await t.call('GET /settings/cinema')).body).toEqual(VOSHOD);
    expect(await cinemaSettings(t.ctx)).toEqual(VOSHOD);
    const row = await t.ctx.db.query.cinemaSettings.findFirst();
    expect(row?.updatedBy).not.toBeNull();
  });

  it('prints the renamed cinema and its legal entity on the distributor’s report', async () => {
    await put(VOSHOD, admin);
    const film = await buildFilm(t.ctx.db, { title: 'Отчётный фильм', puNumber: '111000125' });
    // A Thursday: distribution weeks start on one.
    const week = '2026-01-01';
    const res = await t.fetch(`/api/reports/distributor?film_id=${film.id}&week=${week}&format=pdf`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Кинотеатр «Восход», Казань, ул. Баумана, 7');
    expect(text).toContain('ИП Петров Пётр Петрович, ИНН 500100732259, ОГРН 304500116000157');
  });
});

describe('a deployment before its first setup', () => {
  let fresh: TestApi;
  beforeAll(async () => {
    fresh = await startTestApi({ cinema: false });
  });
  afterAll(() => fresh?.close());

  it('answers null until the admin saves the details, then the details', async () => {
    expect(await fresh.call('GET /settings/cinema')).toEqual({ status: 200, body: null });
    const { token } = await buildSignedInUser(fresh.ctx, { role: 'admin' });
    const saved = await fresh.call('PUT /settings/cinema', { body: VOSHOD }, token);
    expect(saved.status).toBe(200);
    expect((await fresh.call('GET /settings/cinema')).body).toEqual(VOSHOD);
    expect(await fresh.ctx.db.$count(schema.cinemaSettings)).toBe(1);
  });
});
