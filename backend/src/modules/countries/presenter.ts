import type { Country, FilmCountry } from '../../contract/catalog';
import type { schema } from '../../db';

type CountryRow = Pick<typeof schema.countries.$inferSelect, 'id' | 'name'>;

export const presentCountry = (row: CountryRow): Country => ({ id: row.id, name: row.name });

/** A film's countries as `countries[].country.name`, alphabetical. */
export function presentFilmCountries(links: { country: CountryRow }[]): FilmCountry[] {
  return links
    .map(({ country }) => ({ country_id: country.id, country: presentCountry(country) }))
    .sort((a, b) => a.country.name.localeCompare(b.country.name, 'ru'));
}

/** The relational-query `with` that loads what presentFilmCountries needs. */
export const withFilmCountries = { countries: { with: { country: true } } } as const;
