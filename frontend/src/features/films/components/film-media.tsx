import { ACTOR_ROLE, FILM_ROLE_LABELS, trailerEmbed, type FilmDetail } from '@kino/backend/contract';
import { paths } from '../../../config/paths';
import { PhotoSlider } from '../../../shared/ui/photo-slider';
import { MediaCard } from '../../../shared/ui/media-card';
import { Section } from '../../../shared/ui/section';
import { Slider } from '../../../shared/ui/slider';
import { TrailerEmbed } from './trailer-embed';

/** docs/product.md §9: actors 5 per view, other sliders 3 per view, 50 px apart. */
const ACTORS_PER_VIEW = 5;
const PER_VIEW = 3;

/** The film page's sliders: trailers, actors (to their pages), photos (open the viewer). */
export function FilmMedia({ film }: { film: FilmDetail }) {
  const actors = film.persons.filter((p) => p.role === ACTOR_ROLE);
  const videos = film.video.filter((v) => trailerEmbed(v.video) !== null);

  return (
    <>
      <Section id="film-trailers" title="Трейлеры">
        <Slider
          items={videos}
          label="Трейлеры"
          perView={PER_VIEW}
          getKey={(v) => v.id}
          renderItem={(v, i) => (
            <TrailerEmbed link={v.video} title={`«${film.title}», видео ${i + 1}`} cover={film.promo_img} />
          )}
        />
      </Section>
      <Section id="film-actors" title="Актёры">
        <Slider
          items={actors}
          label="Актёры"
          perView={ACTORS_PER_VIEW}
          spaceBetween={24}
          getKey={(p) => p.id}
          renderItem={(p) => (
            <MediaCard
              to={paths.person(p.person.id)}
              image={p.person.main_img}
              alt={p.person.fio}
              shape="portrait"
              title={p.person.fio}
            >
              <span>{FILM_ROLE_LABELS[p.role] ?? p.role}</span>
              {p.position && <span>{p.position}</span>}
            </MediaCard>
          )}
        />
      </Section>
      <Section id="film-photos" title="Кадры">
        <PhotoSlider photos={film.photo} caption={film.title} label="Кадры" perView={PER_VIEW} />
      </Section>
    </>
  );
}
