import type { CinemaSettings, FilmDetail, Session } from '@kino/backend/contract';
import { describe, expect, it } from 'vitest';
import { filmStructuredData, isoDuration, movieTheater, type SeoSite } from './structured-data';

const SITE = 'https://kino.example';
const cinema: CinemaSettings = {
  name: 'Кинотеатр «Восход»',
  short_name: 'Восход',
  city: 'Казань',
  street_address: 'ул. Баумана, 7',
  postal_code: '420111',
  latitude: 55.7903,
  longitude: 49.1147,
  phone: '8 (843) 200-00-07',
  email: 'kassa@voshod.example',
  opens: '10:00',
  closes: '02:00',
  directions: [],
  parking: '',
  social: [{ name: 'Telegram', url: 'https://t.me/voshod' }],
  halls: [],
  legal_name: 'ООО «Восход»',
  inn: '7709424242',
  ogrn: '1027709424247',
  legal_address: 'Казань, ул. Баумана, 7',
  taxation: 'osn',
};
const site: SeoSite = { url: SITE, cinema };
const NOW = '2026-03-10 18:00:00';

const hall = { id: 3, name: 'Зал 1', capacity: 120 };

function session(id: number, start: string, sold: number, subtitles = false): Session {
  return {
    id,
    movie_id: 7,
    hall_id: hall.id,
    start_time: start,
    end_time: start.replace(/ (\d\d)/, (_, h: string) => ` ${String(Number(h) + 2).padStart(2, '0')}`),
    price: 450,
    hall,
    movie: {
      id: 7,
      title: 'Звёздный путь домой',
      poster: 'poster.webp',
      promo_img: null,
      time: 135,
      age: 16,
      type_graphic: 'IMAX',
    },
    count_close_seat: sold,
    ticket: [],
    price_card_id: null,
    subtitles,
    audio_description: false,
  };
}

const person = (id: number, role: string, fio: string) => ({
  id,
  role,
  position: null,
  person: { id: 100 + id, fio, main_img: null },
});

const film: FilmDetail = {
  id: 7,
  title: 'Звёздный путь домой',
  age: 16,
  year: 2025,
  rating: 7.8,
  poster: 'poster.webp',
  promo_img: 'promo.webp',
  type_graphic: 'IMAX',
  time: 135,
  is_rent: 1,
  genres: [
    { genre_id: 1, genre: { id: 1, name: 'фантастика' } },
    { genre_id: 2, genre: { id: 2, name: 'драма' } },
  ],
  countries: [
    { country_id: 1, country: { id: 1, name: 'Россия' } },
    { country_id: 2, country: { id: 2, name: 'США' } },
  ],
  description: 'Экипаж станции возвращается на Землю.',
  created_at: '2026-02-01T09:00:00.000Z',
  budget: null,
  trailer: 'https://www.youtube.com/watch?v=n9xhJrPXop4',
  kinopoisk_id: null,
  video: [],
  persons: [person(1, 'director', 'Тимур Газиев'), person(2, 'actor', 'Полина Грачёва')],
  photo: [],
  schedule: [
    // Started already: no screening for it.
    session(10, '2026-03-10 17:00:00', 0),
    session(11, '2026-03-10 19:30:00', 40, true),
    session(12, '2026-03-11 21:45:00', 120),
  ],
  review: [
    {
      id: 1,
      title: 'Красиво',
      comment: 'Пересмотрю.',
      created_at: '2026-03-01T10:00:00.000Z',
      type_rating: 1,
      user: { id: 5, fio: 'Анна Л.', avatar: null, provider: 'youth', reviews_count: 1 },
    },
    {
      id: 2,
      title: 'Скучно',
      comment: 'Долго.',
      created_at: '2026-03-02T10:00:00.000Z',
      type_rating: 2,
      user: { id: 6, fio: 'Олег П.', avatar: null, provider: 'youth', reviews_count: 3 },
    },
  ],
  no_discount_until: null,
  pu_number: null,
  pu_issued: null,
  pu_until: null,
  pu_reason: null,
  pushkin_event_id: null,
};

