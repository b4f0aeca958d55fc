/**
 * Reading PDFs as a person would, for tests: the text of every page, and the QR codes found on
 * each page rendered to pixels (pdf.js through pdf-parse, decoded by jsQR).
 */
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';

async function withParser<T>(pdf: Buffer, read: (parser: PDFParse) => Promise<T>): Promise<T> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return await read(parser);
  } finally {
    await parser.destroy();
  }
}

/** The text of the whole document, runs of white space made one space. */
export const pdfText = (pdf: Buffer): Promise<string> =>
  withParser(pdf, async (parser) => (await parser.getText()).text.replace(/\s+/g, ' '));

/** The content of the QR code in a PNG picture (a page, or a screenshot of one), or undefined. */
export function pngQrCode(picture: Uint8Array): string | undefined {
  const png = PNG.sync.read(Buffer.from(picture));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/**
 * Every QR code in a PNG picture: each one found is painted over (its corners and a margin) and the
 * picture read again, so a page with two codes (a ticket's check-in code and its receipt's) gives both.
 */
export function pngQrCodesAll(picture: Uint8Array, max = 4): string[] {
  const png = PNG.sync.read(Buffer.from(picture));
  const pixels = new Uint8ClampedArray(png.data);
  const found: string[] = [];
  for (let i = 0; i < max; i++) {
    // Printed black on white: the inverted reading (which doubles the time) is never needed.
    const qr = jsQR(pixels, png.width, png.height, { inversionAttempts: 'dontInvert' });
    if (!qr) break;
    found.push(qr.data);
    const corners = Object.values(qr.location).filter((p): p is { x: number; y: number } => 'x' in p);
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const pad = (Math.max(...xs) - Math.min(...xs)) * 0.05;
    const [x0, x1] = [Math.max(0, Math.min(...xs) - pad), Math.min(png.width, Math.max(...xs) + pad)];
    const [y0, y1] = [Math.max(0, Math.min(...ys) - pad), Math.min(png.height, Math.max(...ys) + pad)];
    for (let y = Math.floor(y0); y < y1; y++) {
      for (let x = Math.floor(x0); x < x1; x++) pixels.fill(255, (y * png.width + x) * 4, (y * png.width + x) * 4 + 4);
    }
  }
  return found;
}

/** Every QR code on each page (at most `max` a page: reading stops there), rendered at 3× scale. */
export const pdfAllQrCodes = (pdf: Buffer, max?: number): Promise<string[][]> =>
  withParser(pdf, async (parser) => {
    const { pages } = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false });
    return pages.map((page) => pngQrCodesAll(page.data, max));
  });

/** The content of the QR code on each page (undefined for a page without one), rendered at 3× scale. */
export const pdfQrCodes = (pdf: Buffer): Promise<(string | undefined)[]> =>
  withParser(pdf, async (parser) => {
    const { pages } = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false });
    return pages.map((page) => pngQrCode(page.data));
  });
