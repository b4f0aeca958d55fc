/**
 * The data model (docs/product.md §3), one file per domain, every table and relation re-exported here: the
 * app's `import * as schema from './schema'` (db/index.ts) and drizzle-kit (backend/drizzle.config.ts) both
 * read this file. Constraints carry the rules so that no code path can break them: seat codes, roles,
 * reactions, watching states, and one live ticket per seat and session.
 *
 * - people.ts: accounts, sign-in tokens, password reset links;
 * - legal.ts: the cinema's documents and the consents given to them;
 * - catalog.ts: films, genres, countries, persons, their photos and videos;
 * - halls.ts: halls, seat zones and each hall's plan;
 * - prices.ts: ticket types, price cards and the rules that suggest a card;
 * - sessions.ts: the screenings;
 * - promo-codes.ts: promo codes and the films and sessions they are for;
 * - sales.ts: shifts, orders, payments, tickets, refunds and the orders' audit trail;
 * - pushkin.ts, fiscal.ts, eais.ts: what the Pushkin card registry, the cash register and ЕАИС are told;
 * - content.ts: reviews, news, promotions, favourites, achievements;
 * - system.ts: the outbox and the cinema's details;
 * - relations.ts: the relations drizzle's queries follow, between tables of every file.
 *
 * A file imports the tables its foreign keys name and never one that imports it back; columns.ts holds the
 * column helpers they share. A change here gets a generated migration (docs/conventions.md, "Backend").
 */
export * from './people';
export * from './legal';
export * from './catalog';
export * from './halls';
export * from './prices';
export * from './sessions';
export * from './promo-codes';
export * from './sales';
export * from './pushkin';
export * from './fiscal';
export * from './eais';
export * from './content';
export * from './system';
export * from './relations';
