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
  /** The first screen's main image loads eagerly and first (it is the page's largest paint), everything else lazily. */
  eager?: boolean;
  /** Drawn at exactly width × height (a table's thumbnail), not stretched to its box. */
  fixed?: boolean;
}

/** A table's small picture: fixed size, lazy, with its alt text (a film's title, a person's name). */
export const Thumbnail = (props: Omit<PictureProps, 'fixed' | 'eager'>) => <Picture {...props} fixed />;

/** An image by SPEC's image rule; a quiet placeholder of the same shape when there is none. */
export function Picture({ src, alt, width, height, className, eager = false, fixed = false }: PictureProps) {
  const url = imageUrl(src);
  const classes = [styles.picture, fixed && styles.fixed, className].filter(Boolean).join(' ');
  const size = fixed ? { width, height } : undefined;
  if (!url) {
    return (
      <div
        className={`${classes} ${styles.placeholder}`}
        style={{ aspectRatio: `${width} / ${height}`, ...size }}
        // No picture: a placeholder, named as the picture would be, or hidden when the picture is decorative.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
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
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={size}
    />
  );
}
