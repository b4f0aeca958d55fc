/**
 * The reports as files: the same table as the JSON answer, as CSV for Russian Excel (a BOM so it reads
 * UTF-8, ';' between fields and ',' in decimals, as Excel with Russian regional settings opens a CSV on a
 * double-click) and as XLSX written by exceljs (numbers stay numbers, so a spreadsheet sums them).
 */
import ExcelJS from 'exceljs';
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

export async function distributorXlsx(report: DistributorReport): Promise<ReportFile> {
  const columns: Column<DistributorLine>[] = [
    { header: 'Дата', value: (r) => r.date, width: 14 },
    { header: 'Сеансов', value: (r) => r.sessions, width: 10 },
    { header: 'Зрителей', value: (r) => r.tickets, width: 10 },
    { header: 'Валовый сбор, ₽', value: (r) => r.gross, money: true, width: 18 },
  ];
  const title = [
    `Фильм: ${report.film.title}`,
    `Прокатное удостоверение: ${report.film.pu_number ?? '—'}`,
    `Неделя: ${report.week} — ${report.days.at(-1)!.date}`,
  ];
  return {
    filename: distributorFileName(report.film.id, report.week),
    contentType: XLSX_TYPE,
    bytes: await workbookOf('Отчёт прокатчику', title, columns, report.days, { date: 'Итого', ...report.total }),
  };
}
