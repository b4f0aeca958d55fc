import type { ReactNode } from 'react';
import styles from './section.module.css';

interface SectionProps {
  /** Used for the heading's id and aria-labelledby. */
  id: string;
  /** The section's own id, a link target such as /#schedule. */
  anchor?: string;
  /** The heading's content (text or a link). */
  title: ReactNode;
  /** h1 for a page's own title, h2 for a block of a page. */
  level?: 1 | 2;
  children: ReactNode;
  className?: string;
}

/** A titled block of a page. */
export function Section({ id, anchor, title, level = 2, children, className }: SectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section
      id={anchor}
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={styles.title}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
