/**
 * How the seat scripts' refusals are answered over HTTP where every seat path answers alike (the
 * web order, the till): a seat the hall does not have is bad input, like a code beyond any hall
 * (docs/architecture.md, "Errors"); a purchase that would leave a seat alone between taken ones is
 * refused with the hold's own reason and message.
 */
import { SEAT_NOT_IN_HALL, SEAT_REFUSAL_MESSAGES } from '../../contract/seats';
import { conflict, invalidInput } from '../../lib/http/errors';

/** 400 invalid_input naming the request's field for the seat (e.g. `seat_number.1`). */
export const seatNotInHall = (field: string) => invalidInput({ [field]: SEAT_NOT_IN_HALL });

/** 409 with the hold's `orphan` reason and message; details.seat is the seat that would be left alone. */
export const seatOrphaned = (seat: string | undefined) =>
  conflict('conflict', SEAT_REFUSAL_MESSAGES.orphan, { reason: 'orphan', ...(seat ? { seat } : {}) });
