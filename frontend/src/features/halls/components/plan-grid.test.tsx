import type { SeatZone } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { apply, resize, sofaPairs, type EditorPlan } from '../lib/plan-editor';
import { PlanGrid } from './plan-grid';
import { PlanPreview } from './plan-preview';

const zones: SeatZone[] = [
  { code: 'standard', name: 'Стандарт', color: '#7c4dff', seats_per_unit: 1 },
  { code: 'vip', name: 'VIP', color: '#d4a017', seats_per_unit: 1 },
  { code: 'sofa', name: 'Диван', color: '#e0567a', seats_per_unit: 2 },
];
const byCode = new Map(zones.map((z) => [z.code, z]));

function hall(): EditorPlan {
  let plan = resize({ rows: 0, places: 0, seats: [], best: { row: 1, x: 1 }, holdBackHours: null, showroom: '' }, 3, 4);
  plan = apply(plan, { kind: 'zone', zone: 'vip' }, 3, 1);
  plan = apply(plan, { kind: 'flag', flag: 'wheelchair', on: true }, 1, 1);
  plan = apply(plan, { kind: 'flag', flag: 'blocked', on: true }, 1, 4);
  plan = apply(plan, { kind: 'gap', on: true }, 2, 3);
  for (const place of [1, 2]) plan = apply(plan, { kind: 'zone', zone: 'sofa' }, 2, place);
  return plan;
}

describe('the plan editor’s drawing', () => {
  it('names every seat for a screen reader: zone, flags, sofa, aisle', () => {
    const plan = hall();
    const html = renderToStaticMarkup(
      <PlanGrid plan={plan} zones={byCode} pairs={sofaPairs(plan, new Set(['sofa'])).pairs} onPaint={() => {}} />,
    );
    expect(html.match(/<button/g)).toHaveLength(12);
    expect(html).toContain('aria-label="Ряд 3, место 1, VIP"');
    expect(html).toContain('aria-label="Ряд 1, место 1, Стандарт, место для зрителя на коляске, лучшая точка зала"');
    expect(html).toContain('aria-label="Ряд 1, место 4, Стандарт, не продаётся"');
    expect(html).toContain('aria-label="Ряд 2, место 1, Диван, диван на двоих вместе с местом 2"');
    expect(html).toContain('aria-label="Ряд 2, место 3, Стандарт, проход слева"');
    // The aisle shifts the seat one column right (column 1 holds the row numbers).
    expect(html).toMatch(/grid-row:3;grid-column:5[^"]*"[^>]*data-row="2" data-place="3"/);
  });

  it('previews a sofa as one frame of two seats and tells screen readers the summary', () => {
    const plan = hall();
    const html = renderToStaticMarkup(
      <PlanPreview plan={plan} zones={zones} pairs={sofaPairs(plan, new Set(['sofa'])).pairs} />,
    );
    expect(html).toContain('aria-label="Предпросмотр: 3 рядов, 11 мест в продаже, мест для колясок: 1"');
    expect(html.match(/grid-column:1 \/ span 2/g)).toHaveLength(1);
    expect(html).toContain('Диван (продаётся по 2 места)');
  });
});
