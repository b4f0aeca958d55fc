/**
 * /admin/dashboard: the films pie and the count cards (SPEC), today's sales and the seats sold for
 * the coming sessions, the orders whose refused refund staff must return by hand, and (managers, admins) how reporting to ЕАИС stands. Live: any change anywhere (a
 * registration, a review, a sale, an ЕАИС run) reaches it through the staff room within a second.
 */
import { formatRoubles, formatSessionTime, MANUAL_REFUND_LABEL } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { QueryState } from '../../../shared/ui/query-state';
import { useDashboard, useLiveDashboard, useSales } from '../api/dashboard';
import styles from './dashboard.module.css';
import { EaisPanel } from './eais-panel';
import { RentalPie } from './rental-pie';

export function DashboardPage() {
  useLiveDashboard();
  const counts = useDashboard();
  const sales = useSales();
  const can = useCan();
  return (
    <div className={styles.dashboard}>
      <h1>Панель управления</h1>
      <QueryState query={counts} loading="Загрузка показателей..." error="Не удалось загрузить показатели">
        {([films, ...others]) => (
          <div className={styles.top}>
            <RentalPie slices={films ?? []} />
            <ul className={styles.cards} aria-label="Количество">
              {others.map(([count]) =>
                count ? (
                  <li key={count.name} className={styles.card}>
                    <span className={styles.value}>{count.value}</span>
                    <span className={styles.label}>{count.name}</span>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        )}
      </QueryState>
      <section aria-labelledby="sales-title" className={styles.sales}>
        <h2 id="sales-title">Продажи сегодня</h2>
        <QueryState query={sales} loading="Загрузка продаж..." error="Не удалось загрузить продажи">
          {(today) => (
            <>
              <p className={styles.today}>
                Билетов: <strong>{today.tickets}</strong> · Выручка: <strong>{formatRoubles(today.revenue)}</strong>
              </p>
              {today.manual_refunds > 0 && (
                <p role="status">
                  <Link to={`${paths.adminOrders}?flag=manual_refund`}>
                    {MANUAL_REFUND_LABEL}: <strong>{today.manual_refunds}</strong>
                  </Link>
                </p>
              )}
              {today.tickets > 0 && (
                <dl className={styles.breakdown}>
                  <dt>По зонам</dt>
                  <dd>{today.by_zone.map((z) => `${z.name} ${z.value}`).join(' · ')}</dd>
                  <dt>По типам билетов</dt>
                  <dd>{today.by_type.map((t) => `${t.name} ${t.value}`).join(' · ')}</dd>
                </dl>
              )}
              <h3>Ближайшие сеансы</h3>
              {today.sessions.length === 0 ? (
                <p className={styles.muted}>Ближайших сеансов нет</p>
              ) : (
                <ul className={styles.sessions}>
                  {today.sessions.map((s) => (
                    <li key={s.id}>
                      <span>
                        {s.title} — {formatSessionTime(s.start_time)}, {s.hall}
                      </span>
                      <meter
                        min={0}
                        max={s.capacity}
                        value={s.sold}
                        aria-label={`Продано мест: ${s.sold} из ${s.capacity}`}
                      />
                      <span className={styles.sold}>
                        {s.sold} / {s.capacity}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryState>
      </section>
      {/* ЕАИС reporting, for those who answer for the sales reports. */}
      {can('reports', 'read') && <EaisPanel />}
      {/* Screens off SPEC's side menus, for the roles that may open them. */}
      {can('orders', 'list') && (
        <p>
          <Link to={paths.adminOrders}>Заказы</Link>
        </p>
      )}
      {can('queues', 'list') && (
        <p>
          <Link to={paths.adminSection('queues')}>Очереди фоновых задач</Link>
        </p>
      )}
    </div>
  );
}
