import { toCinemaDate } from '@kino/backend/contract';
import { useCinema } from '../../shared/cinema/use-cinema';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { usePerson } from '../../features/persons/api/persons';
import { PersonMedia } from '../../features/persons/components/person-media';
import { PersonProfile } from '../../features/persons/components/person-profile';
import { usePageMeta } from '../../shared/lib/page-meta';
import { Missing } from '../../shared/ui/missing';
import { QueryState } from '../../shared/ui/query-state';

/** /persons/{id}: photo and facts, photos, filmography. */
export default function PersonPage() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  const data = person.data;
  const cinema = useCinema();
  usePageMeta(
    data
      ? {
          title: data.fio,
          description: cinema
            ? `${data.fio}: фильмы в кинотеатре «${cinema.short_name}», фото.`
            : `${data.fio}: фильмы, фото.`,
          image: data.main_img,
          type: 'profile',
        }
      : { title: 'Персона' },
  );
  return (
    <QueryState
      query={person}
      loading="Загрузка..."
      error="Не удалось загрузить страницу персоны"
      notFound={<Missing title="Персона не найдена" back={{ to: paths.films, label: 'К фильмам' }} />}
    >
      {(data) => (
        <>
          <PersonProfile
            person={data}
            today={toCinemaDate(new Date())}
            actions={<FavouriteButton kind="person" id={data.id} />}
          />
          <PersonMedia person={data} />
        </>
      )}
    </QueryState>
  );
}
