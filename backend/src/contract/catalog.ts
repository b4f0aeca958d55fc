/** Reference lists: genres, countries, halls (GET /api/genres, /api/countries, /api/halls). */
import { pageSchema, StaffPageQuerySchema } from './common';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { z } from './zod';

export const GenreSchema = z.strictObject({ id: z.number().int(), name: z.string() });
export type Genre = z.infer<typeof GenreSchema>;
export const GenreListSchema = z.array(GenreSchema);

export const CountrySchema = z.strictObject({ id: z.number().int(), name: z.string() });
export type Country = z.infer<typeof CountrySchema>;
export const CountryListSchema = z.array(CountrySchema);

/** A hall, named as the cinema shows it ('Кинотеатр … Зал N'); capacity in seats. */
export const HallSchema = z.strictObject({ id: z.number().int(), name: z.string(), capacity: z.number().int() });
export type Hall = z.infer<typeof HallSchema>;
export const HallListSchema = z.array(HallSchema);

/** A film's genre as SPEC writes it: `genres[].genre.name`. */
export const FilmGenreSchema = z.strictObject({ genre_id: z.number().int(), genre: GenreSchema });
export type FilmGenre = z.infer<typeof FilmGenreSchema>;

/** A film's country as SPEC writes it: `countries[].country.name`. */
export const FilmCountrySchema = z.strictObject({ country_id: z.number().int(), country: CountrySchema });
export type FilmCountry = z.infer<typeof FilmCountrySchema>;

export const catalogEndpoints = {
  'GET /genres': { summary: 'Жанры по алфавиту', access: PUBLIC, response: GenreListSchema },
  'GET /countries': { summary: 'Страны по алфавиту', access: PUBLIC, response: CountryListSchema },
  'GET /halls': { summary: 'Залы кинотеатра', access: PUBLIC, response: HallListSchema },
  'GET /genres/admin': {
    summary: 'Жанры постранично для панели; q — поиск',
    access: requires('genres', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(GenreSchema),
  },
  'GET /countries/admin': {
    summary: 'Страны постранично для панели; q — поиск',
    access: requires('countries', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(CountrySchema),
  },
  'GET /halls/admin': {
    summary: 'Залы постранично для панели: название и число мест',
    access: requires('halls', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(HallSchema),
  },
} as const satisfies EndpointMap;
