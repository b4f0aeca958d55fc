/**
 * The cash register's side of a shift report: the register's shift number and, row by row, Kino's figures
 * beside the receipts Kino had printed and, once the shift closed the register, the Z-report's own — so a
 * difference between the till and the register shows at a glance (docs/architecture.md, "The cash register").
 */
import { formatRoubles, formatShortTime, type ShiftView } from '@kino/backend/contract';
import styles from './shifts.module.css';

type Row = [label: string, kino: string, receipts: string, z: string | null];

export function RegisterReport({ shift }: { shift: ShiftView }) {
  const register = shift.register;
  if (!register) return null;
  const z = register.z_report;
  const money = (n: number) => formatRoubles(n);
  const kinoSold = shift.sales.cash!.count + shift.sales.card!.count;
  const rows: Row[] = [
    ['Чеков (приход и возврат)', '—', String(register.receipts), z ? String(z.receipts) : null],
    [
      'Продажи наличными',
      money(shift.sales.cash!.amount),
      money(register.totals.sell.cash),
      z ? money(z.totals.sell.cash) : null,
    ],
    [
      'Продажи безналичные',
      money(shift.sales.card!.amount),
      money(register.totals.sell.electronically),
      z ? money(z.totals.sell.electronically) : null,
    ],
    [
      'Возвраты наличными',
      money(shift.refunds.cash!.amount),
      money(register.totals.sell_return.cash),
      z ? money(z.totals.sell_return.cash) : null,
    ],
    [
      'Возвраты безналичные',
      money(shift.refunds.card!.amount),
      money(register.totals.sell_return.electronically),
      z ? money(z.totals.sell_return.electronically) : null,
    ],
  ];
  return (
    <section className={styles.section} aria-labelledby="register-report-title">
      <h2 id="register-report-title">Касса (ККТ): смена №{register.shift_number}</h2>
      <p className={styles.muted}>
        {z
          ? `Z-отчёт: ФД №${z.document_number}.`
          : register.expires_at
            ? `Смена кассы открыта до ${formatShortTime(register.expires_at)}; Z-отчёт снимается при закрытии.`
            : 'Смену кассы закрыла другая касса: Z-отчёт — в её смене.'}{' '}
        Билетов продано в Kino за наличные и картой: {kinoSold}.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Показатель</th>
            <th scope="col" className={styles.numeric}>
              Kino
            </th>
            <th scope="col" className={styles.numeric}>
              Чеки Kino
            </th>
            {z && (
              <th scope="col" className={styles.numeric}>
                Z-отчёт
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, kino, receipts, zValue]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={styles.numeric}>{kino}</td>
              <td className={styles.numeric}>{receipts}</td>
              {z && <td className={styles.numeric}>{zValue}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
