/** Artwork of the news (a main picture and numbered block pictures) and of the promotions. */
import { seededRandom, type SeededRandom } from '@kino/backend/lib/infra/random';
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';
import type { SeedNews } from '@kino/backend/seed/data/news';
import type { SeedPromotion } from '@kino/backend/seed/data/promotions';
import { FILM_ART } from './film-art';
import { drawScene } from './scenes';
import { circle, glow, linear, path, polygon, r, rect, svgDocument, text } from './svg';

const SEAT = { free: '#7c3aed', taken: '#9ca3af', chosen: '#22c55e' };

/** A hall seen from the back rows: a glowing screen over curved rows of seats. */
function hall(w: number, h: number, rnd: SeededRandom, screen: string): string {
  let out = polygon([w * 0.12, h * 0.1, w * 0.88, h * 0.1, w * 0.8, h * 0.46, w * 0.2, h * 0.46], screen);
  out += polygon([w * 0.2, h * 0.46, w * 0.8, h * 0.46, w * 1.1, h, -w * 0.1, h], 'url(#beam)', 'opacity="0.35"');
  for (let row = 0; row < 6; row++) {
    const y = h * 0.55 + row * row * 9 + row * 28;
    const size = 18 + row * 7;
    for (let x = -size; x < w + size; x += size * 1.25) {
      const bend = ((x - w / 2) / w) ** 2 * 40;
      out += rect(x, y - bend, size, size * 0.9, rnd.next() < 0.12 ? '#3f3f46' : '#7f1d1d', `rx="${r(size * 0.25)}"`);
    }
  }
  return out;
}

/** The seat map of the site: free, taken and chosen seats under the screen arc. */
function seatMap(w: number, h: number, rnd: SeededRandom): string {
  let out = path(
    `M${r(w * 0.25)} ${r(h * 0.16)} Q${r(w / 2)} ${r(h * 0.06)} ${r(w * 0.75)} ${r(h * 0.16)}`,
    'none',
    'stroke="#e9d5ff" stroke-width="6"',
  );
  const size = Math.min(w / 20, h / 15);
  for (let row = 0; row < 10; row++) {
    for (let place = 0; place < 11; place++) {
      const pick = rnd.next();
      const fill = row === 5 && (place === 5 || place === 6) ? SEAT.chosen : pick < 0.3 ? SEAT.taken : SEAT.free;
      out += rect(
        w / 2 + (place - 5.5) * size * 1.3,
        h * 0.24 + row * size * 1.25,
        size,
        size,
        fill,
        `rx="${r(size * 0.25)}"`,
      );
    }
  }
  return out;
}

function balloons(w: number, h: number, rnd: SeededRandom): string {
  let out = '';
  for (let i = 0; i < 9; i++) {
    const [x, y] = [rnd.between(w * 0.5, w * 0.95), rnd.between(h * 0.1, h * 0.55)];
    out += path(`M${r(x)} ${r(y + 50)} q-14 60 6 120`, 'none', 'stroke="#fff" stroke-opacity="0.6" stroke-width="2"');
    out += `<ellipse cx="${r(x)}" cy="${r(y)}" rx="40" ry="50" fill="${rnd.pick(['#f472b6', '#facc15', '#38bdf8', '#a3e635', '#fb923c'])}"/>`;
  }
  return out;
}

function filmStrip(y: number, w: number, color: string): string {
  let out = rect(0, y, w, 90, color);
  for (let x = 10; x < w; x += 40)
    out += rect(x, y + 8, 22, 14, '#fff', 'rx="3"') + rect(x, y + 68, 22, 14, '#fff', 'rx="3"');
  return out;
}

/** A film reel: a disc with six holes. */
function reel(cx: number, cy: number, radius: number, color: string): string {
  let out = circle(cx, cy, radius, color) + circle(cx, cy, radius * 0.14, '#0b0b0f');
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3;
    out += circle(cx + Math.cos(a) * radius * 0.55, cy + Math.sin(a) * radius * 0.55, radius * 0.2, '#0b0b0f');
  }
  return out;
}

