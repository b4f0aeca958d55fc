import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { AgeBadge } from '../../../shared/ui/age-badge';
import { useBanner } from '../api/films';
import styles from './home-banner.module.css';
import { PromoBackdrop } from './promo-backdrop';

/** The home page's promotional banner in its four states (docs/product.md §2 and §4). */
export function HomeBanner() {
  const banner = useBanner();
  useEffect(() => {
    if (banner.isError) console.error('Не удалось загрузить баннер', banner.error);
  }, [banner.isError, banner.error]);

  if (banner.isPending) {
    return (
      <div className={styles.state} role="status">
        Загрузка баннера...
      </div>
    );
  }
  if (banner.isError) {
    return (
      <div className={styles.state} role="alert">
        Не удалось загрузить баннер
      </div>
    );
  }
  if (!banner.data) return <div className={styles.state}>Баннер недоступен</div>;

  const film = banner.data;
  return (
    <Link to={paths.film(film.id)} className={styles.banner}>
      <PromoBackdrop image={film.promo_img} className={styles.size}>
        <AgeBadge age={film.age} />
        <span className={styles.title}>{film.title}</span>
        <span className={styles.cta}>Уже в кино</span>
      </PromoBackdrop>
    </Link>
  );
}
