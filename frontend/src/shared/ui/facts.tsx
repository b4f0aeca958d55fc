import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './facts.module.css';

export interface Fact {
  icon: IconName;
  label: string;
  value: ReactNode;
}

/** Quick facts as a description list, each with an icon. */
export function Facts({ facts, label }: { facts: Fact[]; label: string }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.label} className={styles.fact}>
          <dt>
            <Icon name={fact.icon} className={styles.icon} />
            {fact.label}
          </dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
