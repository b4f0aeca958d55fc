/**
 * A back-office table as a declaration: the paged endpoint, its columns, its texts. It pages on the
 * server (the page is in the address, so back and forward work), keeps the previous page on screen
 * while the next loads, and shows the loading, empty and error states; the add button appears when
 * the access table lets this role create the resource.
 *
 *   <ResourceTable title="Залы" endpoint="GET /halls/admin" columns={[{ header: 'ID', cell: (h) => h.id }, …]} … />
 */
import type { ApiInput, ApiKey, ApiOutput, Resource } from '@kino/backend/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiQuery } from '../api/hooks';
import { useCan } from '../auth/access';
import { useSearchParam } from '../lib/use-search-param';
import { PageLoader } from './page-loader';
import { Pagination } from './pagination';
import { ErrorState } from './query-state';
import { SearchField } from './search-field';
import styles from './resource-table.module.css';

type Paged = { data: unknown[]; total: number; last_page: number };
/** Endpoints that answer a page of rows. */
export type PagedKey = { [K in ApiKey]: ApiOutput<K> extends Paged ? K : never }[ApiKey];
export type RowOf<K extends PagedKey> = ApiOutput<K> extends { data: (infer R)[] } ? R : never;
type FiltersOf<K extends PagedKey> = Omit<
  NonNullable<(ApiInput<K> & { query?: object })['query']>,
  'page' | 'per_page'
>;
type ParamsOf<K extends PagedKey> = (ApiInput<K> & { params?: object })['params'];

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Narrow columns (ids, numbers) keep to the right. */
  numeric?: boolean;
  /** Short values (dates, times) that must not break. */
  nowrap?: boolean;
}

export interface ResourceTableProps<K extends PagedKey> {
  title: string;
  endpoint: K;
  /** The endpoint's path parameters (a queue's failed jobs: `{ queue }`); a change goes back to page 1. */
  params?: ParamsOf<K>;
  columns: Column<RowOf<K>>[];
  /** The screen's filters (a date, a session): a change goes back to page 1. */
  filters?: FiltersOf<K>;
  /** A search field with this label, kept in the address as ?q= and sent as the endpoint's `q`. */
  search?: string;
  /** Shown instead of `empty` when a search finds nothing. */
  notFound?: string;
  /** Shown above the table after the search field: the other filters' inputs. */
  toolbar?: ReactNode;
  /** Shown above the table next to the title: a screen's own actions. */
  actions?: ReactNode;
  add?: { label: string; to: string; resource: Resource };
  loading: string;
  empty: string;
  error: string;
  perPage?: number;
  rowKey?: (row: RowOf<K>) => string | number;
}

const cellClass = ({ numeric, nowrap }: { numeric?: boolean; nowrap?: boolean }) =>
  [numeric && styles.numeric, nowrap && styles.nowrap].filter(Boolean).join(' ') || undefined;

export function ResourceTable<K extends PagedKey>({
  title,
  endpoint,
  params,
  columns,
  filters: screenFilters,
  search: searchLabel,
  notFound = 'Ничего не найдено',
  toolbar,
  actions,
  add,
  loading,
  empty,
  error,
  perPage = 20,
  rowKey = (row) => (row as { id: number }).id,
}: ResourceTableProps<K>) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const can = useCan();
  const titleId = useId();
  const [q, setQ] = useSearchParam('q');
  const searching = searchLabel !== undefined && q !== '';
  const filters = searching ? { ...screenFilters, q } : screenFilters;
  const setPage = (next: number) =>
    setSearch((params) => {
      params.set('page', String(next));
      return params;
    });

  // New filters start from the first page.
  const filterKey = JSON.stringify([filters ?? {}, params ?? {}]);
  const previousFilters = useRef(filterKey);
  useEffect(() => {
    if (previousFilters.current === filterKey) return;
    previousFilters.current = filterKey;
    setSearch((params) => {
      params.delete('page');
      return params;
    });
  }, [filterKey, setSearch]);

  const query = useApiQuery(endpoint, { params, query: { ...filters, page, per_page: perPage } } as ApiInput<K>, {
    placeholderData: keepPreviousData,
  });
  const result = query.data as Paged | undefined;
  const rows = (result?.data ?? []) as RowOf<K>[];

  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <header className={styles.head}>
        <h1 id={titleId}>{title}</h1>
        <div className={styles.actions}>
          {actions}
          {add && can(add.resource, 'create') && (
            <Link to={add.to} className={styles.add}>
              {add.label}
            </Link>
          )}
        </div>
      </header>
      {(searchLabel !== undefined || toolbar) && (
        <div className={styles.toolbar}>
          {searchLabel !== undefined && <SearchField label={searchLabel} value={q} onSearch={setQ} />}
          {toolbar}
        </div>
      )}
      {query.isError && !result ? (
        <ErrorState message={error} onRetry={() => void query.refetch()} />
      ) : !result ? (
        <PageLoader label={loading} />
      ) : rows.length === 0 ? (
        <p className={styles.empty}>{searching ? notFound : empty}</p>
      ) : (
        <>
          {/* Named apart from the screen's section: two landmarks of one name are one too many (axe's landmark-unique). */}
          <div className={styles.scroll} role="region" aria-label={`${title}: таблица`} tabIndex={0}>
            <table className={styles.table} aria-busy={query.isFetching}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className={cellClass(column)}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <td key={column.header} className={cellClass(column)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} lastPage={result.last_page} total={result.total} onPage={setPage} />
        </>
      )}
      {query.isError && result && <p role="alert">{error}</p>}
    </section>
  );
}
