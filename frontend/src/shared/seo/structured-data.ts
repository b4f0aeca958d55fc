/**
 * The site's structured data (schema.org, typed by schema-dts), as Google's Movie, Event and Article
 * rich results and Yandex's film snippet (one Movie per page) ask for it: the cinema on every page,
 * a film with its coming screenings, the bill as a list, a news article, a promotion.
 */
import {
  mapsUrl,
  toCinemaIso,
  trailerEmbed,
  type CinemaSettings,
  type FilmDetail,
  type NewsDetail,
  type Session,
  type Stock,
} from '@kino/backend/contract';
import type {
  Country,
  ItemList,
  MovieTheater,
  Movie,
  NewsArticle,
  Person,
  Place,
  SaleEvent,
  ScreeningEvent,
  WithContext,
} from 'schema-dts';
import { imageUrl } from '../lib/image';

const CONTEXT = 'https://schema.org' as const;

/** Where the data is published: the site's address (PUBLIC_URL) and the cinema it describes (the settings). */
export interface SeoSite {
  url: string;
  cinema: CinemaSettings;
}

/** An address of the site made absolute. */
const absolute = (site: SeoSite, path: string) => new URL(path, `${site.url}/`).href;
const image = (site: SeoSite, value: string | null | undefined) => {
  const url = imageUrl(value);
  return url ? absolute(site, url) : undefined;
};

const theaterId = (site: SeoSite) => absolute(site, '/#theater');
const postalAddress = ({ cinema }: SeoSite) =>
  ({
    '@type': 'PostalAddress',
    streetAddress: cinema.street_address,
    addressLocality: cinema.city,
    ...(cinema.postal_code ? { postalCode: cinema.postal_code } : {}),
    addressCountry: 'RU',
  }) as const;
const theaterRef = (site: SeoSite) =>
  ({ '@type': 'MovieTheater', '@id': theaterId(site), name: site.cinema.name, address: postalAddress(site) }) as const;
const organizer = (site: SeoSite) =>
  ({ '@type': 'Organization', name: site.cinema.name, url: absolute(site, '/') }) as const;

/** The cinema: name, address, phone, e-mail, place on the map, opening hours, its pages elsewhere. */
export function movieTheater(site: SeoSite): WithContext<MovieTheater> {
  const { cinema } = site;
  return {
    '@context': CONTEXT,
    '@type': 'MovieTheater',
    '@id': theaterId(site),
    name: cinema.name,
    url: absolute(site, '/'),
    telephone: cinema.phone,
    email: cinema.email,
    address: postalAddress(site),
    geo: { '@type': 'GeoCoordinates', latitude: cinema.latitude, longitude: cinema.longitude },
    hasMap: mapsUrl(cinema),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: [
        'https://schema.org/Monday',
        'https://schema.org/Tuesday',
        'https://schema.org/Wednesday',
        'https://schema.org/Thursday',
        'https://schema.org/Friday',
        'https://schema.org/Saturday',
        'https://schema.org/Sunday',
      ],
      opens: cinema.opens,
      closes: cinema.closes,
    },
    sameAs: cinema.social.map((s) => s.url),
  };
}

/** Minutes as ISO 8601: 'PT2H15M'. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

const person = (site: SeoSite, p: FilmDetail['persons'][number]): Person => ({
  '@type': 'Person',
  name: p.person.fio,
  url: absolute(site, `/persons/${p.person.id}`),
});

/** The theater's hall a session is in. */
const hall = (site: SeoSite, session: Session): Place => ({
  '@type': 'Place',
  name: session.hall.name,
  address: postalAddress(site),
  containedInPlace: theaterRef(site),
});

