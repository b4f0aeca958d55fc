import { imageUrl } from '../lib/image';
import styles from './picture.module.css';

interface PictureProps {
  /** An image value as the API gives it (see imageUrl). */
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size, for the layout before the image arrives. */
  width: number;
  height: number;
  className?: string;
  /** The first screen's main image loads eagerly, everything else lazily. */
  eager?: boolean;
}

/** An image by SPEC's image rule; a quiet placeholder of the same shape when there is none. */
export function Picture({ src, alt, width, height, className, eager = false }: PictureProps) {
  const url = imageUrl(src);
  const classes = [styles.picture, className].filter(Boolean).join(' ');
  if (!url) {
    return (
      <div
        className={`${classes} ${styles.placeholder}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        role="img"
        aria-label={alt}
      />
    );
  }
  return (
    <img
      className={classes}
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
