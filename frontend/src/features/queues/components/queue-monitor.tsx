/**
 * /admin/dashboard/queues: the background jobs' queues (mail, tickets) with their counts, and the
 * chosen queue's failed jobs — the error of the last attempt, the request that caused the job, the
 * data an admin may see — each with a retry.
 */
import { formatShortTime, RESOURCES, toCinemaTime, type FailedJobRow } from '@kino/backend/contract';
import { useCan } from '../../../shared/auth/access';
import { useSearchParam } from '../../../shared/lib/use-search-param';
import { ResourceTable } from '../../../shared/ui/resource-table';
import { useQueues, useRetryJob } from '../api/queues';
import styles from './queue-monitor.module.css';

const QUEUE_LABELS: Record<string, string> = { mail: 'Почта', tickets: 'Билеты' };
const STATE_LABELS = {
  waiting: 'ждут',
  active: 'выполняются',
  delayed: 'отложены',
  failed: 'упали',
  completed: 'выполнены',
} as const;

const labelOf = (queue: string) => QUEUE_LABELS[queue] ?? queue;
const when = (instant: string | null) => (instant ? formatShortTime(toCinemaTime(new Date(instant))) : '—');

function QueuePicker({ chosen, onChoose }: { chosen: string; onChoose: (queue: string) => void }) {
  const queues = useQueues();
  if (queues.isError) return <p role="alert">Не удалось загрузить очереди</p>;
  return (
    <div className={styles.queues} role="group" aria-label="Очередь">
      {(queues.data ?? []).map((queue) => (
        <button
          key={queue.name}
          type="button"
          className={styles.queue}
          aria-pressed={queue.name === chosen}
          onClick={() => onChoose(queue.name)}
        >
          <strong>{labelOf(queue.name)}</strong>
          <span className={styles.counts}>
            {(Object.keys(STATE_LABELS) as (keyof typeof STATE_LABELS)[]).map((state) => (
              <span
                key={state}
                data-state={state}
                className={state === 'failed' && queue.counts.failed > 0 ? styles.alert : undefined}
              >
                {STATE_LABELS[state]}: {queue.counts[state]}
              </span>
            ))}
          </span>
        </button>
      ))}
    </div>
  );
}

function RetryJob({ queue, job }: { queue: string; job: FailedJobRow }) {
  const retry = useRetryJob();
  return (
    <>
      <button
        type="button"
        className={styles.retry}
        disabled={retry.isPending}
        onClick={() => retry.mutate({ params: { queue, id: job.id } })}
      >
        {retry.isPending ? 'Повтор...' : 'Повторить'}
      </button>
      {retry.isError && (
        <p role="alert" className={styles.error}>
          {retry.error.message}
        </p>
      )}
    </>
  );
}

const dataText = (data: FailedJobRow['data']) =>
  Object.entries(data)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ') || '—';

export function QueueMonitor() {
  const [picked, setPicked] = useSearchParam('queue');
  const queue = picked || 'mail';
  const can = useCan();
  return (
    <ResourceTable
      title={RESOURCES.queues.label}
      endpoint="GET /queues/:queue/failed"
      params={{ queue }}
      toolbar={<QueuePicker chosen={queue} onChoose={setPicked} />}
      columns={[
        { header: 'ID', cell: (j) => <span className={styles.token}>{j.id}</span> },
        { header: 'Задача', cell: (j) => j.name, nowrap: true },
        { header: 'Ошибка', cell: (j) => <span className={styles.reason}>{j.failedReason || '—'}</span> },
        {
          header: 'Упала',
          cell: (j) => (
            <>
              <span className={styles.when}>{when(j.failedAt)}</span>
              <span className={styles.attempts}>попыток: {j.attemptsMade}</span>
            </>
          ),
        },
        { header: 'Данные', cell: (j) => <span className={styles.data}>{dataText(j.data)}</span> },
        { header: 'Запрос', cell: (j) => <span className={styles.token}>{j.requestId ?? '—'}</span> },
        ...(can('queues', 'update')
          ? [{ header: 'Действия', cell: (j: FailedJobRow) => <RetryJob queue={queue} job={j} /> }]
          : []),
      ]}
      loading="Загрузка задач..."
      empty={`В очереди «${labelOf(queue)}» упавших задач нет`}
      error="Не удалось загрузить упавшие задачи"
    />
  );
}
