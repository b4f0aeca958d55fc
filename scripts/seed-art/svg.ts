/** Tiny SVG writing helpers for the demo artwork: documents, gradients, text that fits. */

export const FONT = "'Montserrat','Arial Black','Segoe UI',Arial,sans-serif";
export const SERIF = "'Playfair Display','Georgia','Times New Roman',serif";

/** Coordinates are whole units and fractions (opacity, scale) have two decimals: small, stable files. */
export const r = (n: number) => Math.round(n);
export const frac = (n: number) => Math.round(n * 100) / 100;

export const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A complete SVG document with a title for screen readers. */
export function svgDocument(width: number, height: number, label: string, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>` +
    `<defs>${defs}</defs>${body}</svg>\n`
  );
}

/** A linear gradient; `angle` 90 runs top to bottom, 0 left to right. */
export function linear(id: string, stops: readonly string[], angle = 90): string {
  const rad = (angle * Math.PI) / 180;
  const [x, y] = [Math.cos(rad) / 2, Math.sin(rad) / 2];
  return (
    `<linearGradient id="${id}" x1="${frac(0.5 - x)}" y1="${frac(0.5 - y)}" x2="${frac(0.5 + x)}" y2="${frac(0.5 + y)}">` +
    stops.map((c, i) => `<stop offset="${frac(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`).join('') +
    '</linearGradient>'
  );
}

/** A radial glow: `color` in the centre fading to transparent. */
export const glow = (id: string, color: string, opacity = 0.9) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
  `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const circle = (cx: number, cy: number, radius: number, fill: string, extra = '') =>
  `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** A polygon through points [x, y, x, y, …]. */
export const polygon = (points: readonly number[], fill: string, extra = '') =>
  `<polygon points="${points.map(r).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export interface TextOptions {
  size: number;
  fill?: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  family?: string;
  spacing?: number;
  /** Squeezes the text to this width when it would be wider. */
  maxWidth?: number;
  extra?: string;
}

/** Rough width of a line in bold capitals, as a share of the font size per character. */
const CHAR_WIDTH = 0.68;

export function text(x: number, y: number, content: string, o: TextOptions): string {
  const width = content.length * o.size * (CHAR_WIDTH + (o.spacing ?? 0) / o.size);
  const squeeze =
    o.maxWidth && width > o.maxWidth ? ` textLength="${r(o.maxWidth)}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<text x="${r(x)}" y="${r(y)}" font-family="${o.family ?? FONT}" font-size="${r(o.size)}" ` +
    `font-weight="${o.weight ?? 800}" fill="${o.fill ?? '#fff'}" text-anchor="${o.anchor ?? 'start'}"` +
    `${o.spacing ? ` letter-spacing="${o.spacing}"` : ''}${squeeze}${o.extra ? ` ${o.extra}` : ''}>` +
    `${escapeXml(content)}</text>`
  );
}

/** Splits a title into at most `maxLines` lines of about `perLine` characters, at spaces. */
export function wrap(title: string, perLine: number, maxLines = 3): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  while (lines.length > maxLines) lines.splice(-2, 2, `${lines.at(-2)} ${lines.at(-1)}`);
  return lines;
}

/** The largest font size (up to `max`) at which the longest line fits `width`. */
export const fitSize = (lines: readonly string[], width: number, max: number) =>
  Math.min(max, width / (Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH));
