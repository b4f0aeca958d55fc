import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useFavourite, type FavouriteKind } from '../api/favourites';
import styles from './favourite-button.module.css';

const LABELS: Record<FavouriteKind, { add: string; remove: string }> = {
  movie: { add: 'В избранное', remove: 'В избранном' },
  person: { add: 'Добавить в избранное', remove: 'Удалить из избранного' },
};

/**
 * The favourite toggle of a film or person page. It shows "add" until the viewer's favourites say
 * otherwise; a guest gets a link to sign in instead.
 */
export function FavouriteButton({ kind, id }: { kind: FavouriteKind; id: number }) {
  const { signedIn, liked: isLiked, loading, toggle } = useFavourite(kind, id);
  if (!signedIn) {
    return (
      <Link to={paths.login} className={styles.button}>
        Войдите, чтобы добавить в избранное
      </Link>
    );
  }
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.button} ${isLiked ? styles.liked : ''}`}
        aria-pressed={isLiked}
        disabled={toggle.isPending || loading}
        onClick={() => toggle.mutate(!isLiked)}
      >
        <span aria-hidden="true">{isLiked ? '♥' : '♡'}</span> {isLiked ? LABELS[kind].remove : LABELS[kind].add}
      </button>
      {toggle.isError && (
        <span role="alert" className={styles.error}>
          {toggle.error.message}
        </span>
      )}
    </span>
  );
}
