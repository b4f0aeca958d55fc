/**
 * Structured data of rendered pages, checked as search engines read it: the JSON-LD blocks of the
 * HTML go through @adobe/structured-data-validator, which carries Google's rich result rules for
 * offers, ratings, reviews, videos, people, organisations and list items. For the types it has no
 * rules for yet, handlers in its own form add Google's required and recommended properties from
 * the rich result documentation (Event, Movie, Article, LocalBusiness).
 */
import Validator, { type Issue } from '@adobe/structured-data-validator';
import BaseValidator from '@adobe/structured-data-validator/src/types/base.js';

type Condition = ReturnType<BaseValidator['required']>;

/** A handler from Google's lists: required ones are errors, recommended ones warnings. */
const handler = (conditions: (v: BaseValidator) => Condition[]) => () =>
  Promise.resolve({
    default: class extends BaseValidator {
      override getConditions() {
        return conditions(this).map((c) => c.bind(this));
      }
    },
  });

// https://developers.google.com/search/docs/appearance/structured-data/event
const event = handler((v) => [
  v.required('name', 'string'),
  v.required('startDate', 'date'),
  v.required('location'),
  v.required('location.address'),
  v.recommended('description', 'string'),
  v.recommended('endDate', 'date'),
  v.recommended('eventAttendanceMode'),
  v.recommended('eventStatus'),
  v.recommended('image'),
  v.recommended('organizer'),
]);
// Google's event offers: price, currency, availability, the page to buy on.
const screening = handler((v) => [
  v.recommended('offers'),
  v.recommended('offers.price', 'number'),
  v.recommended('offers.priceCurrency', 'currency'),
  v.recommended('offers.availability'),
  v.recommended('offers.url', 'url'),
  v.recommended('offers.validFrom', 'date'),
  v.recommended('performer'),
]);
// https://developers.google.com/search/docs/appearance/structured-data/movie
const movie = handler((v) => [
  v.required('name', 'string'),
  v.required('image'),
  v.recommended('dateCreated'),
  v.recommended('director'),
  v.recommended('duration', 'duration'),
]);
// https://developers.google.com/search/docs/appearance/structured-data/article
const article = handler((v) => [
  v.recommended('headline', 'string'),
  v.recommended('image'),
  v.recommended('datePublished', 'date'),
  v.recommended('dateModified', 'date'),
  v.recommended('author'),
  v.recommended('author.name', 'string'),
]);
// https://developers.google.com/search/docs/appearance/structured-data/local-business (the
// business itself; a reference to it, e.g. a screening's hall in it, names it only)
const localBusiness = handler((v) => [
  v.required('name', 'string'),
  v.required('address'),
  ...(v.path.length > 1 ? [] : businessDetails(v)),
]);
const businessDetails = (v: BaseValidator) => [
  v.recommended('address.streetAddress', 'string'),
  v.recommended('address.addressLocality', 'string'),
  v.recommended('address.addressCountry', 'string'),
  v.recommended('geo.latitude', 'number'),
  v.recommended('geo.longitude', 'number'),
  v.recommended('openingHoursSpecification'),
  v.recommended('telephone', 'string'),
  v.recommended('url', 'url'),
];

/** The JSON-LD items of a page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

/** Every issue the validator finds in a page's JSON-LD, errors and warnings alike. */
export async function validateStructuredData(html: string): Promise<Issue[]> {
  const validator = new Validator();
  const handlers = validator.registeredHandlers;
  handlers.Event = [event];
  handlers.SaleEvent = [event];
  handlers.ScreeningEvent = [event, screening];
  handlers.Movie = [movie];
  handlers.NewsArticle = [article];
  handlers.MovieTheater = [localBusiness];
  const byType: Record<string, object[]> = {};
  for (const item of jsonLdOf(html)) (byType[String(item['@type'])] ??= []).push(item);
  return validator.validate({ jsonld: byType });
}
