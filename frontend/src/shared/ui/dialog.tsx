/**
 * A modal dialog (the native <dialog>): opened on mount, the focus kept inside and given back to the
 * button that opened it on close, Escape closes it unless it is busy. A back-office form in a dialog
 * is its title and its content. The control marked `data-autofocus` has the focus on opening
 * (e.g. «Не возвращать», so that Enter does not refund by accident).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

export function Dialog({
  title,
  busy = false,
  wide = false,
  describedBy,
  onClose,
  children,
}: {
  title: string;
  /** The id of the text that says what the dialog is about (its rule, its warning), for screen readers. */
  describedBy?: string;
  /** While saving: Escape and the close button wait. */
  busy?: boolean;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) {
      element.showModal();
      // The browser focuses the first control (×); a dialog may name a safer one to start on.
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      // Closed by its page (saved, or sent back to the form) rather than by Escape or ×, which the browser handles:
      // the focus, left on the page's start when the dialog went, goes back to the button that opened it.
      if (opener?.isConnected && document.activeElement === document.body) opener.focus();
    };
  }, []);
  const close = () => {
    dialog.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={close} disabled={busy} aria-label="Закрыть">
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
