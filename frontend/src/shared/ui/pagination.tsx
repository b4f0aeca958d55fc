/**
 * The persons pager (docs/product.md §9): the current page with two pages either side, the first and the
 * last with ellipses between, and 'Страница X из Y (N всего)'.
 */
import styles from './pagination.module.css';

/** The page numbers to show, with 'gap' where pages are left out. */
export function pageItems(current: number, last: number): (number | 'gap')[] {
  const from = Math.max(1, current - 2);
  const to = Math.min(last, current + 2);
  const items: (number | 'gap')[] = [];
  if (from > 1) items.push(1, ...(from > 2 ? (['gap'] as const) : []));
  for (let page = from; page <= to; page++) items.push(page);
  if (to < last) items.push(...(to < last - 1 ? (['gap'] as const) : []), last);
  return items;
}

export function Pagination({
  page,
  lastPage,
  total,
  onPage,
}: {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className={styles.pagination} aria-label="Страницы">
      {lastPage > 1 && (
        <ul className={styles.pages}>
          <li>
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
              aria-label="Предыдущая страница"
            >
              ‹
            </button>
          </li>
          {pageItems(page, lastPage).map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className={styles.gap}>
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Страница ${item}`}
                  onClick={() => onPage(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              disabled={page >= lastPage}
              onClick={() => onPage(page + 1)}
              aria-label="Следующая страница"
            >
              ›
            </button>
          </li>
        </ul>
      )}
      <p className={styles.info}>
        Страница {Math.min(page, lastPage)} из {lastPage} ({total} всего)
      </p>
    </nav>
  );
}
