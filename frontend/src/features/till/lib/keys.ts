/**
 * The till's keys (a cashier sells without the mouse): a digit 1–6 picks that many best seats, Enter pays.
 * They act only where the cashier is not typing, so a sum or an e-mail takes its digits as it should.
 */
import { MAX_SEATS_PER_PURCHASE } from '@kino/backend/contract';

interface Key {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** The seat count a key asks for (1 … MAX_SEATS_PER_PURCHASE), or null. */
export function seatCountOfKey(event: Key): number | null {
  if (event.ctrlKey || event.altKey || event.metaKey || !/^\d$/.test(event.key)) return null;
  const count = Number(event.key);
  return count >= 1 && count <= MAX_SEATS_PER_PURCHASE ? count : null;
}

const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'range', 'color']);

/** Is the cashier typing into this element (a text field, a list, an editable area)? */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'input') return !NOT_TYPED.has((element as HTMLInputElement).type);
  return tag === 'textarea' || tag === 'select' || element.isContentEditable;
}

/** Controls without an Enter of their own: a payment method's radio, a checkbox. */
const NO_ENTER = new Set(['radio', 'checkbox']);

/** Does Enter here belong to the till (pay) rather than to a control that has its own Enter? */
export function isFreeForEnter(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return true;
  const element = target as HTMLElement;
  if (element.tagName.toLowerCase() === 'input') return NO_ENTER.has((element as HTMLInputElement).type);
  if (isTypingTarget(element)) return false;
  return !element.closest('button, a[href], select, textarea, summary, [role="button"]');
}
