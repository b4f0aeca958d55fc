/** The settings row as the contract names it, and the contract's body as the row's values. */
import type { CinemaSettings } from '../../contract/settings';
import type { schema } from '../../db';

type Row = typeof schema.cinemaSettings.$inferSelect;
type Values = Omit<typeof schema.cinemaSettings.$inferInsert, 'id' | 'updatedAt' | 'updatedBy'>;

export function presentCinemaSettings(row: Row): CinemaSettings {
  return {
    name: row.name,
    short_name: row.shortName,
    city: row.city,
    street_address: row.streetAddress,
    postal_code: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
    opens: row.opens,
    closes: row.closes,
    directions: row.directions,
    parking: row.parking,
    social: row.social,
    halls: row.halls,
    legal_name: row.legalName,
    inn: row.inn,
    ogrn: row.ogrn,
    legal_address: row.legalAddress,
    taxation: row.taxation,
  };
}

export function cinemaSettingsValues(settings: CinemaSettings): Values {
  return {
    name: settings.name,
    shortName: settings.short_name,
    city: settings.city,
    streetAddress: settings.street_address,
    postalCode: settings.postal_code,
    latitude: settings.latitude,
    longitude: settings.longitude,
    phone: settings.phone,
    email: settings.email,
    opens: settings.opens,
    closes: settings.closes,
    directions: settings.directions,
    parking: settings.parking,
    social: settings.social,
    halls: settings.halls,
    legalName: settings.legal_name,
    inn: settings.inn,
    ogrn: settings.ogrn,
    legalAddress: settings.legal_address,
    taxation: settings.taxation,
  };
}
