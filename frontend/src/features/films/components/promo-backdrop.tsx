import type { ReactNode } from 'react';
import { imageUrl } from '../../../shared/lib/image';
import styles from './promo-backdrop.module.css';

interface PromoBackdropProps {
  /** A film's promo image value (see imageUrl); none gives a plain panel. */
  image: string | null;
  /** Sets the height. */
  className?: string;
  /** The page's main picture (the film page's banner) loads first; others when near the screen. */
  eager?: boolean;
  children: ReactNode;
}

/**
 * A film's promo image covering the panel, centred, darkened at the bottom, the content over it.
 * An <img> rather than a CSS background, so it loads lazily and decodes off the main thread.
 */
export function PromoBackdrop({ image, className, eager = false, children }: PromoBackdropProps) {
  const url = imageUrl(image);
  return (
    <div className={[styles.backdrop, className].filter(Boolean).join(' ')}>
      {url && (
        <img
          className={styles.image}
          src={url}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      )}
      <div className={styles.content}>{children}</div>
    </div>
  );
}
