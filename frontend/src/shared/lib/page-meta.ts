/**
 * A page's title, description and image: written into the HTML's <head> by the server render (with
 * the canonical address, Open Graph and Twitter card tags), kept in the tab's title and the
 * description as the viewer moves between pages in the browser.
 */
import { CINEMA } from '@kino/backend/contract';
import { useEffect } from 'react';
import { useServerMeta, type PageMeta } from '../ssr/server-render';

export type { PageMeta };

/** What a page without a description of its own says. */
export const DEFAULT_DESCRIPTION = `${CINEMA.name}: афиша, расписание сеансов, покупка билетов онлайн, новости и акции.`;

/** 'Фильмы — Кинотеатр «Ракета»'; the cinema's name alone without a title. */
export const fullTitle = (title?: string) => (title ? `${title} — ${CINEMA.name}` : CINEMA.name);

export function usePageMeta(meta: PageMeta): void {
  useServerMeta(meta);
  const { title, description = DEFAULT_DESCRIPTION } = meta;
  useEffect(() => {
    document.title = fullTitle(title);
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** A list page's preview picture: the first of its films with one (its promo image, else its poster). */
export const firstFilmPicture = (
  films: readonly { promo_img: string | null; poster: string | null }[],
): string | undefined =>
  films.map((film) => film.promo_img ?? film.poster).find((picture) => picture != null) ?? undefined;

/** A page known by its title only. */
export const useDocumentTitle = (title?: string) => usePageMeta({ title });
