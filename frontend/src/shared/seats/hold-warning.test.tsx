import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HoldWarning, holdEndsSoon } from './hold-warning';
import { companionOf, planSeat } from './hall-layout';

const render = (remaining: number | null, extended = false, holding = true) =>
  renderToStaticMarkup(
    <HoldWarning remaining={remaining} holding={holding} extended={extended} onExtend={() => Promise.resolve()} />,
  );

describe('the hold’s warning', () => {
  it('shows from two minutes before the end until the end, only while I hold seats', () => {
    expect(holdEndsSoon(121_000, true)).toBe(false);
    expect(holdEndsSoon(120_000, true)).toBe(true);
    expect(holdEndsSoon(1_000, true)).toBe(true);
    expect(holdEndsSoon(0, true)).toBe(false);
    expect(holdEndsSoon(60_000, false)).toBe(false);
    expect(holdEndsSoon(null, true)).toBe(false);
  });

  it('is a live region on the page from the start, with «Продлить» until the hold was extended once', () => {
    expect(render(300_000)).toBe('<div aria-live="assertive" aria-atomic="true"></div>');
    const soon = render(90_000);
    expect(soon).toContain('Бронь мест скоро закончится: осталось меньше 2 минут.');
    expect(soon).toMatch(/<button type="button"[^>]*>Продлить<\/button>/);
    const extended = render(90_000, true);
    expect(extended).toContain('Продлить её можно только один раз.');
    expect(extended).not.toContain('<button');
  });
});

describe('the companion seat', () => {
  it('is the companion-flagged seat right beside the wheelchair space, left first; never a blocked one', () => {
    const seats = [
      planSeat(1, 1, 1, { companion: true, blocked: true }),
      planSeat(1, 2, 2, { wheelchair: true }),
      planSeat(1, 3, 3, { companion: true }),
      planSeat(1, 5, 5, { companion: true }),
      planSeat(2, 2, 2, { companion: true }),
    ];
    expect(companionOf({ seats }, { row: 1, x: 2 })?.code).toBe('r1m3');
    expect(companionOf({ seats }, { row: 1, x: 4 })?.code).toBe('r1m3');
    expect(companionOf({ seats: seats.slice(0, 2) }, { row: 1, x: 2 })).toBeUndefined();
  });
});
