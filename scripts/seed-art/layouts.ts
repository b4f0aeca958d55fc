/**
 * The demo artwork's layouts: film posters (portrait), promo banners (wide), stills (16:9),
 * person portraits and photos, account avatars. Each returns a whole SVG document.
 */
import { seededRandom, type SeededRandom } from '@kino/backend/lib/infra/random';
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';
import type { SeedFilm } from '@kino/backend/seed/data/films';
import type { SeedPerson } from '@kino/backend/seed/data/persons';
import type { FilmArt } from './film-art';
import { drawScene, type SceneArt } from './scenes';
import { circle, FONT, fitSize, frac, glow, linear, path, r, rect, svgDocument, text, wrap } from './svg';

export interface PosterFilm {
  film: SeedFilm;
  art: FilmArt;
  director: string;
  stars: readonly string[];
}

/** A rounded badge (age limit, format) with centred text; returns its markup and width. */
function badge(x: number, y: number, label: string, fill: string, color: string, size = 22) {
  const width = label.length * size * 0.68 + size;
  return {
    width,
    svg:
      rect(x, y - size * 1.15, width, size * 1.6, fill, `rx="${r(size * 0.3)}"`) +
      text(x + width / 2, y + size * 0.05, label, { size, fill: color, anchor: 'middle', weight: 800 }),
  };
}

function badges(x: number, y: number, film: SeedFilm, accent: string, size = 22) {
  const age = badge(x, y, `${film.age}+`, '#ffffff', '#111827', size);
  const format = badge(x + age.width + size * 0.6, y, film.typeGraphic, 'none', accent, size);
  return age.svg + format.svg.replace('fill="none"', `fill="none" stroke="${accent}" stroke-width="2"`);
}

export function poster({ film, art, director, stars }: PosterFilm): string {
  const [w, h] = [600, 900];
  const scene = drawScene(art, w, h, seededRandom(`${film.slug}-poster`), 'p', {
    horizon: 0.62,
    lightX: 0.7,
    heroX: 0.5,
    heroScale: 1.05,
  });
  const lines = wrap(film.title.toUpperCase(), 11, 3);
  const size = fitSize(lines, w - 80, 88);
  const titleBottom = 760;
  const title = lines
    .map((line, i) =>
      text(w / 2, titleBottom - (lines.length - 1 - i) * size * 1.02, line, {
        size,
        anchor: 'middle',
        weight: 900,
        maxWidth: w - 60,
        extra: 'paint-order="stroke" stroke="#0006" stroke-width="3"',
      }),
    )
    .join('');
  return svgDocument(
    w,
    h,
    `Постер фильма «${film.title}»`,
    scene.defs + linear('shade', ['#0000', '#000a', '#000e']),
    scene.body +
      rect(0, h * 0.5, w, h * 0.5, 'url(#shade)') +
      rect(0, 0, w, 120, '#0000004d') +
      text(w / 2, 48, stars.map((s) => s.toUpperCase()).join('   '), {
        size: 15,
        anchor: 'middle',
        spacing: 2,
        weight: 600,
        maxWidth: w - 60,
      }) +
      text(w / 2, 88, art.tagline, { size: 19, anchor: 'middle', weight: 500, fill: '#f8fafc', maxWidth: w - 60 }) +
      title +
      text(w / 2, 800, `РЕЖИССЁР ${director.toUpperCase()}`, { size: 14, anchor: 'middle', spacing: 3, weight: 600 }) +
      text(w / 2, 826, credits(film, stars), {
        size: 8,
        anchor: 'middle',
        weight: 500,
        fill: '#cbd5e1',
        maxWidth: w - 80,
      }) +
      badges(w / 2 - 80, 872, film, art.accent, 18) +
      text(w - 40, 872, 'ТОЛЬКО В КИНО', { size: 15, anchor: 'end', spacing: 2, fill: art.accent }),
  );
}

/** The small print of a poster: studio, cast and crew (all fictional). */
const credits = (film: SeedFilm, stars: readonly string[]) =>
  `КИНОКОМПАНИЯ «СЕВЕРНОЕ СИЯНИЕ» ПРЕДСТАВЛЯЕТ  В РОЛЯХ ${stars.join(' ').toUpperCase()}  ` +
  `${film.countries.join(' · ').toUpperCase()} ${film.year}`;

/**
 * A wide promo picture: scenery only, darker on the left. The site draws the title, the age and the
 * format over it (banner, film page, new-films cards), so none of that is painted in.
 */
export function promo({ film, art }: PosterFilm): string {
  const [w, h] = [1600, 640];
  const scene = drawScene(art, w, h, seededRandom(`${film.slug}-promo`), 'b', {
    horizon: 0.7,
    lightX: 0.78,
    heroX: 0.72,
    heroScale: 0.95,
  });
  return svgDocument(
    w,
    h,
    `Баннер фильма «${film.title}»`,
    scene.defs + linear('side', ['#000d', '#0008', '#0000'], 0),
    scene.body + rect(0, 0, w * 0.7, h, 'url(#side)'),
  );
}

