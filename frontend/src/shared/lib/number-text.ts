/**
 * Numbers typed by staff ('350', '350,50', '1 000'): a form keeps the text and reads it at the
 * submit, so the contract's schema sees a number (NaN when it is not one: the schema says why).
 */
export function numberOf(text: string | undefined | null): number {
  const clean = (text ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  return clean === '' ? Number.NaN : Number(clean);
}

/** An optional number: empty text is null (no limit). */
export const optionalNumberOf = (text: string | undefined | null): number | null =>
  (text ?? '').trim() === '' ? null : numberOf(text);

/** A number as a field shows it: '' for none, '350,5' with the Russian comma. */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value).replace('.', ',');
