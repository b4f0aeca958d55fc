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

/** The content of the QR code on each page (undefined for a page without one), rendered at 3× scale. */
export const pdfQrCodes = (pdf: Buffer): Promise<(string | undefined)[]> =>
  withParser(pdf, async (parser) => {
    const { pages } = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false });
    return pages.map((page) => pngQrCode(page.data));
  });
