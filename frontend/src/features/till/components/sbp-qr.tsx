/**
 * SBP at the counter: the provider's QR for the buyer's bank app, the amount, and the time left to pay
 * (the order's deadline on the server's clock). The buyer's second screen, when open, shows the same
 * (till-display.ts).
 */
import { formatRoubles, type TillOrder } from '@kino/backend/contract';
import { useEffect, useState } from 'react';
import { clockOffset, formatRemaining, useServerCountdown } from '../../../shared/lib/server-clock';
import styles from './till.module.css';

/** The QR as an SVG image, made in the browser (the library is loaded when the first one is shown). */
export function useQrImage(data: string | null): { image: string | null; failed: boolean } {
  const [state, setState] = useState<{ data: string; image: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(data, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) =>
          !cancelled &&
          setState({ data, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, failed: false }),
        () => !cancelled && setState({ data, image: null, failed: true }),
      );
    return () => {
      cancelled = true;
    };
  }, [data]);
  return state?.data === data ? state : { image: null, failed: false };
}

export function SbpQrView({
  qr,
  total,
  left,
  size = 240,
}: {
  qr: string;
  total: number;
  /** Milliseconds left to pay, or null when not known. */
  left: number | null;
  size?: number;
}) {
  const { image, failed } = useQrImage(qr);
  return (
    <figure className={styles.sbp} data-testid="sbp-qr">
      {failed ? (
        <p role="alert">Не удалось показать QR-код. Продайте заново или выберите другой способ оплаты</p>
      ) : image ? (
        <img src={image} alt={`QR-код СБП на ${formatRoubles(total)}`} width={size} height={size} data-qr={qr} />
      ) : (
        <p role="status">Готовим QR-код...</p>
      )}
      <figcaption>
        <strong className={styles.sbpAmount}>{formatRoubles(total)}</strong>
        <span>Отсканируйте камерой или в приложении банка</span>
        {left !== null && (
          <span data-testid="sbp-countdown">
            Осталось <time>{formatRemaining(left)}</time>
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** The till's QR while the order waits for the buyer's bank. */
export function SbpQr({ order, receivedAt }: { order: TillOrder; receivedAt: number }) {
  const [offset] = useState(() => clockOffset(Date.parse(order.server_time), receivedAt));
  const left = useServerCountdown(Date.parse(order.expires_at), offset);
  if (!order.qr) return null;
  return <SbpQrView qr={order.qr} total={order.total} left={left} />;
}
