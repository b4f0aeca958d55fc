import { imageUrl } from '../lib/image';
import styles from './avatar.module.css';

/** A user's avatar by SPEC's image rule, or their initial on a coloured disc when there is none. */
export function Avatar({ src, name, size = 40 }: { src: string | null | undefined; name: string; size?: number }) {
  const url = imageUrl(src);
  const style = { width: size, height: size, fontSize: size * 0.45 };
  if (url) return <img className={styles.avatar} src={url} alt="" width={size} height={size} style={style} />;
  return (
    <span className={`${styles.avatar} ${styles.initial}`} style={style} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
