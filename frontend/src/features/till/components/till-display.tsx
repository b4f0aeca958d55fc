/**
 * The buyer's second screen at the counter (lib/display.ts): the SBP QR, the amount and the time left
 * while a payment waits for the buyer's bank; the cinema's greeting otherwise.
 */
import { useEffect, useState } from 'react';
import { useServerCountdown } from '../../../shared/lib/server-clock';
import { listenToTill, type DisplayState } from '../lib/display';
import { SbpQrView } from './sbp-qr';
import styles from './till.module.css';

export function TillDisplay() {
  const [state, setState] = useState<DisplayState>({ kind: 'idle' });
  useEffect(() => listenToTill(setState), []);
  const left = useServerCountdown(state.kind === 'sbp' ? state.deadline : null, 0);
  return (
    // A section, not a main: the staff layout's main landmark holds the page.
    <section className={styles.display} aria-live="polite" aria-labelledby="till-display-title">
      <h1 id="till-display-title" className={styles.displayTitle}>
        {state.kind === 'sbp' ? 'Оплата по СБП' : 'Касса кинотеатра'}
      </h1>
      {state.kind === 'sbp' ? (
        <SbpQrView qr={state.qr} total={state.total} left={left} size={360} />
      ) : (
        <p>Здравствуйте! Здесь появится QR-код для оплаты по СБП.</p>
      )}
    </section>
  );
}
