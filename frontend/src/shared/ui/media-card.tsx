import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture } from './picture';
import styles from './media-card.module.css';

/** Picture shapes: posters and people are portrait, promo images and news landscape. */
const SHAPES = {
  poster: { width: 400, height: 600 },
  portrait: { width: 300, height: 400 },
  landscape: { width: 640, height: 360 },
} as const;

interface MediaCardProps {
  to: string;
  /** An image value (see imageUrl). */
  image: string | null;
  /** The picture's text alternative; empty when the title says it all. */
  alt?: string;
  shape: keyof typeof SHAPES;
  title: string;
  /** A heading (h2 on a page of cards, h3 inside a block), or plain text in a slider. */
  titleAs?: 'h2' | 'h3' | 'span';
  /** Laid over the picture's top left corner, e.g. the age badge. */
  badge?: ReactNode;
  /** Lines under the title. */
  children?: ReactNode;
  eager?: boolean;
}

/** A card that links somewhere: picture, title, a line or two under it. */
export function MediaCard({
  to,
  image,
  alt = '',
  shape,
  title,
  titleAs = 'span',
  badge,
  children,
  eager,
}: MediaCardProps) {
  const Title = titleAs;
  return (
    <Link to={to} className={styles.card}>
      <div className={styles.media}>
        <Picture src={image} alt={alt} {...SHAPES[shape]} className={styles[shape]} eager={eager} />
        {badge && <span className={styles.badge}>{badge}</span>}
      </div>
      <Title className={styles.title}>{title}</Title>
      {children && <div className={styles.meta}>{children}</div>}
    </Link>
  );
}
