import { useNewFilms } from '../../features/films/api/films';
import { NewFilmsList } from '../../features/films/components/new-films-list';
import { firstFilmPicture, usePageMeta } from '../../shared/lib/page-meta';
import { summary } from '../../shared/lib/summary';

/** /films/new: every new film. */
export default function NewFilmsPage() {
  const films = useNewFilms().data ?? [];
  usePageMeta({
    title: 'Новинки',
    description: summary(
      films.length
        ? `Новинки проката: ${films.map((film) => `${film.title} (${film.age}+)`).join(', ')}. Сеансы и билеты онлайн.`
        : 'Новинок в прокате пока нет: загляните в афишу позже.',
    ),
    image: firstFilmPicture(films),
  });
  return (
    <>
      <h1>Новинки</h1>
      <NewFilmsList />
    </>
  );
}
