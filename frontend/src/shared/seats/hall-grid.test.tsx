import type { HallPlan } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { planSeat as seat } from './hall-layout';
import { HallGrid } from './hall-grid';

const plan: HallPlan = {
  hall_id: 3,
  name: 'Зал 3',
  rows: 2,
  columns: 5,
  capacity: 5,
  best: { row: 1, x: 3 },
  wheelchair_hold_back_hours: null,
  showroom: null,
  seats: [
    seat(1, 1, 1, { wheelchair: true }),
    seat(1, 2, 2, { companion: true }),
    seat(1, 3, 4, { blocked: true }),
    seat(2, 1, 1, { zone: 'sofa', pair: 'r2m2' }),
    seat(2, 2, 2, { zone: 'sofa', pair: 'r2m1' }),
    seat(2, 3, 5, { zone: 'vip' }),
  ],
  zones: [
    { code: 'standard', name: 'Стандарт', color: '#7c4dff', seats_per_unit: 1 },
    { code: 'vip', name: 'VIP', color: '#f5b700', seats_per_unit: 1 },
    { code: 'sofa', name: 'Диван', color: '#e64980', seats_per_unit: 2 },
  ],
};

const render = (seats: Map<string, 'sold' | 'held' | 'mine'> = new Map()) =>
  renderToStaticMarkup(
    <HallGrid plan={plan} seats={seats} pending={new Set()} disabled={false} onToggle={() => undefined} />,
  );

/** A seat's button tag, as text (no DOM in these tests). */
const buttonOf = (html: string, code: string) =>
  new RegExp(`<button[^>]*data-seat="${code}"[^>]*>`).exec(html)?.[0] ?? '';
const labelOf = (tag: string) => /aria-label="([^"]*)"/.exec(tag)?.[1];

describe('hall grid', () => {
  it('names seats for screen readers: wheelchair, companion, zone, sofa, state', () => {
    const html = render(new Map([['r2m3', 'sold']]));
    expect(labelOf(buttonOf(html, 'r1m1'))).toBe('Ряд 1, место 1, место для зрителя на коляске');
    expect(labelOf(buttonOf(html, 'r1m2'))).toBe('Ряд 1, место 2, место сопровождающего');
    expect(labelOf(buttonOf(html, 'r2m1'))).toBe('Ряд 2, место 1, Диван, диван на двоих вместе с местом 2');
    expect(labelOf(buttonOf(html, 'r2m3'))).toBe('Ряд 2, место 3, VIP, продано');
    expect(buttonOf(html, 'r2m3')).toContain('disabled');
  });

  it('draws a blocked seat that cannot be chosen, and a sofa’s two seats in one frame', () => {
    const html = render();
    expect(labelOf(buttonOf(html, 'r1m3'))).toBe('Ряд 1, место 3, не продаётся');
    expect(buttonOf(html, 'r1m3')).toContain('disabled');
    expect(buttonOf(html, 'r1m1')).not.toContain('disabled');
    expect(html).toMatch(
      /<span[^>]*grid-column:2 \/ span 2[^>]*><button[^>]*data-seat="r2m1"[^>]*>.*?<\/button><button[^>]*data-seat="r2m2"/,
    );
  });

  it('puts seats at their columns (an aisle after x 2), rings zones and shows the wheelchair icon', () => {
    const html = render();
    expect(html).toContain('grid-column:5');
    expect(html).toContain('data-zone="vip"');
    expect(html).toContain('--zone:#f5b700');
    expect(buttonOf(html, 'r1m2')).not.toContain('data-zone');
    expect(html).toMatch(/data-seat="r1m1"[^>]*><span[^>]*aria-hidden="true"[^>]*>♿<\/span>/);
  });
});
