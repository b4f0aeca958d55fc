/**
 * A report's download buttons («Скачать CSV», «Скачать PDF»…; useDownload): one at a time, the button saying
 * «Готовим…» while its file is made. Why one failed, the page shows where it puts its messages.
 */
import type { Download } from '../../../shared/api/download';
import styles from './reports.module.css';

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
