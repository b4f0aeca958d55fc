/**
 * A report's downloads («Скачать CSV», «Скачать PDF»…): one at a time, the button saying «Готовим…» while
 * it is made, and why one failed (shown by the page where it puts its messages).
 */
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import styles from './reports.module.css';

export interface Download<F extends string> {
  exporting: F | undefined;
  error: string | undefined;
  start(format: F): Promise<void>;
}

export function useDownload<F extends string>(download: (format: F) => Promise<void>): Download<F> {
  const [exporting, setExporting] = useState<F>();
  const [error, setError] = useState<string>();
  const start = async (format: F) => {
    setExporting(format);
    setError(undefined);
    try {
      await download(format);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Не удалось скачать отчёт. Попробуйте снова');
    } finally {
      setExporting(undefined);
    }
  };
  return { exporting, error, start };
}

export function ExportButtons<F extends string>({
  formats,
  download,
  disabled,
}: {
  formats: readonly F[];
  download: Download<F>;
  disabled: boolean;
}) {
  return (
    <div className={styles.exports}>
      {formats.map((format) => (
        <button
          key={format}
          type="button"
          className={styles.button}
          disabled={disabled || download.exporting !== undefined}
          onClick={() => void download.start(format)}
        >
          {download.exporting === format ? 'Готовим…' : `Скачать ${format.toUpperCase()}`}
        </button>
      ))}
    </div>
  );
}
