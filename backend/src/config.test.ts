import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  APP_SECRET: 's'.repeat(32),
  PUBLIC_URL: 'https://kino.example.ru/',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_secret',
  ATOL_URL: 'http://127.0.0.1:16732/',
  EAIS_URL: 'https://ekinobilet.ru/ekbs/upload.aspx',
  EAIS_LOGIN: 'kino',
  EAIS_PASSWORD: 'p',
  EAIS_CINEMA_ID: '2271',
  PUSHKA_API_URL: 'https://pushka.gosuslugi.ru/api/v1',
  PUSHKA_API_KEY: 'registry-key',
  PUSHKA_ORGANIZATION_ID: '12345',
};
/** Production without ЕАИС's settings. */
const withoutEais = Object.fromEntries(Object.entries(production).filter(([name]) => !name.startsWith('EAIS_')));

describe('loadConfig', () => {
  it('requires PUBLIC_URL in production and keeps it without a trailing slash', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: is required in production/);
    expect(loadConfig(production).publicUrl).toBe('https://kino.example.ru');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('requires the YooKassa shop in production; without it elsewhere the demo runs its emulator', () => {
    expect(() => loadConfig({ ...production, YOOKASSA_SECRET_KEY: '' })).toThrow(
      /YOOKASSA_SHOP_ID: and YOOKASSA_SECRET_KEY/,
    );
    expect(loadConfig(production).yookassa).toMatchObject({
      apiUrl: 'https://api.yookassa.ru/v3',
      shopId: '123456',
      vatCode: 1,
      paymentMode: 'full_payment',
    });
    expect(loadConfig({}).yookassa.shopId).toBeUndefined();
  });

  it('requires the cash register in production; without it elsewhere the register emulator runs', () => {
    expect(() => loadConfig({ ...production, ATOL_URL: '' })).toThrow(/ATOL_URL: is required in production/);
    expect(loadConfig(production).fiscal).toMatchObject({
      atolUrl: 'http://127.0.0.1:16732',
      ticketVat: 'none',
      ticketPaymentMethod: 'fullPayment',
    });
    expect(loadConfig({}).fiscal.atolUrl).toBeUndefined();
    expect(() => loadConfig({ FISCAL_TICKET_VAT: 'vat18' })).toThrow(/FISCAL_TICKET_VAT/);
  });

  it('reads the notification sources as addresses and ranges, refusing anything else', () => {
    expect(loadConfig({}).yookassa.notificationSources).toContain('185.71.76.0/27');
    expect(loadConfig({ YOOKASSA_NOTIFICATION_SOURCES: '10.0.0.0/8, ::1' }).yookassa.notificationSources).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ YOOKASSA_NOTIFICATION_SOURCES: '10.0.0.0/33' })).toThrow(/YOOKASSA_NOTIFICATION_SOURCES/);
    expect(() => loadConfig({ YOOKASSA_NOTIFICATION_SOURCES: 'yookassa.ru' })).toThrow(/YOOKASSA_NOTIFICATION_SOURCES/);
  });

  it('requires ЕАИС in production: the upload address with the login, password and org_id, or files uploaded by hand on purpose', () => {
    const eais = { EAIS_URL: 'https://ekinobilet.ru/ekbs/upload.aspx' };
    expect(() => loadConfig(withoutEais)).toThrow(/EAIS_URL: is required in production/);
    expect(() => loadConfig({ ...withoutEais, ...eais })).toThrow(/EAIS_URL: is set: EAIS_LOGIN, EAIS_PASSWORD/);
    expect(() => loadConfig({ ...withoutEais, ...eais, EAIS_LOGIN: 'kino', EAIS_PASSWORD: 'p' })).toThrow(/EAIS_URL/);
    const set = { ...withoutEais, ...eais, EAIS_LOGIN: 'kino', EAIS_PASSWORD: 'p', EAIS_CINEMA_ID: '2271' };
    expect(loadConfig({ ...set, EAIS_INTERVAL_SECONDS: '60' }).eais).toMatchObject({
      url: eais.EAIS_URL,
      cinemaId: '2271',
      intervalMs: 60_000,
    });
    // The files in DATA_DIR/eais/, uploaded by hand: said on purpose, with the org_id the files carry.
    expect(() => loadConfig({ ...withoutEais, EAIS_MANUAL_UPLOAD: '1' })).toThrow(
      /EAIS_CINEMA_ID: is required in production/,
    );
    expect(loadConfig({ ...withoutEais, EAIS_MANUAL_UPLOAD: '1', EAIS_CINEMA_ID: '2271' }).eais).toMatchObject({
      url: undefined,
      cinemaId: '2271',
      intervalMs: 900_000,
    });
    expect(() => loadConfig({ ...set, EAIS_MANUAL_UPLOAD: '1' })).toThrow(/EAIS_MANUAL_UPLOAD: and EAIS_URL/);
    // Outside production: files, every 15 minutes.
    expect(loadConfig({}).eais).toMatchObject({ url: undefined, intervalMs: 900_000 });
    expect(() => loadConfig({ ...production, EAIS_INTERVAL_SECONDS: '0' })).toThrow(/EAIS_INTERVAL_SECONDS/);
  });

  it('accepts the Pushkin card in production only with the registry, its key and organisation; elsewhere the emulator runs', () => {
    // A cinema outside the programme: no registry, no fake values, the card switched off.
    const withoutPushka = Object.fromEntries(
      Object.entries(production).filter(([name]) => !name.startsWith('PUSHKA_')),
    );
    expect(loadConfig(withoutPushka).pushkin).toMatchObject({ enabled: false, registryUrl: undefined });
    expect(loadConfig({ ...production, PUSHKA_API_URL: '' }).pushkin.enabled).toBe(false);
    // The registry's address without its key or organisation is refused.
    expect(() => loadConfig({ ...withoutPushka, PUSHKA_API_URL: 'https://pushka.gosuslugi.ru/api/v1' })).toThrow(
      /PUSHKA_API_KEY: and PUSHKA_ORGANIZATION_ID/,
    );
    expect(() => loadConfig({ ...production, PUSHKA_API_KEY: '' })).toThrow(
      /PUSHKA_API_KEY: and PUSHKA_ORGANIZATION_ID/,
    );
    expect(() => loadConfig({ ...production, PUSHKA_ORGANIZATION_ID: '' })).toThrow(/PUSHKA_API_KEY/);
    expect(loadConfig(production).pushkin).toMatchObject({
      enabled: true,
      registryUrl: 'https://pushka.gosuslugi.ru/api/v1',
      apiKey: 'registry-key',
      organizationId: '12345',
    });
    // Outside production an unset address is the emulator's: the card stays accepted.
    expect(loadConfig({}).pushkin).toMatchObject({ enabled: true, registryUrl: undefined });
  });

  it('trusts no proxy in production unless TRUST_PROXY says which', () => {
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: 'uniquelocal, 10.0.0.0/8' }).trustProxy).toBe(
      'uniquelocal, 10.0.0.0/8',
    );
    expect(loadConfig({ ...production, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe('loopback');
  });

  it('refuses a time zone that does not exist, naming CINEMA_TIMEZONE', () => {
    expect(loadConfig({ CINEMA_TIMEZONE: 'Asia/Yekaterinburg' }).cinemaTimeZone).toBe('Asia/Yekaterinburg');
    expect(() => loadConfig({ CINEMA_TIMEZONE: 'Europe/Atlantis' })).toThrow(ConfigError);
    expect(() => loadConfig({ CINEMA_TIMEZONE: 'Europe/Atlantis' })).toThrow(/CINEMA_TIMEZONE: must be an IANA/);
  });
});