/** A news picture: the main one (n = 0, with a headline) or block picture n. */
export function newsImage(news: SeedNews, n: number): string {
  const [w, h] = [1200, 675];
  const rnd = seededRandom(`${news.slug}-${n}`);
  const hue = ['#1e1b4b', '#4c0519', '#052e16', '#0c4a6e'][n % 4]!;
  let defs = linear('bg', [hue, '#020617']) + glow('beam', '#e0e7ff') + glow('spot', '#fde68a');
  let body = rect(0, 0, w, h, 'url(#bg)');
  let headline = '';
  if (news.slug === 'imax-hall') {
    body += hall(w, h, rnd, n === 0 ? '#dbeafe' : '#fef3c7');
    headline = 'ЗАЛ 1 · IMAX';
  } else if (news.slug === 'family-festival') {
    body += filmStrip(h * 0.72, w, '#111827') + balloons(w, h, rnd);
    headline = '«РАКЕТКА»';
  } else if (news.slug === 'helios-premiere') {
    const scene = drawScene(FILM_ART.helios, w, h, rnd, 'h');
    defs += scene.defs;
    body = scene.body + polygon([w * 0.3, 0, w * 0.36, 0, w * 0.6, h, w * 0.2, h], 'url(#spot)', 'opacity="0.4"');
    headline = n === 0 ? 'ПРЕМЬЕРА' : '';
  } else if (news.slug === 'film-club') {
    body += reel(w * 0.72, h * 0.45, 200, '#e5e7eb') + reel(w * 0.9, h * 0.2, 110, '#9ca3af');
    headline = 'КИНОКЛУБ · ЧТ 19:30';
  } else {
    body += seatMap(w, h, rnd);
    headline = '';
  }
  if (n === 0 && headline) {
    body +=
      rect(0, h - 150, w, 150, '#0009') + text(60, h - 55, headline, { size: 72, weight: 900, maxWidth: w - 120 });
  }
  return svgDocument(w, h, n === 0 ? news.title : `${news.title}, иллюстрация ${n}`, defs, body);
}

const PROMOTION_ART: Record<string, { big: string; small: string; colors: [string, string, string] }> = {
  morning: { big: '250 ₽', small: 'ВСЕ СЕАНСЫ ДО 12:00', colors: ['#fde68a', '#fb923c', '#7c2d12'] },
  students: { big: '−30%', small: 'СТУДЕНЧЕСКАЯ СРЕДА', colors: ['#a5b4fc', '#4f46e5', '#1e1b4b'] },
  birthday: { big: 'В ПОДАРОК', small: 'БИЛЕТ ИМЕНИННИКУ', colors: ['#fbcfe8', '#db2777', '#500724'] },
  family: { big: '4 = 3', small: 'СЕМЕЙНЫЙ ВЫХОДНОЙ', colors: ['#bbf7d0', '#16a34a', '#052e16'] },
  'popcorn-combo': { big: '490 ₽', small: 'ПОПКОРН + ДВА НАПИТКА', colors: ['#fef08a', '#dc2626', '#450a0a'] },
};

/** A promotion banner: a big figure, a line of small capitals and a motif on the right. */
export function promotionImage(promotion: SeedPromotion): string {
  const [w, h] = [1200, 600];
  const art = PROMOTION_ART[promotion.slug];
  if (!art) throw new Error(`No artwork for the promotion ${promotion.slug}`);
  const [light, mid, dark] = art.colors;
  const rnd = seededRandom(promotion.slug);
  let motif = '';
  for (let i = 0; i < 14; i++)
    motif += circle(rnd.between(w * 0.55, w), rnd.between(0, h), rnd.between(20, 90), light, 'opacity="0.18"');
  // A popcorn bucket, a gift or a ticket on the right.
  if (promotion.slug === 'popcorn-combo') {
    motif += polygon([820, 220, 1060, 220, 1030, 560, 850, 560], '#fff');
    for (let x = 850; x < 1040; x += 44) motif += polygon([x, 220, x + 22, 220, x + 18, 560, x + 4, 560], mid);
    for (let i = 0; i < 12; i++)
      motif += circle(830 + rnd.between(0, 220), 200 - rnd.between(0, 70), rnd.between(22, 34), '#fffbeb');
  } else if (promotion.slug === 'birthday') {
    motif +=
      rect(820, 300, 260, 220, light) +
      rect(935, 300, 30, 220, mid) +
      rect(800, 250, 300, 60, light) +
      rect(935, 250, 30, 60, mid);
    motif += path('M950 250 q-80 -90 -110 -20 q40 30 110 20 z M950 250 q80 -90 110 -20 q-40 30 -110 20 z', mid);
  } else {
    motif += rect(800, 170, 320, 260, light, 'rx="24" transform="rotate(-8 960 300)"');
    motif += text(960, 330, 'БИЛЕТ', {
      size: 54,
      anchor: 'middle',
      fill: dark,
      weight: 900,
      extra: 'transform="rotate(-8 960 300)"',
    });
  }
  return svgDocument(
    w,
    h,
    promotion.title,
    linear('bg', [mid, dark], 20),
    rect(0, 0, w, h, 'url(#bg)') +
      motif +
      text(70, 300, art.big, { size: 150, weight: 900, fill: '#fff', maxWidth: 680 }) +
      text(74, 380, art.small, { size: 34, weight: 700, fill: light, spacing: 3, maxWidth: 680 }) +
      text(74, 530, DEMO_CINEMA.name.toUpperCase(), { size: 22, weight: 600, fill: '#ffffffb3', spacing: 4 }),
  );
}