export function still(film: SeedFilm, art: SceneArt, n: number): string {
  const [w, h] = [1280, 720];
  const rnd = seededRandom(`${film.slug}-still-${n}`);
  const scene = drawScene(art, w, h, rnd, 's');
  return svgDocument(
    w,
    h,
    `Кадр из фильма «${film.title}»`,
    scene.defs +
      `<radialGradient id="vignette"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>`,
    scene.body + rect(0, 0, w, h, 'url(#vignette)'),
  );
}

/** Studio backdrops for portraits: [top, bottom, light]. */
const STUDIO = [
  ['#1e293b', '#475569', '#fbbf24'],
  ['#3b0764', '#7e22ce', '#f0abfc'],
  ['#0c4a6e', '#0891b2', '#a5f3fc'],
  ['#422006', '#a16207', '#fde68a'],
  ['#14532d', '#15803d', '#bbf7d0'],
  ['#450a0a', '#b91c1c', '#fecaca'],
] as const;

const MALE_NAMES_IN_A = ['Илья', 'Лука', 'Никита'];
const isFemale = (fio: string) => {
  const first = fio.split(' ')[0]!;
  return /[ая]$/.test(first) && !MALE_NAMES_IN_A.includes(first);
};

/** A head-and-shoulders silhouette standing on `base`, with a rim of light. */
function silhouette(person: SeedPerson, cx: number, base: number, s: number, rim: string): string {
  const scale = s * (person.age < 16 ? 0.82 : 1);
  const hair = person.age >= 55 ? '#9ca3af' : '#0f0f14';
  const body = '#111827';
  const female = isFemale(person.fio);
  const g = (inner: string) => `<g transform="translate(${r(cx)} ${r(base)}) scale(${frac(scale)})">${inner}</g>`;
  return g(
    (female ? path('M-80 -300 q0 -130 80 -130 q80 0 80 130 l16 150 q-96 30 -192 0 z', hair) : '') +
      path(
        'M-175 0 q6 -150 115 -182 l20 -30 h80 l20 30 q109 32 115 182 z',
        body,
        `stroke="${rim}" stroke-opacity="0.5" stroke-width="3"`,
      ) +
      rect(-30, -240, 60, 60, body) +
      `<ellipse cx="0" cy="-300" rx="64" ry="80" fill="${body}" stroke="${rim}" stroke-opacity="0.6" stroke-width="3"/>` +
      (female
        ? path('M-66 -310 q6 -76 66 -76 q60 0 66 76 q-40 -40 -132 0 z', hair)
        : path('M-64 -318 q4 -64 64 -64 q60 0 64 64 q-60 -30 -128 0 z', hair)),
  );
}

const initials = (fio: string) =>
  fio
    .split(' ')
    .map((p) => p[0])
    .join('');

/** The main portrait (n = 0) or an extra photo: on the set of one of their films (1), at a press wall (2). */
export function portrait(person: SeedPerson, n: number, onSet?: SceneArt): string {
  const [w, h] = [480, 600];
  const rnd: SeededRandom = seededRandom(`${person.slug}-${n}`);
  const [top, bottom, light] = STUDIO[(person.slug.length + n) % STUDIO.length]!;
  let defs = linear('bg', [top, bottom]) + glow('spot', light, 0.55);
  let back = rect(0, 0, w, h, 'url(#bg)') + circle(w * 0.5, h * 0.42, 260, 'url(#spot)');
  if (n === 1 && onSet) {
    const scene = drawScene(onSet, w, h, rnd, 'set');
    defs += scene.defs;
    back = scene.body + rect(0, 0, w, h, '#00000040');
  }
  if (n === 2) {
    // The press wall: the cinema's name repeated in a staggered pattern.
    const name = DEMO_CINEMA.short_name.toUpperCase();
    defs +=
      `<pattern id="wall" width="300" height="140" patternUnits="userSpaceOnUse">` +
      text(20, 40, name, { size: 18, fill: light, spacing: 2, extra: 'opacity="0.35"' }) +
      text(170, 110, name, { size: 18, fill: light, spacing: 2, extra: 'opacity="0.35"' }) +
      '</pattern>';
    back = rect(0, 0, w, h, top) + rect(0, 0, w, h, 'url(#wall)');
  }
  const label = n === 0 ? `Фото: ${person.fio}` : `${person.fio}, фото ${n}`;
  return svgDocument(
    w,
    h,
    label,
    defs,
    back +
      (n === 0
        ? text(w - 24, 90, initials(person.fio), {
            size: 84,
            anchor: 'end',
            fill: light,
            weight: 900,
            extra: 'opacity="0.18"',
          })
        : '') +
      silhouette(person, n === 1 ? w * rnd.between(0.3, 0.7) : w / 2, h + 4, n === 0 ? 1.2 : 1, light),
  );
}

/** A round avatar with the account's initials. */
export function avatar(fio: string, seed: string): string {
  const [top, bottom, light] = STUDIO[seed.length % STUDIO.length]!;
  return svgDocument(
    256,
    256,
    `Аватар: ${fio}`,
    linear('bg', [top, bottom], 45),
    circle(128, 128, 128, 'url(#bg)') +
      text(128, 150, initials(fio), { size: 72, anchor: 'middle', fill: light, weight: 800, family: FONT }),
  );
}
