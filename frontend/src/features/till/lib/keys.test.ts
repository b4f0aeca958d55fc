import { describe, expect, it } from 'vitest';
import { isFreeForEnter, isTypingTarget, seatCountOfKey } from './keys';

const key = (k: string, modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

/** An element as the key handler sees it: its tag, its type, and whether it sits in a control. */
const element = (tagName: string, { type = '', inControl = false, editable = false } = {}) =>
  ({
    tagName: tagName.toUpperCase(),
    type,
    isContentEditable: editable,
    closest: () => (inControl || ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(tagName.toUpperCase()) ? {} : null),
  }) as unknown as EventTarget;

describe('the till’s keys', () => {
  it('reads 1–6 as a seat count, and nothing else', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => seatCountOfKey(key(String(n))))).toEqual([1, 2, 3, 4, 5, 6]);
    for (const other of ['0', '7', '9', 'a', 'Enter', 'F1']) expect(seatCountOfKey(key(other)), other).toBeNull();
    expect(seatCountOfKey(key('3', { ctrlKey: true }))).toBeNull();
    expect(seatCountOfKey(key('3', { altKey: true }))).toBeNull();
  });

  it('leaves digits to the fields being typed in', () => {
    const typing = [
      element('input', { type: 'text' }),
      element('textarea'),
      element('select'),
      element('div', { editable: true }),
    ];
    expect(typing.map(isTypingTarget)).toEqual([true, true, true, true]);
    const not = [element('input', { type: 'radio' }), element('button'), element('section'), null];
    expect(not.map(isTypingTarget)).toEqual([false, false, false, false]);
  });

  it('takes Enter to pay only where no control has its own Enter', () => {
    expect(isFreeForEnter(null)).toBe(true);
    expect(isFreeForEnter(element('body'))).toBe(true);
    expect(isFreeForEnter(element('h2'))).toBe(true);
    expect(isFreeForEnter(element('input', { type: 'text' }))).toBe(false);
    expect(isFreeForEnter(element('button'))).toBe(false);
    // A payment method's radio has no Enter of its own: Enter pays from there too.
    expect(isFreeForEnter(element('input', { type: 'radio' }))).toBe(true);
    // The seat number inside a seat's button: Enter presses the seat.
    expect(isFreeForEnter(element('span', { inControl: true }))).toBe(false);
  });
});
