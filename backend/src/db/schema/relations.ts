/**
 * The relations drizzle's relational queries follow (`db.query.sessions.findMany({ with: { film: true } })`).
 * They name tables of every file, so they live here, in the one file that imports them all: the domain files
 * import only the tables their foreign keys name, without a cycle.
 */
import { relations } from 'drizzle-orm';
import { users } from './people';
import {
  films,
  genres,
  countries,
  filmGenres,
  filmCountries,
  persons,
  filmPersons,
  personPhotos,
  filmPhotos,
  filmVideos,
} from './catalog';
import { halls, seatZones, hallSeats } from './halls';
import { ticketTypes, priceCards, priceCardPrices, priceRules } from './prices';
import { sessions } from './sessions';
import { promoCodes, promoCodeFilms, promoCodeSessions } from './promo-codes';
import { shifts, orders, payments, tickets, refunds, orderEvents } from './sales';
import { pushkinTickets } from './pushkin';
import { reviews, news, newsItems, favouriteFilms, favouritePersons } from './content';

export const usersRelations = relations(users, ({ many }) => ({
  tickets: many(tickets),
  reviews: many(reviews),
  news: many(news),
  favouriteFilms: many(favouriteFilms),
  favouritePersons: many(favouritePersons),
}));

export const filmsRelations = relations(films, ({ many }) => ({
  genres: many(filmGenres),
  countries: many(filmCountries),
  persons: many(filmPersons),
  photos: many(filmPhotos),
  videos: many(filmVideos),
  sessions: many(sessions),
  reviews: many(reviews),
}));

export const genresRelations = relations(genres, ({ many }) => ({ films: many(filmGenres) }));
export const countriesRelations = relations(countries, ({ many }) => ({ films: many(filmCountries) }));

export const filmGenresRelations = relations(filmGenres, ({ one }) => ({
  film: one(films, { fields: [filmGenres.filmId], references: [films.id] }),
  genre: one(genres, { fields: [filmGenres.genreId], references: [genres.id] }),
}));

export const filmCountriesRelations = relations(filmCountries, ({ one }) => ({
  film: one(films, { fields: [filmCountries.filmId], references: [films.id] }),
  country: one(countries, { fields: [filmCountries.countryId], references: [countries.id] }),
}));

export const personsRelations = relations(persons, ({ many }) => ({
  films: many(filmPersons),
  photos: many(personPhotos),
}));

export const filmPersonsRelations = relations(filmPersons, ({ one }) => ({
  film: one(films, { fields: [filmPersons.filmId], references: [films.id] }),
  person: one(persons, { fields: [filmPersons.personId], references: [persons.id] }),
}));

export const personPhotosRelations = relations(personPhotos, ({ one }) => ({
  person: one(persons, { fields: [personPhotos.personId], references: [persons.id] }),
}));

export const filmPhotosRelations = relations(filmPhotos, ({ one }) => ({
  film: one(films, { fields: [filmPhotos.filmId], references: [films.id] }),
}));

export const filmVideosRelations = relations(filmVideos, ({ one }) => ({
  film: one(films, { fields: [filmVideos.filmId], references: [films.id] }),
}));

export const hallsRelations = relations(halls, ({ many }) => ({ sessions: many(sessions), seats: many(hallSeats) }));

export const hallSeatsRelations = relations(hallSeats, ({ one }) => ({
  hall: one(halls, { fields: [hallSeats.hallId], references: [halls.id] }),
  zone: one(seatZones, { fields: [hallSeats.zoneCode], references: [seatZones.code] }),
}));

export const priceCardsRelations = relations(priceCards, ({ many }) => ({
  prices: many(priceCardPrices),
  rules: many(priceRules),
}));

export const priceCardPricesRelations = relations(priceCardPrices, ({ one }) => ({
  card: one(priceCards, { fields: [priceCardPrices.cardId], references: [priceCards.id] }),
}));