/** A film page: the film (Movie) and one ScreeningEvent per session still to come. */
export function filmStructuredData(
  site: SeoSite,
  film: FilmDetail,
  now: string,
): [WithContext<Movie>, ...WithContext<ScreeningEvent>[]] {
  const url = absolute(site, `/films/${film.id}`);
  const movieId = `${url}#movie`;
  const poster = image(site, film.poster ?? film.promo_img);
  const directors = film.persons.filter((p) => p.role === 'director');
  const actors = film.persons.filter((p) => p.role === 'actor');
  const positive = film.review.filter((r) => r.type_rating === 1).length;
  const embed = trailerEmbed(film.trailer);
  const movie: WithContext<Movie> = {
    '@context': CONTEXT,
    '@type': 'Movie',
    '@id': movieId,
    name: film.title,
    url,
    ...(poster ? { image: poster } : {}),
    description: film.description,
    genre: film.genres.map((g) => g.genre.name),
    duration: isoDuration(film.time),
    contentRating: `${film.age}+`,
    ...(film.year ? { dateCreated: String(film.year) } : {}),
    countryOfOrigin: film.countries.map((c): Country => ({ '@type': 'Country', name: c.country.name })),
    director: directors.map((p) => person(site, p)),
    actor: actors.map((p) => person(site, p)),
    // Viewers' reviews are for or against: the share for, on a 1–5 scale.
    ...(film.review.length
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round((1 + (4 * positive) / film.review.length) * 10) / 10,
            bestRating: 5,
            worstRating: 1,
            ratingCount: film.review.length,
            reviewCount: film.review.length,
          },
          review: film.review.map((r) => ({
            '@type': 'Review' as const,
            name: r.title,
            reviewBody: r.comment,
            datePublished: r.created_at,
            author: { '@type': 'Person' as const, name: r.user.fio },
            reviewRating: {
              '@type': 'Rating' as const,
              ratingValue: r.type_rating === 1 ? 5 : 1,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
    ...(film.trailer && embed
      ? {
          trailer: {
            '@type': 'VideoObject',
            name: `Трейлер «${film.title}»`,
            description: film.description || film.title,
            ...(poster ? { thumbnailUrl: poster } : {}),
            embedUrl: embed.src,
            url: film.trailer,
            // Google's video results require it: the trailer is published here with the film's page.
            uploadDate: film.created_at,
          },
        }
      : {}),
  };
  const screenings = film.schedule
    .filter((s) => s.start_time > now)
    .map((s): WithContext<ScreeningEvent> => ({
      '@context': CONTEXT,
      '@type': 'ScreeningEvent',
      name: `${film.title} — ${s.start_time.slice(0, 16)}`,
      description: film.description || film.title,
      ...(poster ? { image: poster } : {}),
      startDate: toCinemaIso(s.start_time),
      endDate: toCinemaIso(s.end_time),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: hall(site, s),
      organizer: organizer(site),
      performer: [...directors, ...actors].slice(0, 5).map((p) => person(site, p)),
      workPresented: { '@id': movieId },
      videoFormat: film.type_graphic,
      inLanguage: 'ru',
      // Subtitles for the deaf and hard of hearing are Russian (REGISTRIES.md §4.3).
      ...(s.subtitles ? { subtitleLanguage: 'ru' } : {}),
      offers: {
        '@type': 'Offer',
        price: s.price,
        priceCurrency: 'RUB',
        // The seats left, as the bill counts them.
        availability:
          s.count_close_seat < s.hall.capacity ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        url: absolute(site, `/?seats=${s.id}`),
        validFrom: toCinemaIso(s.start_time.slice(0, 10) + ' 00:00:00'),
      },
    }));
  return [movie, ...screenings];
}

/** The films of a list (the bill, the catalogue), each by its page. */
export function filmList(site: SeoSite, films: readonly { id: number; title: string }[]): WithContext<ItemList> {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: films.map((film, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: film.title,
      url: absolute(site, `/films/${film.id}`),
    })),
  };
}

/** A news article: headline, image, date, author, the cinema as publisher. */
export function newsArticle(site: SeoSite, items: NewsDetail): WithContext<NewsArticle> {
  const { news } = items[0]!;
  const text = items
    .map((item) => item.text ?? item.title ?? '')
    .join(' ')
    .trim();
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: news.title,
    url: absolute(site, `/news/${news.id}`),
    image: image(site, news.main_img) ?? [],
    datePublished: news.created_at,
    dateModified: news.created_at,
    ...(text ? { articleBody: text } : {}),
    author: { '@type': 'Person', name: news.user.fio },
    publisher: organizer(site),
  };
}

/** A promotion: a sale at the cinema from its start to its end. */
export function promotion(site: SeoSite, stock: Stock): WithContext<SaleEvent> {
  return {
    '@context': CONTEXT,
    '@type': 'SaleEvent',
    name: stock.title,
    description: stock.text,
    url: absolute(site, `/stocks/${stock.id}`),
    image: image(site, stock.img) ?? [],
    startDate: toCinemaIso(stock.date_start),
    endDate: toCinemaIso(stock.date_end),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: theaterRef(site),
    organizer: organizer(site),
  };
}
