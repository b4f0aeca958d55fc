/**
 * The answers of the Kinopoisk API Unofficial that the import reads, as its OpenAPI document
 * describes them (see client.ts for the sources). Only the fields we use are listed; others are
 * ignored. Fields the document marks nullable — and a few it does not but real answers leave out
 * (coverUrl, posterUrl of people without a photo) — are optional here, so a film with gaps still
 * imports with what it has.
 */
import { z } from 'zod';

const text = z.string().nullish();

/** GET /api/v2.2/films/{id} */
export const KpFilmSchema = z.object({
  kinopoiskId: z.number().int(),
  nameRu: text,
  nameEn: text,
  nameOriginal: text,
  posterUrl: text,
  coverUrl: text,
  ratingKinopoisk: z.number().nullish(),
  year: z.number().int().nullish(),
  /** Minutes. */
  filmLength: z.number().int().nullish(),
  description: text,
  shortDescription: text,
  /** 'age0', 'age6', 'age12', 'age16', 'age18'. */
  ratingAgeLimits: text,
  countries: z.array(z.object({ country: z.string() })).default([]),
  genres: z.array(z.object({ genre: z.string() })).default([]),
});
export type KpFilm = z.infer<typeof KpFilmSchema>;

/** GET /api/v1/staff?filmId={id}: everyone who worked on the film, directors first, then actors. */
export const KpStaffSchema = z.array(
  z.object({
    staffId: z.number().int(),
    nameRu: text,
    nameEn: text,
    /** For an actor, the character played. */
    description: text,
    posterUrl: text,
    /** Plural, e.g. 'Режиссеры'. */
    professionText: text,
    /** DIRECTOR, ACTOR, PRODUCER, WRITER, OPERATOR, COMPOSER, DESIGN, EDITOR, TRANSLATOR, VOICE_DIRECTOR, PRODUCER_USSR, UNKNOWN. */
    professionKey: z.string(),
  }),
);
export type KpStaffMember = z.infer<typeof KpStaffSchema>[number];

/** GET /api/v1/staff/{id} */
export const KpPersonSchema = z.object({
  personId: z.number().int(),
  nameRu: text,
  nameEn: text,
  posterUrl: text,
  /** 'YYYY-MM-DD' */
  birthday: text,
  birthplace: text,
  /** Comma-separated careers, e.g. 'Актер, Продюсер, Сценарист'. */
  profession: text,
});
export type KpPerson = z.infer<typeof KpPersonSchema>;

/** GET /api/v2.2/films/{id}/images?type=STILL&page=N: at most 20 items a page. */
export const KpImagesSchema = z.object({
  total: z.number().int(),
  totalPages: z.number().int(),
  items: z.array(z.object({ imageUrl: z.string(), previewUrl: text })),
});
export type KpImages = z.infer<typeof KpImagesSchema>;

/** GET /api/v2.2/films/{id}/videos: site YOUTUBE, KINOPOISK_WIDGET, YANDEX_DISK or UNKNOWN (direct files). */
export const KpVideosSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ url: z.string(), name: text, site: text })),
});
export type KpVideos = z.infer<typeof KpVideosSchema>;

/** GET /api/v2.2/films/{id}/box_office: type BUDGET, RUS, USA, WORLD, MARKETING… */
export const KpBoxOfficeSchema = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({ type: z.string(), amount: z.number(), currencyCode: z.string(), name: text, symbol: text }),
  ),
});
export type KpBoxOffice = z.infer<typeof KpBoxOfficeSchema>;
