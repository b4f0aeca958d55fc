/** The rules that turn Kinopoisk's film fields into ours. */
import { describe, expect, it } from 'vitest';
import type { KpFilm } from '../kinopoisk/schemas';
import { ageFrom, budgetFrom, distinctNames, filmTitle, playableVideos, VIDEOS_MAX } from './film-fields';

const film = (names: Partial<KpFilm>): KpFilm => ({ kinopoiskId: 1, countries: [], genres: [], ...names });

describe('film fields from Kinopoisk', () => {
  it.each([
    ['age0', 0],
    ['age6', 6],
    ['age16', 16],
    ['age18', 18],
    ['age99', 0],
    ['r', 0],
    [null, 0],
  ])('reads the age limit %s as %i', (limits, age) => {
    expect(ageFrom(limits)).toBe(age);
  });

  it('keeps a dollar BUDGET only: other items and other currencies are not a budget in dollars', () => {
    const item = (type: string, amount: number, currencyCode: string) => ({ type, amount, currencyCode });
    expect(budgetFrom({ total: 2, items: [item('WORLD', 5, 'USD'), item('BUDGET', 63_000_000, 'USD')] })).toBe(
      63_000_000,
    );
    expect(budgetFrom({ total: 1, items: [item('BUDGET', 450_000_000, 'RUB')] })).toBeNull();
    expect(budgetFrom({ total: 0, items: [] })).toBeNull();
  });

  it('titles the film in Russian, else by its original or English name, trimmed', () => {
    expect(filmTitle(film({ nameRu: ' Матрица ', nameOriginal: 'The Matrix' }))).toBe('Матрица');
    expect(filmTitle(film({ nameRu: null, nameOriginal: 'The Matrix' }))).toBe('The Matrix');
    expect(filmTitle(film({ nameRu: '', nameOriginal: null, nameEn: 'Matrix' }))).toBe('Matrix');
    expect(filmTitle(film({}))).toBeUndefined();
  });

  it('keeps the playable videos in order, each clip once, at most a few', () => {
    const links = [
      'https://widgets.kinopoisk.ru/discovery/trailer/1?onlyPlayer=1',
      'https://youtu.be/n9xhJrPXop4',
      'https://www.youtube.com/watch?v=n9xhJrPXop4',
      'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
      ...Array.from({ length: 20 }, (_, i) => `https://youtu.be/abcdefghi${String(i).padStart(2, '0')}`),
    ];
    const videos = playableVideos({ total: links.length, items: links.map((url) => ({ url })) });
    expect(videos.slice(0, 2)).toEqual([
      'https://youtu.be/n9xhJrPXop4',
      'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
    ]);
    expect(videos).toHaveLength(VIDEOS_MAX);
  });

  it('names genres once whatever their case, without blanks', () => {
    expect(distinctNames(['драма', ' Драма ', '', 'фэнтези'])).toEqual(['драма', 'фэнтези']);
  });
});
