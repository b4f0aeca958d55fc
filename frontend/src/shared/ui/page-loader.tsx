import styles from './page-loader.module.css';

/** The loading state of a page or block. */
export function PageLoader({ label = 'Загрузка...' }: { label?: string }) {
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