describe('filmStructuredData', () => {
  const [movie, ...screenings] = filmStructuredData(site, film, NOW) as unknown as Record<string, unknown>[];

  it('describes the film as one Movie with its genres, rating, countries, cast, duration and trailer', () => {
    expect(movie).toMatchObject({
      '@type': 'Movie',
      '@id': `${SITE}/films/7#movie`,
      name: 'Звёздный путь домой',
      image: `${SITE}/storage/images/poster.webp`,
      genre: ['фантастика', 'драма'],
      contentRating: '16+',
      duration: 'PT2H15M',
      dateCreated: '2025',
      countryOfOrigin: [
        { '@type': 'Country', name: 'Россия' },
        { '@type': 'Country', name: 'США' },
      ],
      director: [{ '@type': 'Person', name: 'Тимур Газиев', url: `${SITE}/persons/101` }],
      actor: [{ '@type': 'Person', name: 'Полина Грачёва', url: `${SITE}/persons/102` }],
      trailer: {
        '@type': 'VideoObject',
        name: 'Трейлер «Звёздный путь домой»',
        thumbnailUrl: `${SITE}/storage/images/poster.webp`,
        embedUrl: expect.stringContaining('n9xhJrPXop4'),
        url: 'https://www.youtube.com/watch?v=n9xhJrPXop4',
        uploadDate: '2026-02-01T09:00:00.000Z',
      },
    });
  });

  it('rates the film from its reviews, one for and one against making 3 of 5', () => {
    expect(movie!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 2,
      reviewCount: 2,
    });
    expect(
      (movie!.review as { author: { name: string }; reviewRating: { ratingValue: number } }[]).map((r) => [
        r.author.name,
        r.reviewRating.ratingValue,
      ]),
    ).toEqual([
      ['Анна Л.', 5],
      ['Олег П.', 1],
    ]);
    const unrated = filmStructuredData(site, { ...film, review: [] }, NOW)[0] as unknown as Record<string, unknown>;
    expect(unrated).not.toHaveProperty('aggregateRating');
    expect(unrated).not.toHaveProperty('review');
  });

  it('adds a ScreeningEvent per coming session with the cinema offset, format, language, hall and offer', () => {
    expect(screenings).toHaveLength(2);
    expect(screenings[0]).toMatchObject({
      '@type': 'ScreeningEvent',
      startDate: '2026-03-10T19:30:00+03:00',
      endDate: '2026-03-10T21:30:00+03:00',
      videoFormat: 'IMAX',
      inLanguage: 'ru',
      workPresented: { '@id': `${SITE}/films/7#movie` },
      location: {
        '@type': 'Place',
        name: 'Зал 1',
        containedInPlace: { '@type': 'MovieTheater', '@id': `${SITE}/#theater`, name: 'Кинотеатр «Восход»' },
      },
      organizer: { '@type': 'Organization', name: 'Кинотеатр «Восход»' },
      offers: {
        '@type': 'Offer',
        price: 450,
        priceCurrency: 'RUB',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/?seats=11`,
      },
    });
  });

  it('says SoldOut for a session whose live counts leave no seat', () => {
    expect((screenings[1]!.offers as { availability: string }).availability).toBe('https://schema.org/SoldOut');
    expect(screenings[1]!.startDate).toBe('2026-03-11T21:45:00+03:00');
  });

  it('gives a subtitled session its subtitles language, and a session without subtitles none', () => {
    expect(screenings[0]).toMatchObject({ subtitleLanguage: 'ru' });
    expect(screenings[1]).not.toHaveProperty('subtitleLanguage');
  });
});

describe('movieTheater', () => {
  it('describes the cinema from its settings: name, address, phone, e-mail, map, hours and pages elsewhere', () => {
    expect(movieTheater(site)).toMatchObject({
      '@type': 'MovieTheater',
      '@id': `${SITE}/#theater`,
      name: 'Кинотеатр «Восход»',
      telephone: '8 (843) 200-00-07',
      email: 'kassa@voshod.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'ул. Баумана, 7',
        addressLocality: 'Казань',
        postalCode: '420111',
        addressCountry: 'RU',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 55.7903, longitude: 49.1147 },
      hasMap:
        'https://yandex.ru/maps/?text=%D0%9A%D0%B0%D0%B7%D0%B0%D0%BD%D1%8C%2C%20%D1%83%D0%BB.%20%D0%91%D0%B0%D1%83%D0%BC%D0%B0%D0%BD%D0%B0%2C%207',
      openingHoursSpecification: { opens: '10:00', closes: '02:00' },
      sameAs: ['https://t.me/voshod'],
    });
  });
});

describe('isoDuration', () => {
  it('writes minutes as ISO 8601', () => {
    expect([isoDuration(135), isoDuration(120), isoDuration(45), isoDuration(0)]).toEqual([
      'PT2H15M',
      'PT2H',
      'PT45M',
      'PT0M',
    ]);
  });
});
