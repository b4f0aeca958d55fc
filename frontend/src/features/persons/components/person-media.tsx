import type { PersonDetail } from '@kino/backend/contract';
import { paths } from '../../../config/paths';
import { genreLine } from '../../../shared/lib/format';
import { PhotoSlider } from '../../../shared/ui/photo-slider';
import { MediaCard } from '../../../shared/ui/media-card';
import { Section } from '../../../shared/ui/section';
import { Slider } from '../../../shared/ui/slider';

const PER_VIEW = 3;

/** The person's photos (open the viewer) and filmography (to the films' pages). */
export function PersonMedia({ person }: { person: PersonDetail }) {
  return (
    <>
      <Section id="person-photos" title="Фотографии">
        <PhotoSlider photos={person.photo} caption={person.fio} label="Фотографии" perView={PER_VIEW} />
      </Section>
      <Section id="person-films" title="Фильмография">
        <Slider
          items={person.movies}
          label="Фильмография"
          perView={PER_VIEW}
          getKey={(m) => m.id}
          renderItem={(movie) => (
            <MediaCard
              to={paths.film(movie.id)}
              image={movie.promo_img ?? movie.poster}
              alt={movie.title}
              shape="landscape"
              title={movie.title}
            >
              {[movie.year, genreLine(movie.genres)].filter(Boolean).join(' · ')}
            </MediaCard>
          )}
        />
      </Section>
    </>
  );
}
