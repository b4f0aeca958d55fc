/**
 * The shift strip above the till: with no open shift, the form that opens one with the float in the drawer
 * (nothing is sold until then); with one, the till's name, when it opened, the cash expected in the drawer
 * now, the cash register's shift and its 24-hour countdown, the X-report on demand, the buyer's second
 * screen (the SBP QR), and the link to the shift's report.
 */
import {
  DEFAULT_TILL,
  formatRoubles,
  formatSessionTime,
  ShiftOpenBodySchema,
  type ShiftView,
} from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FormMessage, TextField } from '../../../shared/ui/form';
import { ErrorState } from '../../../shared/ui/query-state';
import { useApiMutation } from '../../../shared/api/hooks';
import { type useCurrentShift, useOpenShift } from '../api/shift';
import { parseRoubles } from '../lib/cash';
import { tillFailure } from '../lib/failure';
import { RegisterCountdown } from './register-countdown';
import styles from './till.module.css';

export function ShiftStrip({ current }: { current: ReturnType<typeof useCurrentShift> }) {
  const { query, shift, none } = current;
  if (shift) return <OpenShift shift={shift} />;
  if (none) return <OpenShiftForm />;
  if (query.isError)
    return <ErrorState message="Не удалось узнать, открыта ли смена" onRetry={() => void query.refetch()} />;
  return <p className={styles.strip}>Проверяем смену...</p>;
}

function OpenShift({ shift }: { shift: ShiftView }) {
  return (
    <section className={styles.strip} aria-label="Смена">
      <p className={styles.stripFacts}>
        <span>
          <strong>{shift.till}</strong> · смена №{shift.id}
        </span>
        <span>Открыта {formatSessionTime(shift.opened_at)}</span>
        <span>
          В кассе ожидается <strong data-testid="shift-expected">{formatRoubles(shift.expected)}</strong>
        </span>
        <RegisterCountdown register={shift.register} />
      </p>
      <XReportButton />
      <button
        type="button"
        className={styles.secondary}
        onClick={() => window.open(paths.adminTillDisplay, 'kino-till-display', 'popup')}
      >
        Второй экран
      </button>
      <Link to={paths.adminShift(shift.id)} className={styles.stripLink}>
        Отчёт смены
      </Link>
    </section>
  );
}

/** POST /api/fiscal/report-x: the register prints the shift's figures so far; the answer says which. */
function XReportButton() {
  const report = useApiMutation('POST /fiscal/report-x');
  const failure = tillFailure(report.error).message;
  return (
    <span className={styles.xReport}>
      <button
        type="button"
        className={styles.secondary}
        disabled={report.isPending}
        aria-busy={report.isPending}
        onClick={() => report.mutate({})}
      >
        X-отчёт
      </button>
      <span aria-live="polite" role={failure ? 'alert' : undefined} className={failure ? styles.error : styles.muted}>
        {failure ??
          (report.data && `X-отчёт напечатан: смена кассы №${report.data.shift_number}, чеков ${report.data.receipts}`)}
      </span>
    </span>
  );
}

function OpenShiftForm() {
  const open = useOpenShift();
  const [float, setFloat] = useState('');
  const [till, setTill] = useState('');
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = tillFailure(open.error);
  const errors = { ...server.fields, ...checked };

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseRoubles(float);
    const parsed = ShiftOpenBodySchema.safeParse({
      float: amount === null ? undefined : amount,
      till: till.trim() || undefined,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
      setChecked(fields);
      return;
    }
    setChecked({});
    open.mutate({ body: parsed.data });
  }

  return (
    <form
      className={`${styles.strip} ${styles.openForm}`}
      onSubmit={submit}
      noValidate
      aria-labelledby="shift-open-title"
    >
      <div>
        <h2 id="shift-open-title" className={styles.stripTitle}>
          Смена не открыта
        </h2>
        <p className={styles.muted}>Откройте смену, чтобы продавать билеты и возвращать деньги наличными.</p>
      </div>
      <TextField
        label="Размен в кассе, ₽"
        name="float"
        inputMode="decimal"
        autoComplete="off"
        value={float}
        onChange={(event) => setFloat(event.target.value)}
        error={errors.float}
        autoFocus
      />
      <TextField
        label="Касса"
        name="till"
        autoComplete="off"
        placeholder={DEFAULT_TILL}
        value={till}
        maxLength={40}
        onChange={(event) => setTill(event.target.value)}
        error={errors.till}
      />
      <button type="submit" className={styles.primary} disabled={open.isPending} aria-busy={open.isPending}>
        {open.isPending ? 'Открываем...' : 'Открыть смену'}
      </button>
      {server.message && <FormMessage kind="error">{server.message}</FormMessage>}
    </form>
  );
}
