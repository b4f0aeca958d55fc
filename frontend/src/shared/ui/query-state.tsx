import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { ApiError } from '../api/client';
import { PageLoader } from './page-loader';
import styles from './query-state.module.css';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown while loading, e.g. 'Загрузка фильмов...'. */
  loading: string;
  /** Shown when the request fails, with a retry button. */
  error: string;
  /** Shown instead of `error` when the thing does not exist (404, or a malformed id: 400). */
  notFound?: ReactNode;
  /** Shown when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The loading, error, not-found and empty states of one query, then its content. The content renders
 * from a deferred copy of the data: React builds it in small slices between other work, so a large
 * answer does not freeze the page while it appears.
 */
export function QueryState<T>({ query, loading, error, notFound, empty, isEmpty, children }: QueryStateProps<T>) {
  const data = useDeferredValue(query.data);
  if (query.isError) {
    if (notFound && isMissing(query.error)) return <div className={styles.message}>{notFound}</div>;
    return <ErrorState message={error} onRetry={() => void query.refetch()} />;
  }
  if (data === undefined) return <PageLoader label={loading} />;
  if (empty && isEmpty?.(data)) return <p className={styles.message}>{empty}</p>;
  return <>{children(data)}</>;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Попробовать снова
        </button>
      )}
    </div>
  );
}
