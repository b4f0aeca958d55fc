/**
 * Painted scenes for the demo artwork: a sky, a sun or moon, layers of land fading with distance,
 * one hero silhouette and a scatter of particles. A film's posters, banner and stills are the same
 * scene seen differently (the frame moves the horizon, the light and the hero).
 */
import type { SeededRandom } from '@kino/backend/lib/infra/random';
import { circle, frac, glow, linear, path, polygon, r, rect, text } from './svg';

export type Land = 'mountains' | 'hills' | 'waves' | 'forest' | 'city' | 'ice' | 'plain' | 'board';
export type Hero =
  | 'lighthouse'
  | 'station'
  | 'biplane'
  | 'penguin'
  | 'lamp'
  | 'rings'
  | 'bomber'
  | 'house'
  | 'puck'
  | 'tower'
  | 'figure'
  | 'domes'
  | 'ship'
  | 'king';
export type Particles = 'stars' | 'snow' | 'rain' | 'confetti' | 'bokeh' | 'glyphs' | 'fireflies';

export interface SceneArt {
  /** Sky from top to horizon. */
  sky: readonly string[];
  /** The light: sun, glow, windows, beams. */
  accent: string;
  /** Silhouettes of land and hero. */
  ground: string;
  light?: 'sun' | 'moon' | 'none';
  land: readonly Land[];
  hero?: Hero;
  particles?: Particles;
}

export interface Scene {
  defs: string;
  body: string;
}

/** Where things stand, as fractions of the canvas; what is not fixed is chosen at random. */
export interface Frame {
  horizon?: number;
  lightX?: number;
  heroX?: number;
  heroScale?: number;
}

/** Draws `art` on a w×h canvas; `id` keeps gradient ids unique within one document. */
export function drawScene(
  art: SceneArt,
  w: number,
  h: number,
  rnd: SeededRandom,
  id: string,
  frame: Frame = {},
): Scene {
  const horizon = h * (frame.horizon ?? rnd.between(0.55, 0.78));
  const lightX = w * (frame.lightX ?? rnd.between(0.15, 0.85));
  const lightY = horizon * rnd.between(0.3, 0.6);
  const defs =
    linear(`${id}sky`, art.sky) + glow(`${id}glow`, art.accent) + linear(`${id}fade`, ['#0000', `${art.ground}cc`]);
  let body = rect(0, 0, w, h, `url(#${id}sky)`);
  body += circle(lightX, lightY, Math.min(w, h) * 0.55, `url(#${id}glow)`, 'opacity="0.55"');
  if (art.light === 'sun') body += circle(lightX, lightY, Math.min(w, h) * 0.12, art.accent);
  if (art.light === 'moon') {
    const m = Math.min(w, h) * 0.08;
    body += circle(lightX, lightY, m, '#f4f1e6') + circle(lightX + m * 0.4, lightY - m * 0.2, m * 0.9, art.sky[0]!);
  }
  art.land.forEach((land, i) => {
    const depth = art.land.length - 1 - i;
    const base = horizon + (h - horizon) * (i / Math.max(1, art.land.length)) * 0.6;
    body += `<g opacity="${frac(1 - depth * 0.28)}">${drawLand(land, w, h, base, art, rnd)}</g>`;
  });
  body += rect(0, horizon, w, h - horizon, `url(#${id}fade)`);
  if (art.hero) {
    const scale = (Math.min(w, h) / 600) * (frame.heroScale ?? rnd.between(0.7, 1.5));
    const x = w * (frame.heroX ?? rnd.between(0.2, 0.8));
    body += drawHero(art.hero, x, horizon, scale, art, id);
  }
  if (art.particles) body += drawParticles(art.particles, w, h, horizon, art, rnd);
  return { defs, body };
}

