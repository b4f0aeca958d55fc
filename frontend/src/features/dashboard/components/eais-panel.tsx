/**
 * The dashboard's ЕАИС panel: the state must have every sale and refund within the hour, so staff
 * see at once a session whose delivery failed (the error and when) or whose sales wait past the hour, and
 * when ЕАИС last took a document. Follows the staff room like the rest of the dashboard, and the clock.
 */
import { EAIS_DEADLINE_MINUTES, formatSessionTime, formatShortTime, type EaisProblem } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { QueryState } from '../../../shared/ui/query-state';
import { useEais } from '../api/dashboard';
import styles from './dashboard.module.css';

/** 'операция', 'операции', 'операций' for 1, 2, 5. */
function operations(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  if (tens >= 11 && tens <= 14) return `${n} операций`;
  if (ones === 1) return `${n} операция`;
  if (ones >= 2 && ones <= 4) return `${n} операции`;
  return `${n} операций`;
}

export function EaisPanel() {
  const eais = useEais();
  const can = useCan();
  return (
    <section aria-labelledby="eais-title" className={styles.sales}>
      <h2 id="eais-title">ЕАИС</h2>
      <QueryState query={eais} loading="Проверяем передачу в ЕАИС..." error="Не удалось узнать состояние ЕАИС">
        {(state) => (
          <>
            {state.problems_count === 0 ? (
              <p className={styles.eaisOk}>
                {state.unreported === 0
                  ? 'Все продажи и возвраты переданы.'
                  : `Ждут передачи: ${operations(state.unreported)}, в пределах ${EAIS_DEADLINE_MINUTES} минут.`}
              </p>
            ) : (
              // A standing warning under the panel's heading, not an alert: the page itself works (and the
              // demo's sales, never reported, would otherwise greet every visit as an error).
              <p className={styles.eaisAlert}>
                Не переданы в ЕАИС продажи сеансов: {state.problems_count}. Продажи нужно передать в течение часа —
                иначе штраф.
              </p>
            )}
            <p className={styles.muted}>
              {state.last_delivered_at
                ? `Последняя передача: ${formatSessionTime(state.last_delivered_at)}`
                : 'Передач ещё не было'}
            </p>
            {state.problems.length > 0 && (
              <ul className={styles.eaisProblems} aria-label="Сеансы, не переданные в ЕАИС">
                {state.problems.map((problem) => (
                  <EaisProblemItem key={problem.session.id} problem={problem} />
                ))}
              </ul>
            )}
            {state.problems_count > state.problems.length && (
              <p className={styles.muted}>И ещё сеансов: {state.problems_count - state.problems.length}</p>
            )}
            <p>
              <Link to={paths.adminSection('reports/eais')}>Передачи в ЕАИС и ответы ЕАИС</Link>
            </p>
            {state.problems_count > 0 && can('queues', 'list') && (
              <p>
                <Link to={paths.adminSection('queues')}>Задача «eais.report» в очередях фоновых задач</Link>
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function EaisProblemItem({ problem }: { problem: EaisProblem }) {
  const { session, failure } = problem;
  return (
    <li className={styles.eaisProblem}>
      <span>
        <strong>{session.title}</strong> — {formatSessionTime(session.start_time)}, {session.hall}
      </span>
      <span>
        Не передано: {operations(problem.unreported)}, ждут с {formatShortTime(problem.waiting_since)}
        {problem.overdue && <span className={styles.overdue}> · просрочено</span>}
      </span>
      {failure && (
        <span className={styles.eaisError}>
          Ошибка отправки {formatShortTime(failure.at)} (попытка {failure.attempts}): {failure.error}
        </span>
      )}
    </li>
  );
}
