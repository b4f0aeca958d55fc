/**
 * A session's accessibility as words (REGISTRIES.md §4.3): «С субтитрами», «Тифлокомментарий». Text, not
 * colour only, so a screen reader and a colour-blind viewer read the same.
 */
import type { SessionAccess } from '@kino/backend/contract';
import styles from './access-badges.module.css';

/** The badges' texts, in the order they show; none for a session without either. */
export const accessLabels = (session: SessionAccess): string[] => [
  ...(session.subtitles ? ['С субтитрами'] : []),
  ...(session.audio_description ? ['Тифлокомментарий'] : []),
];

export function AccessBadges({ session, className }: { session: SessionAccess; className?: string }) {
  const labels = accessLabels(session);
  if (labels.length === 0) return null;
  return (
    <span className={[styles.badges, className].filter(Boolean).join(' ')}>
      {labels.map((label, i) => (
        <span key={label} className={styles.badge}>
          {/* Read with a pause between them: «С субтитрами, Тифлокомментарий». */}
          {i > 0 && <span className="visually-hidden">, </span>}
          {label}
        </span>
      ))}
    </span>
  );
}
