/** Files for upload tests: a real PNG of a size, a text file that claims to be one, an SVG. */
import sharp from 'sharp';

export async function pngBlob(width = 40, height = 30): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

/** Text named and typed as a PNG: content sniffing must refuse it. */
export const fakePngBlob = () => new Blob(['<?php echo "not an image"; ?>'], { type: 'image/png' });

export const svgBlob = () =>
  new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'], {
    type: 'image/svg+xml',
  });

/** Zeros one byte over `maxBytes`: the size limit answers before anything reads the content. */
export const oversizedBlob = (maxBytes: number) => new Blob([new Uint8Array(maxBytes + 1)], { type: 'image/png' });
