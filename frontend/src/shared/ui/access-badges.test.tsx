import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccessBadges, accessLabels } from './access-badges';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('a session’s accessibility badges', () => {
  it('say «С субтитрами» and «Тифлокомментарий» in words, read with a pause between them', () => {
    const html = renderToStaticMarkup(<AccessBadges session={{ subtitles: true, audio_description: true }} />);
    expect(text(html)).toBe('С субтитрами, Тифлокомментарий');
    expect(html).toContain('<span class="visually-hidden">, </span>');
  });

  it('show only the flag the session has', () => {
    expect(text(renderToStaticMarkup(<AccessBadges session={{ subtitles: false, audio_description: true }} />))).toBe(
      'Тифлокомментарий',
    );
    expect(accessLabels({ subtitles: true, audio_description: false })).toEqual(['С субтитрами']);
  });

  it('show nothing for a session with neither', () => {
    expect(renderToStaticMarkup(<AccessBadges session={{ subtitles: false, audio_description: false }} />)).toBe('');
  });
});
