import { describe, expect, it } from 'vitest';
import { careers, personGenres, yearRange } from './person';

describe('careers', () => {
  it('reads the JSON-encoded list', () => {
    expect(careers('["Актер","Режиссер"]')).toEqual(['Актер', 'Режиссер']);
  });
  it('gives none for unreadable text', () => {
    expect(careers('Актер')).toEqual([]);
    expect(careers('{"a":1}')).toEqual([]);
  });
});

describe('yearRange', () => {
  it('spans the first and last year', () => {
    expect(yearRange([{ year: 2024 }, { year: null }, { year: 2015 }, { year: 2019 }])).toBe('2015–2024');
    expect(yearRange([{ year: 2020 }])).toBe('2020');
    expect(yearRange([{ year: null }])).toBeUndefined();
  });
});

describe('personGenres', () => {
  it('lists each genre once', () => {
    const drama = { genre_id: 1, genre: { id: 1, name: 'драма' } };
    const comedy = { genre_id: 2, genre: { id: 2, name: 'комедия' } };
    expect(personGenres([{ genres: [drama] }, { genres: [comedy, drama] }])).toEqual([drama, comedy]);
  });
});
