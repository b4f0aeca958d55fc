/**
 * The ticket's check-in code as a QR code on the viewer's own screen, for the door's camera, with
 * the code in letters beneath for typing. The QR library is loaded only when someone opens one.
 */
import { useEffect, useId, useState } from 'react';
import styles from './ticket-qr.module.css';

async function qrImage(code: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function TicketQr({ ticketId, code }: { ticketId: number; code: string }) {
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const panel = useId();
  useEffect(() => {
    if (!open || image) return;
    let cancelled = false;
    qrImage(code).then(
      (url) => !cancelled && setImage(url),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [open, image, code]);

  return (
    <div className={styles.qr}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Скрыть QR-код' : 'Показать QR-код'}
      </button>
      <div id={panel} hidden={!open} className={styles.panel}>
        {failed ? (
          <p role="alert">Не удалось показать QR-код. Назовите на входе код билета ниже</p>
        ) : image ? (
          <img src={image} alt={`QR-код билета №${ticketId}`} width={200} height={200} className={styles.image} />
        ) : (
          open && <p role="status">Загрузка QR-кода...</p>
        )}
        <code className={styles.code}>{code}</code>
      </div>
    </div>
  );
}
