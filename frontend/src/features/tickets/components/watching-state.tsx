import { UNKNOWN_WATCHING_MESSAGE, watchingLabel } from '../lib/own-tickets';
import styles from './watching-state.module.css';

/** A ticket's watching state in words; a value SPEC does not know is a fault the viewer must report. */
export function WatchingState({ value }: { value: number }) {
  const label = watchingLabel(value);
  if (label === undefined) {
    return (
      <strong role="alert" className={styles.fault}>
        {UNKNOWN_WATCHING_MESSAGE}
      </strong>
    );
  }
  return (
    <span className={styles.state} data-watching={value}>
      {label}
    </span>
  );
}
