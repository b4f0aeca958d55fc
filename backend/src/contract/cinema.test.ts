import { describe, expect, it } from 'vitest';
import { cinemaAddress, isValidInn, isValidOgrn, mapFrameUrl, phoneHref } from './cinema';

describe('the legal entity’s registration numbers', () => {
  it('accepts an ИНН whose check digits agree (10 digits for an organisation, 12 for an ИП)', () => {
    // Sberbank's, and ФНС's example of a person's.
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
  });

  it('refuses an ИНН with a wrong check digit, a wrong length or other characters', () => {
    for (const inn of ['7707083894', '500100732258', '500100732269', '770708389', '77070838930', '77070838a3', '']) {
      expect(isValidInn(inn), inn).toBe(false);
    }
  });

  it('accepts an ОГРН (13 digits, mod 11) and an ОГРНИП (15 digits, mod 13) whose last digit agrees', () => {
    expect(isValidOgrn('1027700132195')).toBe(true);
    expect(isValidOgrn('304500116000157')).toBe(true);
  });

  it('refuses an ОГРН with a wrong last digit or length', () => {
    for (const ogrn of ['1027700132196', '304500116000158', '102770013219', '10277001321950', '1027700l32195']) {
      expect(isValidOgrn(ogrn), ogrn).toBe(false);
    }
  });
});

describe('what the pages derive from the settings', () => {
  const cinema = { city: 'Москва', street_address: 'ул. Покровка, 42', latitude: 55.7594, longitude: 37.6481 };

  it('dials a Russian number written from 8 or +7 as +7', () => {
    expect(phoneHref('+7 (495) 200-42-42')).toBe('tel:+74952004242');
    expect(phoneHref('8 (843) 200-00-07')).toBe('tel:+78432000007');
  });

  it('writes the address and pins the map at the coordinates', () => {
    expect(cinemaAddress(cinema)).toBe('Москва, ул. Покровка, 42');
    expect(mapFrameUrl(cinema)).toBe(
      'https://yandex.ru/map-widget/v1/?ll=37.6481%2C55.7594&z=16&pt=37.6481%2C55.7594%2Cpm2rdm',
    );
  });
});
