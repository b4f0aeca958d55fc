import styles from './age-badge.module.css';

/** The age limit as 'N+'. */
export function AgeBadge({ age, className }: { age: number; className?: string }) {
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')} aria-label={`Возраст ${age}+`}>
      {age}+
    </span>
  );
}
