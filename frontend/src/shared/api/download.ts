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
