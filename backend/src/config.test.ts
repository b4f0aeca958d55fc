import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = { NODE_ENV: 'production', APP_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://kino.example.ru/' };

describe('loadConfig', () => {
  it('requires PUBLIC_URL in production and keeps it without a trailing slash', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: is required in production/);
    expect(loadConfig(production).publicUrl).toBe('https://kino.example.ru');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
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
