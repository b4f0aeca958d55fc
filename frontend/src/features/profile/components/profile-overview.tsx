import type { Favourites, Provider } from '@kino/backend/contract';
import { useState, type ReactNode } from 'react';
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

/** /profile: avatar, name with provider icon, role label, links, the purchased tickets (composed in app/), favourites. */
export function ProfileOverview({ tickets }: { tickets?: ReactNode }) {
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
            <Link to={paths.profileWatch} className={styles.action}>
              Мои просмотры
            </Link>
            <Link to={paths.profileReviews} className={styles.action}>
              Мои отзывы
            </Link>
            <Link to={paths.profilePrivacy} className={styles.action}>
              Мои данные и согласия
            </Link>
          </div>
        </div>
      </section>
      <div className={blurred ? styles.blurred : undefined}>
        {tickets}
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
      <FavouriteSection
        id="fav-films"
        title="Избранные фильмы"
        empty="Нет избранных фильмов"
        items={movies.map(({ movie }) => ({
          key: movie.id,
          to: paths.film(movie.id),
          image: movie.poster ?? movie.promo_img,
          name: movie.title,
          age: movie.age,
        }))}
      />
      <FavouriteSection
        id="fav-persons"
        title="Избранные актеры"
        empty="Нет избранных актеров"
        items={persons.map(({ person }) => ({
          key: person.id,
          to: paths.person(person.id),
          image: person.main_img,
          name: person.fio,
        }))}
      />
    </>
  );
}

interface FavouriteItem {
  key: number;
  to: string;
  image: string | null;
  name: string;
  age?: number;
}

function FavouriteSection({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: FavouriteItem[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.grid}>
          {items.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className={styles.card}>
                <Picture src={item.image} alt="" width={160} height={240} className={styles.cover} />
                <span>{item.name}</span>
                {item.age !== undefined && <span className={styles.age}>{item.age}+</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
