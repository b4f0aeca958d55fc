import type { Favourites, Provider } from '@kino/backend/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../shared/ui/page-loader';
import { FormMessage } from '../../../shared/ui/form';
import { Picture } from '../../../shared/ui/picture';
import { useFavourites, useProfile } from '../api/profile';
import { AvatarPopover } from './avatar-popover';
import styles from './profile-overview.module.css';

const PROVIDERS: Record<Provider, { mark: string; label: string }> = {
  youth: { mark: 'Y', label: 'Аккаунт сайта' },
  yandex: { mark: 'Я', label: 'Вход через Яндекс' },
  google: { mark: 'G', label: 'Вход через Google' },
  vk: { mark: 'VK', label: 'Вход через ВКонтакте' },
};

/** /profile: avatar, name with provider icon, role label, links, favourites. */
export function ProfileOverview() {
  const profile = useProfile();
  const [blurred, setBlurred] = useState(false);
  if (profile.isPending) return <PageLoader label="Загрузка профиля..." />;
  if (profile.isError) return <FormMessage kind="error">Не удалось загрузить профиль. Обновите страницу</FormMessage>;
  const { fio, avatar, provider } = profile.data;

  return (
    <div className={styles.page}>
      <section className={styles.head} aria-labelledby="profile-name">
        <AvatarPopover avatar={avatar} name={fio} onOpenChange={setBlurred} />
        <div className={blurred ? styles.blurred : undefined}>
          <h1 id="profile-name" className={styles.name}>
            {fio}
            <span
              className={`${styles.provider} ${styles[provider]}`}
              role="img"
              aria-label={PROVIDERS[provider].label}
              title={PROVIDERS[provider].label}
            >
              {PROVIDERS[provider].mark}
            </span>
          </h1>
          <p className={styles.role}>Пользователь</p>
          <div className={styles.actions}>
            <Link to={paths.profileEdit} className={styles.action}>
              Редактировать профиль
            </Link>
            <Link to={paths.profileReviews} className={styles.action}>
              Мои отзывы
            </Link>
          </div>
        </div>
      </section>
      <div className={blurred ? styles.blurred : undefined}>
        <FavouriteLists />
      </div>
    </div>
  );
}

function FavouriteLists() {
  const favourites = useFavourites();
  if (favourites.isPending) return <PageLoader label="Загрузка избранного..." />;
  if (favourites.isError) return <FormMessage kind="error">Не удалось загрузить избранное</FormMessage>;
  const { movies, persons }: Favourites = favourites.data;
  return (
    <>
      <section aria-labelledby="fav-films">
        <h2 id="fav-films">Избранные фильмы</h2>
        {movies.length === 0 ? (
          <p className={styles.empty}>Нет избранных фильмов</p>
        ) : (
          <ul className={styles.grid}>
            {movies.map(({ movie }) => (
              <li key={movie.id}>
                <Link to={paths.film(movie.id)} className={styles.card}>
                  <Picture
                    src={movie.poster ?? movie.promo_img}
                    alt=""
                    width={160}
                    height={240}
                    className={styles.cover}
                  />
                  <span>{movie.title}</span>
                  <span className={styles.age}>{movie.age}+</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="fav-persons">
        <h2 id="fav-persons">Избранные актеры</h2>
        {persons.length === 0 ? (
          <p className={styles.empty}>Нет избранных актеров</p>
        ) : (
          <ul className={styles.grid}>
            {persons.map(({ person }) => (
              <li key={person.id}>
                <Link to={paths.person(person.id)} className={styles.card}>
                  <Picture src={person.main_img} alt="" width={160} height={240} className={styles.cover} />
                  <span>{person.fio}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
