/**
 * What a running Kinopoisk import shows: what is happening, how many images are down (pushed live
 * by the server to the importing person's pages) and the seconds so far, so the staff member sees
 * the work go on (a cast of forty people takes a while on a slow network).
 */
import type { ImportKind, ImportProgressEvent } from '@kino/backend/contract';
import { useEffect, useState } from 'react';
import { useLiveEvent } from '../../../../shared/live/live';
import styles from './film-admin.module.css';

const STAGES: Record<ImportProgressEvent['stage'], string> = {
  fetch: 'Запрашиваем Кинопоиск',
  download: 'Загружаем изображения',
  save: 'Сохраняем',
};

export function ImportProgress({ label, kind }: { label: string; kind: ImportKind }) {
  const [seconds, setSeconds] = useState(0);
  const [progress, setProgress] = useState<ImportProgressEvent>();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  useLiveEvent('film-import:progress', (event) => {
    if (event.kind === kind) setProgress(event);
  });
  const counted = progress?.stage === 'download' && progress.total > 0;
  return (
    <div className={styles.progress} role="status">
      {counted ? (
        <progress aria-label={label} value={progress.done} max={progress.total} />
      ) : (
        <progress aria-label={label} />
      )}
      <span>
        {label}
        {progress && `: ${STAGES[progress.stage].toLowerCase()}`}
        {counted && ` ${progress.done} из ${progress.total}`}… {seconds > 0 && `${seconds} с`}
      </span>
    </div>
  );
}