function drawLand(land: Land, w: number, h: number, y: number, art: SceneArt, rnd: SeededRandom): string {
  const g = art.ground;
  switch (land) {
    case 'mountains':
      return polygon(ridge(w, h, y, h * 0.22, 7, rnd, true), g);
    case 'hills':
      return polygon(ridge(w, h, y, h * 0.07, 5, rnd, false), g);
    case 'plain':
      return polygon([0, y, w, y - h * 0.02, w, h, 0, h], g);
    case 'waves': {
      let out = rect(0, y, w, h - y, g);
      for (let row = 0; row < 6; row++) {
        const wy = y + (h - y) * (row / 6) + 4;
        const step = w / (8 + row * 2);
        let d = `M0 ${r(wy)}`;
        for (let x = 0; x < w; x += step) d += ` q${r(step / 4)} -${r(3 + row)} ${r(step / 2)} 0 t${r(step / 2)} 0`;
        out += path(d, 'none', `stroke="${art.accent}" stroke-opacity="${frac(0.15 + row * 0.05)}" stroke-width="2"`);
      }
      return out;
    }
    case 'forest': {
      let out = rect(0, y, w, h - y, g);
      for (let x = -20; x < w + 20; x += rnd.between(18, 34)) {
        const th = rnd.between(60, 150) * (h / 900);
        out += polygon([x - th * 0.22, y + 4, x, y - th, x + th * 0.22, y + 4], g);
      }
      return out;
    }
    case 'city': {
      let out = '';
      for (let x = 0; x < w;) {
        const bw = rnd.between(40, 110) * (w / 1000);
        const bh = rnd.between(0.08, 0.3) * h;
        out += rect(x, y - bh, bw - 4, h - y + bh, g);
        for (let wy = y - bh + 10; wy < y - 6; wy += 14) {
          if (rnd.next() < 0.35) out += rect(x + rnd.between(4, bw - 14), wy, 5, 7, art.accent, 'opacity="0.8"');
        }
        x += bw;
      }
      return out;
    }
    case 'ice':
      return (
        polygon([0, y, w * 0.3, y - 8, w * 0.55, y + 4, w, y - 10, w, h, 0, h], g) +
        path(
          `M${r(w * 0.2)} ${r(y + 20)} l${r(w * 0.1)} ${r(h * 0.05)} l${r(w * 0.15)} -${r(h * 0.02)}`,
          'none',
          `stroke="${art.accent}" stroke-opacity="0.4" stroke-width="2"`,
        )
      );
    case 'board': {
      // Squares converging to a vanishing point above the middle of the horizon.
      let out = rect(0, y, w, h - y, g);
      const cell = (yy: number) => w * 0.09 * ((yy - y) / (h - y) + 0.2);
      const edge = (i: number) => y + ((h - y) * i * i) / 36;
      for (let i = 0; i < 6; i++) {
        const [y0, y1] = [edge(i), edge(i + 1)];
        for (let j = -8; j < 8; j++) {
          if ((i + j + 16) % 2 === 0) continue;
          const [a0, a1, b0, b1] = [
            w / 2 + j * cell(y0),
            w / 2 + (j + 1) * cell(y0),
            w / 2 + j * cell(y1),
            w / 2 + (j + 1) * cell(y1),
          ];
          out += polygon([a0, y0, a1, y0, b1, y1, b0, y1], art.accent, 'opacity="0.22"');
        }
      }
      return out;
    }
  }
}

/** A jagged (peaks) or rolling line across the canvas, closed at the bottom. */
function ridge(w: number, h: number, y: number, amp: number, n: number, rnd: SeededRandom, sharp: boolean) {
  const points = [0, h, 0, y];
  const steps = sharp ? n : n * 4;
  for (let i = 0; i <= steps; i++) {
    const wave = sharp ? (i % 2 === 0 ? rnd.between(0.1, 0.4) : rnd.between(0.6, 1)) : 0.5 + Math.sin(i * 0.9) * 0.4;
    points.push((w * i) / steps, y - amp * wave);
  }
  points.push(w, h);
  return points;
}

