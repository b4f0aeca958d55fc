import type { AccessibilityFilm, AccessibilityReport } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubtitlesTable } from './subtitles-page';

const film = (id: number, more: Partial<AccessibilityFilm>): AccessibilityFilm => ({
  id,
  title: `Фильм ${id}`,
  pu_number: '111000126',
  national_by: 'pu',
  sessions: 4,
  subtitled_sessions: 2,
  evening_subtitled: true,
  compliant: true,
  ...more,
});
const report = (films: AccessibilityFilm[]): AccessibilityReport => ({
  week: '2026-W48',
  from: '2026-11-23',
  to: '2026-11-29',
  films,
  compliant: films.every((f) => f.compliant),
});
/** Each body row's cells as text. */
const rows = (html: string) =>
  [...html.matchAll(/<tr data-film[^>]*>(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, '')),
  );

describe('the subtitles report table', () => {
  it('says what each film lacks: subtitled sessions short of two, no evening one', () => {
    const html = renderToStaticMarkup(
      <SubtitlesTable
        busy={false}
        report={report([
          film(1, {}),
          film(2, {
            pu_number: null,
            national_by: 'country',
            subtitled_sessions: 1,
            evening_subtitled: false,
            compliant: false,
          }),
          film(3, { subtitled_sessions: 3, evening_subtitled: false, compliant: false }),
        ])}
      />,
    );
    expect(rows(html)).toEqual([
      ['Фильм 1', '111000126', 'по ПУ', '4', '2', 'Да', 'Да'],
      ['Фильм 2', 'не указано', 'по стране', '4', '1', 'Нет', 'Нет: с субтитрами 1 из 2, нет вечернего'],
      ['Фильм 3', '111000126', 'по ПУ', '4', '3', 'Нет', 'Нет: нет вечернего'],
    ]);
    expect(html).toContain('Не по правилам: 2 из 3.');
    expect(html).toContain('пн, 23.11.2026 — вс, 29.11.2026');
  });

  it('says so when every national film of the week meets the rule', () => {
    const html = renderToStaticMarkup(<SubtitlesTable busy={false} report={report([film(1, {})])} />);
    expect(html).toContain('Все национальные фильмы недели идут с субтитрами по правилам.');
  });
});
