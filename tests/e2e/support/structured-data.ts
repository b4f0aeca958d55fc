/**
 * Structured data of rendered pages, checked as search engines read it. The JSON-LD blocks of the
 * HTML go through @adobe/structured-data-validator with two maintained sources and one short list:
 * - the schema.org vocabulary itself (every type and every property on its type), from the
 *   @vocabulary/schema package (schema.org's current release as N-Quads, read offline);
 * - the validator's own Google rich result rules for offers, ratings, reviews, videos, people,
 *   organisations and list items;
 * - for the types no npm library carries Google's or Yandex's rules for (Event, Movie, Article,
 *   LocalBusiness: neither this validator nor structured-data-testing-tool, whose Google preset has
 *   articles only), the required and recommended properties of Google's rich result pages below, as
 *   handlers in the validator's own form. The markup itself is typed by schema-dts where it is built
 *   (frontend/src/shared/seo/structured-data.ts). Yandex's film snippet adds one rule, one Movie a
 *   page, which the test checks itself.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
// https://developers.google.com/search/docs/appearance/structured-data/movie (and Yandex's film
// snippet, which reads the same properties)
const movie = handler((v) => [
  v.required('name', 'string'),
  v.required('image'),
  v.recommended('aggregateRating'),
  v.recommended('dateCreated'),
  v.recommended('director'),
  v.recommended('review'),
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

/**
 * schema.org's vocabulary in the shape the validator reads (the JSON-LD release's @graph: classes with
 * their parents, properties with the types they belong to), made once from the package's N-Quads.
 */
let vocabulary: { '@graph': object[] } | undefined;
function schemaOrg() {
  if (vocabulary) return vocabulary;
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve('@vocabulary/schema')), 'schema.nq');
  const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
  const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
  const SCHEMA = 'http://schema.org/';
  const terms = new Map<string, { '@id': string; '@type'?: string; parents: string[]; domains: string[] }>();
  const term = (id: string) => {
    let entry = terms.get(id);
    if (!entry) terms.set(id, (entry = { '@id': id, parents: [], domains: [] }));
    return entry;
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [, subject, predicate, object] = line.match(/^<([^>]+)> <([^>]+)> <([^>]+)>/) ?? [];
    if (!subject?.startsWith(SCHEMA)) continue;
    if (predicate === `${RDF}type` && object === `${RDFS}Class`) term(subject)['@type'] = 'rdfs:Class';
    else if (predicate === `${RDF}type` && object === `${RDF}Property`) term(subject)['@type'] = 'rdf:Property';
    else if (predicate === `${RDFS}subClassOf`) term(subject).parents.push(object!);
    else if (predicate === `${SCHEMA}domainIncludes`) term(subject).domains.push(object!);
  }
  const ids = (list: string[]) => list.map((id) => ({ '@id': id }));
  vocabulary = {
    '@graph': [...terms.values()]
      .filter((t) => t['@type'])
      .map((t) => ({
        '@id': t['@id'],
        '@type': t['@type'],
        'rdfs:subClassOf': ids(t.parents),
        'schema:domainIncludes': ids(t.domains),
      })),
  };
  return vocabulary;
}

/** Every issue the validator finds in a page's JSON-LD, errors and warnings alike. */
export async function validateStructuredData(html: string): Promise<Issue[]> {
  const validator = new Validator(schemaOrg());
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
