/**
 * The PDF documents Kino prints (tickets, shift reports, the distributor's report): pdfkit with DejaVu Sans (shipped as an npm
 * package: PDF's built-in fonts have no Cyrillic) registered as 'regular' and 'bold', the bytes gathered
 * as the document is written.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * The fonts, parsed once per process: given a file, pdfkit parses it again for every document, and
 * decoding its tables (for the layout of each word) was most of a rendering's time — ≈ 10× less CPU
 * per ticket with the parsed tables shared (scripts/bench: bench:checkout renders 110 at once). pdfkit
 * takes a font of fontkit (its font engine; no types of its own: the calls used are typed here) where
 * it takes a file, though its types name the file only. Each document still embeds its own subset,
 * and starts with no glyphs: fontkit keeps each glyph with the characters it was first met for, which
 * the document's text layer (copy, search, screen readers) is written from — another document's would
 * be wrong.
 */
type ParsedFont = { layout(text: string): unknown; _glyphs: Record<number, unknown> };
const { create: openFont } = require('fontkit') as { create(file: Uint8Array): ParsedFont };
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;
function fontsForDocument() {
  fonts ??= { regular: openFont(fs.readFileSync(FONT)), bold: openFont(fs.readFileSync(FONT_BOLD)) };
  fonts.regular._glyphs = {};
  fonts.bold._glyphs = {};
  return fonts;
}

/** A page size pdfkit takes: a named paper size or [width, height] in points. */
export type PdfPage = 'A6' | 'A4' | [number, number];

/**
 * A new document with the fonts registered ('regular', 'bold'); `draw` writes its pages, then the
 * document's bytes are the answer.
 */
export function renderPdf(
  options: { title: string; author: string; size: PdfPage; margin: number; autoFirstPage?: boolean },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    autoFirstPage: options.autoFirstPage ?? true,
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = fontsForDocument();
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  draw(doc);
  doc.end();
  return done;
}

/** One column of a drawn table: its header, its share of the width, and how its cells align. */
export interface PdfColumn {
  header: string;
  /** Relative width: the columns share the text width in these proportions. */
  weight: number;
  align?: 'left' | 'right';
}

const CELL_PADDING = 4;

/**
 * A ruled table from the current position, the full text width: a bold header row, the rows, and the
 * `bold` rows (totals) in bold. A row that would cross the bottom margin starts a new page, header again.
 */
export function drawPdfTable(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  rows: { cells: string[]; bold?: boolean }[],
  fontSize = 10,
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const weights = columns.reduce((s, c) => s + c.weight, 0);
  const widths = columns.map((c) => (width * c.weight) / weights);
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(fontSize);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - 2 * CELL_PADDING }));
    const height = Math.max(...heights) + 2 * CELL_PADDING;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.header),
        true,
      );
      doc.font(bold ? 'bold' : 'regular').fontSize(fontSize);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((text, i) => {
      const w = widths[i]!;
      doc.rect(x, top, w, height).lineWidth(0.5).stroke('#000000');
      doc.fillColor('#000000').text(text, x + CELL_PADDING, top + CELL_PADDING, {
        width: w - 2 * CELL_PADDING,
        align: columns[i]!.align ?? 'left',
      });
      x += w;
    });
    doc.x = left;
    doc.y = top + height;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row.cells, row.bold ?? false);
}
