/**
 * The reports as files: the same table as the JSON answer, as CSV for Russian Excel (a BOM so it reads
 * UTF-8, ';' between fields and ',' in decimals, as Excel with Russian regional settings opens a CSV on a
 * double-click) and as XLSX written by exceljs (numbers stay numbers, so a spreadsheet sums them); the
 * distributor's week also as the PDF a distributor is sent (the same columns, printed, with signatures).
 */
import ExcelJS from 'exceljs';
import { cinemaAddress, cinemaName } from '../../contract/cinema';
import type { CinemaSettings } from '../../contract/settings';
import { formatDayWithWeekday } from '../../contract/format';
import { drawPdfTable, renderPdf } from '../../lib/documents/pdf';
import {
  distributorFileName,
  GROUPING_LABELS,
  salesFileName,
  SESSION_GROUPINGS,
  type DistributorReport,
  type SalesReport,
  type SalesRow,
} from '../../contract/reports';

export interface ReportFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY = '#,##0.00';

interface Column<R> {
  header: string;
  value: (row: R) => string | number | null;
  money?: boolean;
  width: number;
  /** How a printed copy writes the cell, where not as its value (money as roubles, numbers as they are). */
  printed?: (row: R) => string;
}

/** The sales table's columns, once for both formats; occupancy only where sessions make the rows. */
function salesColumns(report: SalesReport): Column<SalesRow>[] {
  const columns: Column<SalesRow>[] = [
    { header: GROUPING_LABELS[report.by], value: (r) => r.label, width: report.by === 'session' ? 48 : 28 },
    { header: 'Продано билетов', value: (r) => r.tickets, width: 16 },
    { header: 'Выручка, ₽', value: (r) => r.gross, money: true, width: 16 },
    { header: 'Возвраты, шт.', value: (r) => r.refunds, width: 14 },
    { header: 'Возвраты, ₽', value: (r) => r.refunds_sum, money: true, width: 16 },
    { header: 'Итого, ₽', value: (r) => r.net, money: true, width: 16 },
    { header: 'Средняя цена, ₽', value: (r) => r.average_price, money: true, width: 16 },
  ];
  if (SESSION_GROUPINGS.has(report.by)) {
    columns.push(
      { header: 'Мест', value: (r) => r.capacity, width: 10 },
      { header: 'Заполняемость, %', value: (r) => r.occupancy, width: 18 },
    );
  }
  return columns;
}

/** A field as Russian Excel reads it: decimals with a comma, quoted when needed, never a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function salesCsv(report: SalesReport): ReportFile {
  const columns = salesColumns(report);
  const lines = [
    columns.map((c) => csvField(c.header)),
    ...[...report.rows, report.total].map((row) => columns.map((c) => csvField(c.value(row)))),
  ].map((fields) => fields.join(';'));
  return {
    filename: salesFileName(report, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
  };
}

async function workbookOf<R>(
  sheetName: string,
  title: string[],
  columns: Column<R>[],
  rows: R[],
  total: R,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Kino';
  const sheet = workbook.addWorksheet(sheetName);
  for (const line of title) sheet.addRow([line]).font = { bold: true };
  if (title.length) sheet.addRow([]);
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  sheet.addRow(columns.map((c) => c.value(total))).font = { bold: true };
  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = c.width;
    if (c.money) column.numFmt = MONEY;
  });
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function salesXlsx(report: SalesReport): Promise<ReportFile> {
  const title = [`Продажи с ${report.from} по ${report.to}: ${GROUPING_LABELS[report.by].toLowerCase()}`];
  return {
    filename: salesFileName(report, 'xlsx'),
    contentType: XLSX_TYPE,
    bytes: await workbookOf('Продажи', title, salesColumns(report), report.rows, report.total),
  };
}

type DistributorLine = { date: string } & DistributorReport['total'];

/** A day with its weekday; the total's label as it is. */
const printedDay = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDayWithWeekday(date) : date);

