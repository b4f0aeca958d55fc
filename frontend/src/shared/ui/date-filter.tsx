import { useState } from 'react';
import { TextField } from './form';

/** The earliest year a staff filter takes: a year typed digit by digit passes 0002, 0020, 0202 first. */
const FIRST_YEAR = 2000;

/** A date a person has finished typing: 'YYYY-MM-DD', a real calendar day, from FIRST_YEAR on. */
export function isWholeDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= FIRST_YEAR && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A table's date filter (kept in the address by the caller): a date applies once it is whole, so
 * typing the year does not apply 0002-… and reset the field; an emptied field clears the filter,
 * a half-typed one waits. A change of the address elsewhere (back, a link) shows in the field.
 */
export function DateFilter({
  label,
  value,
  onApply,
}: {
  label: string;
  value: string;
  onApply: (date: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  return (
    <TextField
      label={label}
      type="date"
      min={`${FIRST_YEAR}-01-01`}
      value={draft}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        // A field with some parts typed and some not reads as '' with badInput: not a cleared filter.
        const cleared = next === '' && !event.target.validity.badInput;
        if (cleared || isWholeDate(next)) onApply(next);
      }}
    />
  );
}