export const priceRulesRelations = relations(priceRules, ({ one }) => ({
  card: one(priceCards, { fields: [priceRules.cardId], references: [priceCards.id] }),
}));

export const promoCodesRelations = relations(promoCodes, ({ many }) => ({
  films: many(promoCodeFilms),
  sessions: many(promoCodeSessions),
}));

export const promoCodeFilmsRelations = relations(promoCodeFilms, ({ one }) => ({
  promoCode: one(promoCodes, { fields: [promoCodeFilms.promoCodeId], references: [promoCodes.id] }),
}));

export const promoCodeSessionsRelations = relations(promoCodeSessions, ({ one }) => ({
  promoCode: one(promoCodes, { fields: [promoCodeSessions.promoCodeId], references: [promoCodes.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  film: one(films, { fields: [sessions.filmId], references: [films.id] }),
  hall: one(halls, { fields: [sessions.hallId], references: [halls.id] }),
  priceCard: one(priceCards, { fields: [sessions.priceCardId], references: [priceCards.id] }),
  tickets: many(tickets),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  session: one(sessions, { fields: [orders.sessionId], references: [sessions.id] }),
  promoCode: one(promoCodes, { fields: [orders.promoCodeId], references: [promoCodes.id] }),
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  seller: one(users, { fields: [orders.soldBy], references: [users.id] }),
  shift: one(shifts, { fields: [orders.shiftId], references: [shifts.id] }),
  tickets: many(tickets),
  payments: many(payments),
  refunds: many(refunds),
  events: many(orderEvents),
}));

export const shiftsRelations = relations(shifts, ({ one, many }) => ({
  cashier: one(users, { fields: [shifts.cashierId], references: [users.id] }),
  orders: many(orders),
  refunds: many(refunds),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
  ticket: one(tickets, { fields: [refunds.ticketId], references: [tickets.id] }),
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
  shift: one(shifts, { fields: [refunds.shiftId], references: [shifts.id] }),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
  actor: one(users, { fields: [orderEvents.actorId], references: [users.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  order: one(orders, { fields: [tickets.orderId], references: [orders.id] }),
  session: one(sessions, { fields: [tickets.sessionId], references: [sessions.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
  zone: one(seatZones, { fields: [tickets.zoneCode], references: [seatZones.code] }),
  ticketType: one(ticketTypes, { fields: [tickets.ticketTypeCode], references: [ticketTypes.code] }),
  refunds: many(refunds),
  pushkin: one(pushkinTickets, { fields: [tickets.id], references: [pushkinTickets.ticketId] }),
}));

export const pushkinTicketsRelations = relations(pushkinTickets, ({ one }) => ({
  ticket: one(tickets, { fields: [pushkinTickets.ticketId], references: [tickets.id] }),
  order: one(orders, { fields: [pushkinTickets.orderId], references: [orders.id] }),
  session: one(sessions, { fields: [pushkinTickets.sessionId], references: [sessions.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  film: one(films, { fields: [reviews.filmId], references: [films.id] }),
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));

export const newsRelations = relations(news, ({ one, many }) => ({
  user: one(users, { fields: [news.userId], references: [users.id] }),
  items: many(newsItems),
}));

export const newsItemsRelations = relations(newsItems, ({ one }) => ({
  news: one(news, { fields: [newsItems.newsId], references: [news.id] }),
}));

export const favouriteFilmsRelations = relations(favouriteFilms, ({ one }) => ({
  user: one(users, { fields: [favouriteFilms.userId], references: [users.id] }),
  film: one(films, { fields: [favouriteFilms.filmId], references: [films.id] }),
}));

export const favouritePersonsRelations = relations(favouritePersons, ({ one }) => ({
  user: one(users, { fields: [favouritePersons.userId], references: [users.id] }),
  person: one(persons, { fields: [favouritePersons.personId], references: [persons.id] }),
}));
