import type { ScheduleFilm } from '@kino/backend/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccessibleSessionsTable } from './accessible-sessions';

const session = (id: number, start_time: string, subtitles: boolean, audio_description: boolean) =>
  ({
    id,
    start_time,
    subtitles,
    audio_description,
    hall: { id: 1, name: 'Зал 2', capacity: 100 },
  }) as ScheduleFilm['schedule'][number];
const films = [
  {
    id: 7,
    title: 'Лето в Перми',
    time: 135,
    schedule: [session(1, '2026-11-21 19:30:00', true, true), session(2, '2026-11-21 21:00:00', false, false)],
  },
] as ScheduleFilm[];

describe('the /accessibility table', () => {
  it('gives each coming accessible session its start, film, duration, hall and badges, in words', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <AccessibleSessionsTable films={films} now="2026-11-21 12:00:00" />
      </MemoryRouter>,
    );
    const rows = [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
      .slice(1)
      .map(([, row]) => [...row!.matchAll(/<td>(.*?)<\/td>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, '')));
    expect(rows).toEqual([
      ['Сегодня, 21 ноября, 19:30', 'Лето в Перми', '2ч 15м', 'Зал 2', 'С субтитрами, Тифлокомментарий'],
    ]);
    expect(html).toContain('href="/films/7"');
    expect(html).toContain('<th scope="col">Длительность</th>');
  });
});
