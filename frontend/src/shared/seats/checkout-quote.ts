/**
 * The quote the checkout shows and charges: made in the browser from the session's prices (instant),
 * asked of the server (POST /api/orders/quote) once a promo code is applied — only the server knows a
 * code's terms and limits — and replaced by the server's new quote when an order comes back 409
 * price_changed, until the lines or the code change.
 */
import type { QuoteView } from '@kino/backend/contract';
import { useState } from 'react';
import { useApiQuery } from '../api/hooks';
import type { ChosenLine } from './prices';

export interface Conflict {
  /** The lines and code it was quoted for. */
  key: string;
  quote: QuoteView | null;
  /** The session's standard adult price now (SPEC's `price`), when the 409 says. */
  price: number | null;
}

export function useCheckoutQuote(sessionId: number | null, lines: readonly ChosenLine[], local: QuoteView | null) {
  const [code, setCode] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const key = JSON.stringify([lines, code]);
  const server = useApiQuery(
    'POST /orders/quote',
    { body: { schedule_id: sessionId ?? 0, lines: lines.map((l) => ({ ...l })), promo_code: code } },
    { enabled: sessionId !== null && code !== '' && lines.length > 0, staleTime: 30_000, retry: false },
  );
  const current = conflict?.key === key ? conflict : null;
  const quote = current?.quote ?? (code ? (server.data ?? null) : local);
  return {
    code,
    /** The code applies only when the server said so. */
    applied: code !== '' && server.data?.promo ? code : '',
    apply: (text: string) => {
      setConflict(null);
      setCode(text.trim().toUpperCase());
    },
    remove: () => {
      setConflict(null);
      setCode('');
    },
    checking: code !== '' && server.isFetching,
    promoError: code && server.data ? server.data.promo_error : null,
    /** The server could not be asked (network, 400 on the code's form…). */
    failure: code ? server.error : null,
    quote,
    conflict: current,
    onConflict: (quoteNow: QuoteView | null, price: number | null) => setConflict({ key, quote: quoteNow, price }),
  };
}
