import { trailerEmbed } from '@kino/backend/contract';
import { useState } from 'react';
import { imageUrl } from '../../../shared/lib/image';
import { Icon } from '../../../shared/ui/icon';
import styles from './trailer-embed.module.css';

/** docs/product.md §9: the trailer player is 315 px high with 15 px corners. */
const TRAILER_HEIGHT = 315;

interface TrailerEmbedProps {
  link: string | null;
  /** The player's accessible name, e.g. 'Трейлер «Дюна»'. */
  title: string;
  /** An image value shown behind the play button until the player is asked for. */
  cover?: string | null;
}

/**
 * The video player for a trailer link from an accepted host; nothing for any other link. The host's
 * player (heavy third-party code) loads when the viewer presses play, not with the page.
 */
export function TrailerEmbed({ link, title, cover }: TrailerEmbedProps) {
  const [playing, setPlaying] = useState(false);
  const embed = trailerEmbed(link);
  if (!embed) return null;
  if (!playing) {
    const image = imageUrl(cover);
    return (
      <button
        type="button"
        className={styles.facade}
        style={{ height: TRAILER_HEIGHT }}
        onClick={() => setPlaying(true)}
        aria-label={`Смотреть: ${title}`}
      >
        {image && <img className={styles.cover} src={image} alt="" loading="lazy" decoding="async" />}
        <span className={styles.play}>
          <Icon name="play" className={styles.icon} />
          Смотреть
        </span>
      </button>
    );
  }
  return (
    <iframe
      className={styles.player}
      src={`${embed.src}?autoplay=1`}
      title={title}
      height={TRAILER_HEIGHT}
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
