/**
 * Sales taken without a receipt (the register down and a manager's override, or an SBP payment the
 * register could not print) and SBP refunds without their return receipt: listed for managers until a correction receipt is printed for each
 * (GET /api/fiscal/corrections, POST /api/fiscal/corrections/{id}/issue on the caller's open shift).
 */
import { formatRoubles, formatShortTime, type FiscalCorrection } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { invalidate, useApiMutation, useApiQuery, useQueryClient } from '../../../shared/api/hooks';
import { useCan } from '../../../shared/auth/access';
import { formErrors } from '../../../shared/api/form-errors';
import { FormMessage } from '../../../shared/ui/form';
import styles from './shifts.module.css';

export function PendingCorrections() {
  const can = useCan();
  if (!can('shifts', 'list')) return null;
  return <CorrectionsList />;
}

function CorrectionsList() {
  const list = useApiQuery('GET /fiscal/corrections');
  const queryClient = useQueryClient();
  const issue = useApiMutation('POST /fiscal/corrections/:id/issue', {
    onSuccess: () => void invalidate(queryClient, 'GET /fiscal/corrections'),
  });
  const waiting = (list.data ?? []).filter((c) => c.fiscal === null);
  const failure = issue.error ? formErrors(issue.error).message : undefined;
  if (list.isError) return <FormMessage kind="error">Не удалось загрузить продажи без чека</FormMessage>;
  if (waiting.length === 0) return null;
  return (
    <section className={styles.corrections} aria-labelledby="corrections-title">
      <h2 id="corrections-title">Продажи и возвраты без чека: нужен чек коррекции ({waiting.length})</h2>
      <ul>
        {waiting.map((c: FiscalCorrection) => (
          <li key={c.id}>
            <span>
              {c.order_id === null ? (
                'Чек без продажи'
              ) : (
                <Link to={paths.adminOrder(c.order_id)}>
                  {c.kind === 'return' ? 'Возврат по заказу' : 'Заказ'} №{c.order_id}
                </Link>
              )}{' '}
              на {formatRoubles(c.total)}, {formatShortTime(c.created_at)}, {c.requested_by.fio}: {c.reason}
            </span>
            <button
              type="button"
              disabled={issue.isPending}
              aria-busy={issue.isPending && issue.variables?.params.id === c.id}
              onClick={() => issue.mutate({ params: { id: c.id } })}
            >
              Пробить чек коррекции
            </button>
          </li>
        ))}
      </ul>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
    </section>
  );
}