function drawHero(hero: Hero, x: number, y: number, s: number, art: SceneArt, id: string): string {
  const g = art.ground;
  const a = art.accent;
  const at = (body: string, dy = 0) => `<g transform="translate(${r(x)} ${r(y + dy)}) scale(${frac(s)})">${body}</g>`;
  switch (hero) {
    case 'lighthouse':
      return at(
        polygon([-26, 0, -16, -210, 16, -210, 26, 0], g) +
          rect(-20, -240, 40, 30, a) +
          polygon([-24, -240, 0, -270, 24, -240], g) +
          polygon([20, -232, 420, -300, 420, -160], `url(#${id}glow)`, 'opacity="0.7"'),
      );
    case 'station': {
      // Two wings of solar panels, a ring with spokes round a core module.
      const panel = (x0: number) =>
        rect(x0, -22, 110, 44, a, 'opacity="0.9"') +
        path(
          `M${x0 + 27} -22v44M${x0 + 55} -22v44M${x0 + 82} -22v44M${x0} 0h110`,
          'none',
          `stroke="${g}" stroke-width="3"`,
        );
      return at(
        panel(-190) +
          panel(80) +
          rect(-80, -4, 160, 8, g) +
          circle(0, 0, 74, 'none', `stroke="${g}" stroke-width="14"`) +
          path('M0 -74V74M-74 0H74M-52 -52L52 52M-52 52L52 -52', 'none', `stroke="${g}" stroke-width="5"`) +
          rect(-22, -46, 44, 92, g, 'rx="12"') +
          circle(0, -20, 6, a),
        -y * 0.55,
      );
    }
    case 'biplane':
    case 'bomber': {
      const span = hero === 'bomber' ? 170 : 110;
      return at(
        polygon([-span, -4, span, -4, span - 10, 6, -span + 10, 6], g) +
          path('M-20 -14 q60 -8 120 4 l20 8 l-20 8 q-60 8 -120 4 z', g) +
          polygon([-30, -4, -60, -40, -44, -40, -10, -6], g) +
          (hero === 'bomber' ? circle(-70, 6, 10, g) + circle(70, 6, 10, g) : rect(-span, -30, span * 2, 6, g)),
        -y * 0.45,
      );
    }
    case 'penguin':
      return at(
        `<ellipse cx="0" cy="-90" rx="58" ry="90" fill="#1d2430"/><ellipse cx="0" cy="-78" rx="40" ry="70" fill="#f7f7f2"/>` +
          circle(-16, -140, 7, '#1d2430') +
          circle(16, -140, 7, '#1d2430') +
          polygon([-10, -124, 10, -124, 0, -108], '#f59e0b') +
          `<ellipse cx="-22" cy="0" rx="18" ry="7" fill="#f59e0b"/><ellipse cx="22" cy="0" rx="18" ry="7" fill="#f59e0b"/>`,
      );
    case 'lamp':
      return at(
        circle(0, -150, 150, `url(#${id}glow)`) +
          polygon([-60, -120, 60, -120, 36, -190, -36, -190], a) +
          rect(-5, -120, 10, 110, g) +
          rect(-50, -14, 100, 14, g),
      );
    case 'rings':
      return at(
        circle(-34, -150, 58, 'none', `stroke="${a}" stroke-width="14"`) +
          circle(34, -150, 58, 'none', `stroke="#fff5d6" stroke-width="14"`),
      );
    case 'house':
      return at(
        polygon([-90, 0, -90, -90, 0, -160, 90, -90, 90, 0], g) +
          rect(40, -170, 18, 50, g) +
          rect(-50, -80, 30, 34, a) +
          circle(-35, -63, 60, `url(#${id}glow)`, 'opacity="0.6"'),
      );
    case 'puck':
      return at(
        `<ellipse cx="0" cy="-10" rx="70" ry="22" fill="#0b0f14"/>` +
          rect(-70, -40, 140, 30, '#111827') +
          `<ellipse cx="0" cy="-40" rx="70" ry="22" fill="#1f2937"/>` +
          path('M120 -300 l-30 260 q-2 20 -40 26 l-90 6 l4 -22 l80 -10 l40 -260 z', a, 'opacity="0.9"'),
      );
    case 'tower':
      return at(rect(-24, -260, 48, 260, g) + polygon([-34, -260, 0, -330, 34, -260], g) + circle(0, -225, 14, a), -30);
    case 'figure':
      return at(
        circle(0, -170, 22, g) +
          path('M-40 0 l10 -140 q30 -14 60 0 l10 140 z', g) +
          rect(-60, -4, 120, 4, a, 'opacity="0.8"'),
      );
    case 'domes':
      return at(
        rect(-60, -90, 120, 90, g) +
          rect(-14, -170, 28, 80, g) +
          path('M-14 -170 q14 -40 0 -56 q-14 16 0 56 z M-14 -170 q-6 -28 14 -48 q20 20 14 48 z', a) +
          path('M-52 -90 q18 -36 36 0 z M16 -90 q18 -36 36 0 z', a),
      );
    case 'ship':
      return at(
        path('M-140 -20 l280 0 l-40 40 l-200 0 z', g) +
          rect(-4, -220, 8, 200, g) +
          polygon([6, -210, 110, -40, 6, -40], '#f4efe1') +
          polygon([-6, -190, -100, -40, -6, -40], '#e8dcc0'),
      );
    case 'king':
      return at(
        path('M-60 0 h120 l-10 -30 h-100 z M-40 -30 l14 -130 h52 l14 130 z M-30 -160 h60 v-16 h-60 z', g) +
          rect(-5, -215, 10, 40, g) +
          rect(-18, -202, 36, 10, g) +
          circle(0, -120, 120, `url(#${id}glow)`, 'opacity="0.3"'),
      );
  }
}

function drawParticles(kind: Particles, w: number, h: number, horizon: number, art: SceneArt, rnd: SeededRandom) {
  let out = '';
  const count = { stars: 70, snow: 90, rain: 80, confetti: 60, bokeh: 16, glyphs: 40, fireflies: 30 }[kind];
  for (let i = 0; i < count; i++) {
    const x = rnd.between(0, w);
    const y = rnd.between(0, kind === 'stars' ? horizon * 0.8 : h);
    if (kind === 'stars') out += circle(x, y, rnd.between(0.6, 2), '#fff', `opacity="${frac(rnd.between(0.3, 1))}"`);
    if (kind === 'snow') out += circle(x, y, rnd.between(1.2, 4), '#fff', `opacity="${frac(rnd.between(0.4, 0.9))}"`);
    if (kind === 'rain') out += path(`M${r(x)} ${r(y)} l-8 26`, 'none', `stroke="#cfe3ff" stroke-opacity="0.35"`);
    if (kind === 'confetti') {
      const color = rnd.pick([art.accent, '#fff', '#f472b6', '#facc15']);
      out += rect(x, y, 8, 14, color, `transform="rotate(${r(rnd.between(0, 180))} ${r(x)} ${r(y)})"`);
    }
    if (kind === 'bokeh')
      out += circle(x, y, rnd.between(14, 48), art.accent, `opacity="${frac(rnd.between(0.08, 0.25))}"`);
    if (kind === 'glyphs')
      out += text(x, y, rnd.next() < 0.5 ? '0' : '1', {
        size: 16,
        fill: art.accent,
        weight: 400,
        extra: 'opacity="0.5"',
      });
    if (kind === 'fireflies') out += circle(x, y, 2.5, art.accent, `opacity="${frac(rnd.between(0.4, 1))}"`);
  }
  return out;
}
