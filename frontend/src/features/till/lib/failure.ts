/**
 * A refused sale or refund as the till shows it: the server's Russian message, with what to do next where
 * the code says it (another seat, another session, open the shift), and the field messages beside their fields.
 */
import { seatLabel } from '@kino/backend/contract';
import { ApiError } from '../../../shared/api/client';
import { formErrors } from '../../../shared/api/form-errors';

const NEXT_STEP: Partial<Record<string, string>> = {
  seat_taken: 'Выберите другие места',
  hold_expired: 'Выберите места ещё раз',
  session_started: 'Выберите другой сеанс',
  session_cancelled: 'Выберите другой сеанс',
  no_open_shift: '',
};

export interface Failure {
  fields: Record<string, string>;
  message?: string;
}

export function tillFailure(error: unknown): Failure {
  const { fields, message } = formErrors(error);
  if (!(error instanceof ApiError)) return { fields, message };
  // The lines are the seats on the map: their complaint is about the whole sale.
  const lines = Object.entries(fields).find(([name]) => name.startsWith('lines'))?.[1];
  const next = NEXT_STEP[error.code];
  const seat = (error.details as { seat?: unknown } | undefined)?.seat;
  let text = message ?? lines;
  if (text && error.code === 'seat_taken' && typeof seat === 'string') text = `${text}: ${seatLabel(seat)}`;
  if (text && next) text = `${text}. ${next}`;
  return { fields, message: text };
}

/** The cash register refused the sale or did not answer: nothing was sold, a manager may sell without a receipt. */
export const isRegisterFailure = (error: unknown) =>
  error instanceof ApiError && (error.code === 'register_refused' || error.code === 'register_unavailable');
