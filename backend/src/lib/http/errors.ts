/** The one way the API reports failures: throw an AppError; the error middleware writes the JSON shape. */
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldErrors } from '../../contract/errors';

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export const invalidInput = (fields: FieldErrors, message = 'Проверьте правильность заполнения полей') =>
  new AppError('invalid_input', message, { fields });
export const unauthenticated = (message = 'Требуется вход в систему') => new AppError('unauthenticated', message);
export const forbidden = (message = 'Недостаточно прав для этого действия') => new AppError('forbidden', message);
export const notFound = (message = 'Не найдено') => new AppError('not_found', message);
export const conflict = (
  code: Extract<
    ErrorCode,
    | 'conflict'
    | 'seat_taken'
    | 'hold_expired'
    | 'session_started'
    | 'price_changed'
    | 'ticket_used'
    | 'ticket_refunded'
    | 'refund_closed'
    | 'door_closed'
    | 'session_overlap'
    | 'order_paid'
    | 'pushkin_not_eligible'
    | 'pushkin_unavailable'
    | 'pushkin_holder_has_ticket'
    | 'pushkin_id_required'
    | 'order_closed'
    | 'refund_pending'
    | 'refund_refused'
    | 'session_has_sales'
    | 'session_cancelled'
    | 'no_open_shift'
    | 'shift_open'
    | 'shift_closed'
    | 'register_refused'
    | 'drawer_short'
  >,
  message: string,
  details?: unknown,
) => new AppError(code, message, details);
export const rateLimited = (retryAfter: number) =>
  new AppError('rate_limited', 'Слишком много попыток. Попробуйте ещё раз позже', { retryAfter });
export const unavailable = (message = 'Сервис временно недоступен. Попробуйте позже') =>
  new AppError('unavailable', message);
