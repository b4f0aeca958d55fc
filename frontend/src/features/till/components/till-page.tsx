/**
 * /admin/dashboard/till: the cashier's till. The shift on top (open it with the float first),
 * then the sale — session, live hall, tickets, payment — and the refund at the counter beside it. Made for
 * a 1366 × 768 screen and for the keyboard: the keys are named under the heading.
 */
import { useCurrentShift, useRefreshShift } from '../api/shift';
import { CounterRefund } from './counter-refund';
import { Sale } from './sale';
import { ShiftStrip } from './shift-strip';
import styles from './till.module.css';

export function TillPage() {
  const current = useCurrentShift();
  const refreshShift = useRefreshShift();
  return (
    <section className={styles.page} aria-labelledby="till-title">
      <div className={styles.head}>
        <h1 id="till-title">Касса</h1>
        <p className={styles.keys} id="till-keys">
          <kbd>1</kbd>–<kbd>6</kbd> лучшие места · <kbd>Enter</kbd> оплатить · <kbd>Esc</kbd> сбросить
        </p>
      </div>
      <ShiftStrip current={current} />
      <Sale
        shiftOpen={Boolean(current.shift)}
        onSold={refreshShift}
        refund={<CounterRefund onRefunded={refreshShift} />}
      />
    </section>
  );
}
