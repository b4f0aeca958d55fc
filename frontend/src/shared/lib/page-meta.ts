/**
 * A page's title, description and image: written into the HTML's <head> by the server render (with
 * the canonical address, Open Graph and Twitter card tags), kept in the tab's title and the
 * description as the viewer moves between pages in the browser.
 */
import { cinemaName } from '@kino/backend/contract';
import { useEffect } from 'react';
import { useCinema } from '../cinema/use-cinema';
import { useServerMeta, type PageMeta } from '../ssr/server-render';

export type { PageMeta };

/** What a page without a description of its own says; `cinema` is the cinema's name (the settings). */
export const defaultDescription = (cinema: string) =>
  `${cinema}: афиша, расписание сеансов, покупка билетов онлайн, новости и акции.`;

/** 'Фильмы — Кинотеатр «Ракета»'; the cinema's name alone without a title. */
export const fullTitle = (cinema: string, title?: string) => (title ? `${title} — ${cinema}` : cinema);

export function usePageMeta(meta: PageMeta): void {
  useServerMeta(meta);
  const cinema = cinemaName(useCinema());
  const { title, description = defaultDescription(cinema) } = meta;
  useEffect(() => {
    document.title = fullTitle(cinema, title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [cinema, title, description]);
}

/** A list page's preview picture: the first of its films with one (its promo image, else its poster). */
export const firstFilmPicture = (
  films: readonly { promo_img: string | null; poster: string | null }[],
): string | undefined =>
  films.map((film) => film.promo_img ?? film.poster).find((picture) => picture != null) ?? undefined;

/** A page known by its title only. */
export const useDocumentTitle = (title?: string) => usePageMeta({ title });
