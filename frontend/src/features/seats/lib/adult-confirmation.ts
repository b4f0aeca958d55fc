import { useCallback, useState } from 'react';

/** The youngest age a film is only for adults at (its badge says 18+). */
export const ADULT_AGE = 18;
const KEY = 'kino.adult-confirmed';

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the viewer has said, in this tab, that they are 18 or older (asked before the hall of an 18+
 * film opens; the door may still ask for a passport). Kept for the tab's life, not beyond it.
 */
export function useAdultConfirmation(): [boolean, () => void] {
  const [confirmed, setConfirmed] = useState(stored);
  const confirm = useCallback(() => {
    try {
      sessionStorage.setItem(KEY, '1');
    } catch {
      // Storage refused (private mode): confirmed for this popover only.
    }
    setConfirmed(true);
  }, []);
  return [confirmed, confirm];
}
