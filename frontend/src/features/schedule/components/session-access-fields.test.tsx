import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SessionAccessFields } from './session-access-fields';

/** Each checkbox of the markup with its label's text, checked or not, and whether it is marked invalid. */
function boxes(html: string) {
  return [...html.matchAll(/<label[^>]*>(<input[^>]*>)([^<]*)<\/label>/g)].map(([, input, label]) => ({
    label,
    name: /name="([^"]+)"/.exec(input!)?.[1],
    checked: input!.includes('checked'),
    invalid: input!.includes('aria-invalid="true"'),
  }));
}

describe('the schedule editor’s accessibility fields', () => {
  it('offer «Субтитры» and «Тифлокомментарий» as labelled boxes showing the session’s flags', () => {
    const html = renderToStaticMarkup(
      <SessionAccessFields
        form={{ values: { subtitles: true, audio_description: false }, errors: {}, set: () => {} }}
      />,
    );
    expect(html).toContain('<legend>Доступность сеанса</legend>');
    expect(boxes(html)).toEqual([
      { label: 'Субтитры', name: 'subtitles', checked: true, invalid: false },
      { label: 'Тифлокомментарий', name: 'audio_description', checked: false, invalid: false },
    ]);
  });

  it('shows the server’s complaint beside its box, linked for a screen reader', () => {
    const html = renderToStaticMarkup(
      <SessionAccessFields
        form={{ values: {}, errors: { audio_description: 'Тифлокомментарий: да или нет' }, set: () => {} }}
      />,
    );
    expect(boxes(html).map((b) => [b.name, b.checked, b.invalid])).toEqual([
      ['subtitles', false, false],
      ['audio_description', false, true],
    ]);
    const id = /aria-describedby="([^"]+)" name="audio_description"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`<p id="${id}"[^>]*>Тифлокомментарий: да или нет</p>`));
  });
});
