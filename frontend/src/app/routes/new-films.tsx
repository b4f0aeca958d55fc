import { NewFilmsList } from '../../features/films/components/new-films-list';
import { useDocumentTitle } from '../../shared/lib/page-meta';

/** /films/new: every new film. */
export default function NewFilmsPage() {
  useDocumentTitle('Новинки');
  return (
    <>
      <h1>Новинки</h1>
      <NewFilmsList />
    </>
  );
}
