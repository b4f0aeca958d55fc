/**
 * The ticket type chosen for each of my seats in a session (seat → type code), kept in this tab's
 * session storage: the popover sets it, the checkout reads it, and a refresh or Back keeps it. A seat
 * without a choice is an adult ticket (prices.ts linesOf).
 */
import { useCallback, useState } from 'react';

const keyOf = (sessionId: number | null) => `kino:ticket-types:${sessionId ?? 'none'}`;

function read(sessionId: number | null): Record<string, string> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(keyOf(sessionId)) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function useTicketChoice(sessionId: number | null) {
  const [state, setState] = useState(() => ({ sessionId, chosen: read(sessionId) }));
  // Another session: its own choices (state adjusted while rendering, not in an effect).
  const current = state.sessionId === sessionId ? state : { sessionId, chosen: read(sessionId) };
  if (current !== state) setState(current);

  const choose = useCallback(
    (seat: string, type: string) =>
      setState((s) => {
        const chosen = { ...s.chosen, [seat]: type };
        try {
          sessionStorage.setItem(keyOf(s.sessionId), JSON.stringify(chosen));
        } catch {
          // Storage full or forbidden: the choice lives until the page is left.
        }
        return { ...s, chosen };
      }),
    [],
  );
  return [current.chosen, choose] as const;
}
