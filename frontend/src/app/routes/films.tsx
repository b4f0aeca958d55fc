import { FilmCatalogue } from '../../features/films/components/film-catalogue';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /films: the catalogue with genre and country filters. */
export default function FilmsPage() {
  useDocumentTitle('Фильмы');
  return (
    <>
      <h1>Фильмы</h1>
      <FilmCatalogue />
    </>
  );
}
