/**
 * GET /api/shifts/{id}/pdf: the shift's report on A4, as the page shows it — the till, the cashier, when it
 * opened and closed; sales and refunds by method (tickets and sums); the cash: float, cash taken and given
 * back, expected, counted and the difference. Rendered now from the figures (never stored: an open shift's
 * figures move with every sale).
 */
import { cinemaName } from '../../contract/cinema';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  SHIFT_STATUS_LABELS,
} from '../../contract/constants';
import { formatRoubles, formatShortTime } from '../../contract/format';
import { differenceText, methodsTotal, shiftPdfName, type ShiftView } from '../../contract/till';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { renderPdf } from '../../lib/documents/pdf';
import type { AuthUser } from '../../lib/http/auth-user';
import { cinemaSettings } from '../settings/cinema';
import { visibleShift } from './access';
import { presentShift } from './queries';

const MARGIN = 48;
const GREY = '#555555';

export async function shiftReportPdf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: Pick<AuthUser, 'id' | 'role'>,
  shiftId: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const shift = await presentShift(ctx.db, await visibleShift(ctx.db, user, shiftId));
  const cinema = cinemaName(await cinemaSettings(ctx));
  return { filename: shiftPdfName(shift.id), bytes: await renderShiftPdf(shift, cinema, ctx.clock.now()) };
}

/** `cinema`: the cinema's name as the settings have it, printed at the top; `madeAt`: when, printed at the foot. */
export function renderShiftPdf(shift: ShiftView, cinema: string, madeAt: Date): Promise<Buffer> {
  return renderPdf(
    { title: `Отчёт смены №${shift.id} — ${shift.till}`, author: cinema, size: 'A4', margin: MARGIN },
    (doc) => drawReport(doc, shift, cinema, madeAt),
  );
}

function drawReport(doc: PDFKit.PDFDocument, shift: ShiftView, cinema: string, madeAt: Date) {
  const width = doc.page.width - 2 * MARGIN;
  const x = MARGIN;
  doc.font('bold').fontSize(11).fillColor('#6b21a8').text(cinema, { width });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(18).fillColor('#000000').text(`Отчёт смены №${shift.id}`, { width });
  doc.moveDown(0.6);

  const fact = (label: string, value: string) => {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(label, x, y, { width: 130 });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(value, x + 130, y, { width: width - 130 });
    doc.moveDown(0.25);
  };
  fact('Касса', shift.till);
  fact('Кассир', shift.cashier.fio);
  fact('Статус', SHIFT_STATUS_LABELS[shift.status]);
  fact('Открыта', formatShortTime(shift.opened_at));
  fact('Закрыта', shift.closed_at ? formatShortTime(shift.closed_at) : '—');

  /** A table of three columns: the method, the tickets (or refunds), the sum; a total row in bold. */
  const table = (title: string, head: [string, string], rows: [string, { count: number; amount: number }][]) => {
    doc.moveDown(1);
    doc.font('bold').fontSize(13).fillColor('#000000').text(title, x, doc.y, { width });
    doc.moveDown(0.3);
    const columns = [width - 200, 80, 120];
    const line = (cells: string[], font: 'regular' | 'bold', color = '#000000') => {
      const y = doc.y;
      let left = x;
      cells.forEach((cell, i) => {
        doc
          .font(font)
          .fontSize(10)
          .fillColor(color)
          .text(cell, left, y, { width: columns[i]!, align: i === 0 ? 'left' : 'right' });
        left += columns[i]!;
      });
      doc.y = y + 16;
      doc
        .moveTo(x, doc.y - 3)
        .lineTo(x + width, doc.y - 3)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
    };
    line([...head, 'Сумма'], 'regular', GREY);
    for (const [label, t] of rows) line([label, String(t.count), formatRoubles(t.amount)], 'regular');
    const total = methodsTotal(Object.fromEntries(rows));
    line(['Итого', String(total.count), formatRoubles(total.amount)], 'bold');
  };
  table(
    'Продажи',
    ['Способ оплаты', 'Билетов'],
    PAYMENT_METHODS.map((m) => [PAYMENT_METHOD_LABELS[m], shift.sales[m]!]),
  );
  table(
    'Возвраты',
    ['Способ возврата', 'Возвратов'],
    REFUND_METHODS.map((m) => [REFUND_METHOD_LABELS[m], shift.refunds[m]!]),
  );

  doc.moveDown(1);
  doc.font('bold').fontSize(13).fillColor('#000000').text('Наличные в кассе', x, doc.y, { width });
  doc.moveDown(0.3);
  const money = (label: string, value: string, bold = false, color = '#000000') => {
    const y = doc.y;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(10)
      .fillColor(GREY)
      .text(label, x, y, { width: width - 160 });
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(10)
      .fillColor(color)
      .text(value, x + width - 160, y, { width: 160, align: 'right' });
    doc.moveDown(0.3);
  };
  money('Разменная сумма', formatRoubles(shift.float));
  money('Наличные продажи', `+ ${formatRoubles(shift.sales.cash!.amount)}`);
  money('Наличные возвраты', `− ${formatRoubles(shift.refunds.cash!.amount)}`);
  money(shift.status === 'open' ? 'Ожидается сейчас' : 'Ожидалось', formatRoubles(shift.expected), true);
  if (shift.counted === null || shift.difference === null) {
    doc.moveDown(0.5);
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(GREY)
      .text('Смена открыта: наличные пересчитывают при закрытии.', x, doc.y, { width });
  } else {
    money('Пересчитано', formatRoubles(shift.counted), true);
    money('Разница', differenceText(shift.difference), true, shift.difference === 0 ? '#000000' : '#b91c1c');
  }

  const register = shift.register;
  if (register) {
    doc.moveDown(1);
    doc
      .font('bold')
      .fontSize(13)
      .fillColor('#000000')
      .text(`Касса (ККТ): смена №${register.shift_number}`, x, doc.y, { width });
    doc.moveDown(0.3);
    const z = register.z_report;
    money('Чеков Kino (приход и возврат)', String(register.receipts));
    money(
      'Чеки: приход наличными / безналичными',
      `${formatRoubles(register.totals.sell.cash)} / ${formatRoubles(register.totals.sell.electronically)}`,
    );
    money(
      'Чеки: возврат наличными / безналичными',
      `${formatRoubles(register.totals.sell_return.cash)} / ${formatRoubles(register.totals.sell_return.electronically)}`,
    );
    if (z) {
      money(`Z-отчёт (ФД №${z.document_number}): чеков`, String(z.receipts), true);
      money(
        'Z-отчёт: приход наличными / безналичными',
        `${formatRoubles(z.totals.sell.cash)} / ${formatRoubles(z.totals.sell.electronically)}`,
        true,
      );
      money(
        'Z-отчёт: возврат наличными / безналичными',
        `${formatRoubles(z.totals.sell_return.cash)} / ${formatRoubles(z.totals.sell_return.electronically)}`,
        true,
      );
    }
  }

  doc
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text(`Сформирован ${formatShortTime(toCinemaTime(madeAt))}`, x, doc.page.height - MARGIN - 10, {
      width,
      lineBreak: false,
    });
}
