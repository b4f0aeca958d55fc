import { useState } from 'react';
import { ApiError } from './client';

/** Saves a file the API answered (a ticket's PDF, a report's CSV or XLSX) under its name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface Download<F extends string> {
  /** The format being made, while it is. */
  exporting: F | undefined;
  /** Why the last download failed, in Russian. */
  error: string | undefined;
  start(format: F): Promise<void>;
}

/** A report's downloads (CSV, XLSX, PDF…): one at a time, with why one failed for the page to show. */
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