/** The distributor's usual table, once for the XLSX and the PDF: day, sessions, admissions, gross. */
const DISTRIBUTOR_COLUMNS: Column<DistributorLine>[] = [
  { header: 'Дата', value: (r) => r.date, width: 14, printed: (r) => printedDay(r.date) },
  { header: 'Сеансов', value: (r) => r.sessions, width: 10 },
  { header: 'Зрителей', value: (r) => r.tickets, width: 10 },
  { header: 'Валовый сбор, ₽', value: (r) => r.gross, money: true, width: 18 },
];

const distributorTitle = (report: DistributorReport) => [
  `Фильм: ${report.film.title}`,
  `Прокатное удостоверение: ${report.film.pu_number ?? '—'}`,
  `Неделя: ${report.week} — ${report.days.at(-1)!.date}`,
];
const totalLine = (report: DistributorReport): DistributorLine => ({ date: 'Итого', ...report.total });

export async function distributorXlsx(report: DistributorReport): Promise<ReportFile> {
  return {
    filename: distributorFileName(report.film.id, report.week, 'xlsx'),
    contentType: XLSX_TYPE,
    bytes: await workbookOf(
      'Отчёт прокатчику',
      distributorTitle(report),
      DISTRIBUTOR_COLUMNS,
      report.days,
      totalLine(report),
    ),
  };
}

/** Money in a printed table: always with kopecks, so the column lines up ('9 101,00'); the header says ₽. */
const printedMoney = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cell as printed: its own form, else money in roubles and numbers as they are. */
function printedCell<R>(column: Column<R>, row: R): string {
  if (column.printed) return column.printed(row);
  const value = column.value(row);
  if (value === null) return '—';
  if (typeof value === 'number') return column.money ? printedMoney.format(value) : String(value);
  return value;
}

/**
 * The week as the A4 page a distributor is sent: the cinema and its legal entity (the settings), the film and
 * its ПУ, the table, signatures.
 */
export async function distributorPdf(report: DistributorReport, cinema: CinemaSettings | null): Promise<ReportFile> {
  const lastDay = report.days.at(-1)!.date;
  const title = `Отчёт прокатчику — ${report.film.title}, ${report.week} — ${lastDay}`;
  const bytes = await renderPdf({ title, author: cinemaName(cinema), size: 'A4', margin: 48 }, (doc) => {
    doc.font('bold').fontSize(14).text('Отчёт о прокате фильма');
    doc
      .font('regular')
      .fontSize(10)
      .text(cinema ? `${cinema.name}, ${cinemaAddress(cinema)}` : cinemaName(cinema));
    if (cinema) doc.text(`${cinema.legal_name}, ИНН ${cinema.inn}, ОГРН ${cinema.ogrn}`);
    doc.moveDown(0.8);
    const line = (label: string, value: string) =>
      doc.font('regular').text(`${label}: `, { continued: true }).font('bold').text(value);
    line('Фильм', report.film.title);
    line('Прокатное удостоверение', report.film.pu_number ?? '—');
    line('Прокатная неделя', `${printedDay(report.week)} — ${printedDay(lastDay)}`);
    doc.moveDown(0.8);
    drawPdfTable(
      doc,
      DISTRIBUTOR_COLUMNS.map((c, i) => ({ header: c.header, weight: c.width, align: i === 0 ? 'left' : 'right' })),
      [
        ...report.days.map((day) => ({ cells: DISTRIBUTOR_COLUMNS.map((c) => printedCell(c, day)) })),
        { cells: DISTRIBUTOR_COLUMNS.map((c) => printedCell(c, totalLine(report))), bold: true },
      ],
    );
    doc.moveDown(0.8);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#555555')
      .text('Зрители — билеты на сеансы дня, проданные и не возвращённые; валовый сбор — их стоимость.');
    doc.moveDown(2);
    doc.fillColor('#000000').fontSize(10);
    doc.text('Директор кинотеатра ____________________ / ____________________ /');
    doc.moveDown(1.2);
    doc.text('Дата составления отчёта ____________________');
  });
  return {
    filename: distributorFileName(report.film.id, report.week, 'pdf'),
    contentType: 'application/pdf',
    bytes,
  };
}
