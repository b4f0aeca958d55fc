import { useEffect } from 'react';
import { CINEMA } from '@kino/backend/contract';

/** Sets the browser tab's title: 'Фильмы — Кинотеатр «Ракета»'; the cinema's name alone without one. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${CINEMA.name}` : CINEMA.name;
  }, [title]);
}
